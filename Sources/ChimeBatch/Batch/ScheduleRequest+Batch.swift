import Chime
import ChimeJSON

/// A `chime batch` line is a `ScheduleRequest` of `Kind.batch`; what batch adds is how its zone
/// and anchor are resolved into `BatchError`s (the codes and words docs/contract.md gives).
extension ScheduleRequest.ID {
    /// The id as an answer echoes it: a string or an integer, as given.
    package var json: JSON {
        switch self {
        case .string(let text): .string(text)
        case .integer(let number): .int(number)
        }
    }
}

extension ScheduleRequest {
    /// The zone to answer in: the request's, or the one the trigger's expression names. Both
    /// given must agree (the same zone once resolved); else an error with code `zoneConflict`.
    func zoneRules(in database: ZoneDatabase) throws(BatchError) -> (rules: ZoneRules, requested: String) {
        do {
            return try trigger.zone(given: zone, in: database)
        } catch let ScheduleError.zoneConflict(given, named) {
            throw BatchError(code: "zoneConflict", message: "the request's zone \(given) differs from the zone the expression names, \(named): give one")
        } catch let error as ZoneError {
            throw BatchError(error)
        } catch {
            throw BatchError(code: "unknownZone", message: BatchError.describe(error))
        }
    }

    /// The trigger with its interval anchored (`Anchor`): at `after` when none was given, a
    /// local time or `now` read as `TimeInput` reads it, in `zone`.
    func anchoredTrigger(after: Instant, zone: ZoneRules) throws(BatchError) -> Trigger {
        do {
            return try anchoredTrigger(start: after) { text in try TimeInput.read(text, name: "anchor", zone: zone).instant }
        } catch let error as BatchError {
            throw error
        } catch {
            throw BatchError(code: "invalidTrigger", message: BatchError.describe(error))
        }
    }
}
