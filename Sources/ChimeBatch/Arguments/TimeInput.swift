#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Chime

/// Reading the instants people type (`--after`, `--anchor`, `--now`, `--from`, `--until`, batch
/// `after` and `anchor`):
///
/// - RFC 3339 with `Z` or an offset: `2026-03-08T07:00:00Z`, `2026-03-08T03:00:00.25-04:00`;
/// - a local date-time with `T` or a space, seconds optional: `2026-03-08T09:00`, `2026-03-08 09:00:30`;
/// - a date alone, meaning its midnight: `2026-03-08`;
/// - `now` (the current second: defaults never carry nanoseconds);
/// - `@EPOCH`: seconds since 1970-01-01T00:00:00Z, `@1772953200`.
///
/// Local forms are read in the command's zone: a wall time in a DST gap or overlap goes through
/// the gap/overlap policy (by default: a skipped time is read with the offset before the gap, so
/// 02:30 becomes 03:30 — RFC 5545's and Temporal's "compatible" reading; a repeated time is the
/// earlier instant), and the reading comes with a note saying what was adjusted.
package enum TimeInput {
    /// A parsed instant and, when a local time had to be adjusted, a sentence saying how.
    package struct Reading {
        package let instant: Instant
        package let note: String?
    }

    /// The forms the error messages list.
    package static let forms = "RFC 3339 (2026-03-08T07:00:00Z, 2026-03-08T02:00:00-05:00), a local date-time (2026-03-08T09:00 or '2026-03-08 09:00'), a date (2026-03-08, midnight), 'now' or @EPOCH seconds"

    /// The current instant, whole seconds.
    package static func now() -> Instant { Instant(seconds: Instant.now().seconds) }

    /// `now`, `@EPOCH` or RFC 3339; nil for anything else (perhaps a local time). Errors only for
    /// text that is clearly one of these forms but wrong (`@x`, `2026-02-30T00:00:00Z`).
    package static func absolute(_ text: String) throws(TimeError) -> Instant? {
        do {
            if case .instant(let instant) = try TimeText.parse(text, now: now) { return instant }
            return nil
        } catch {
            if case .malformedInstant = error { return nil }
            throw error
        }
    }

    /// The local date-time `text` stands for (a date alone is its midnight), or nil if it is not one.
    package static func local(_ text: String) throws(TimeError) -> CivilDateTime? {
        do {
            if case .local(let local) = try TimeText.parse(text, now: now) { return local }
            return nil
        } catch {
            if case .malformedInstant = error { return nil }
            throw error
        }
    }

    /// Reads `text` (named `name` in messages), local forms in `zone`.
    package static func read(_ text: String, name: String, zone: ZoneRules?, gap: GapPolicy? = nil,
                     overlap: OverlapPolicy? = nil) throws(BatchError) -> Reading {
        do {
            if let instant = try absolute(text) { return Reading(instant: instant, note: nil) }
            guard let local = try local(text) else {
                throw BatchError(code: "malformedInstant", message: "\(name): '\(text)' is not an instant; use \(forms)")
            }
            guard let zone else {
                throw BatchError(code: "malformedInstant", message: "\(name): '\(text)' has no offset and there is no zone to read it in; add Z or an offset")
            }
            return try resolve(local, text: text, name: name, in: zone, gap: gap, overlap: overlap)
        } catch let error as TimeError {
            throw BatchError(error)
        } catch let error as BatchError {
            throw error
        } catch {
            throw BatchError(code: "malformedInstant", message: "\(name): '\(text)' is not an instant")
        }
    }

    /// How a local time typed as an instant (`--after 02:30`, batch `"after"`) is read when no policy
    /// is given: a skipped one with the offset before the gap (`shift`: 02:30 on 2026-03-08 in
    /// America/New_York is 03:30 EDT = 07:30:00Z), a repeated one as its first pass (`first`).
    package static let defaultGapPolicy = GapPolicy.shift
    package static let defaultOverlapPolicy = OverlapPolicy.first

    /// A wall time in `zone` through the gap and overlap policies (`ZoneRules.resolve(_:gap:overlap:)`);
    /// `skip` reads as `nextValid` and `both` as `first`: an instant option needs one instant.
    package static func resolve(_ local: CivilDateTime, text: String, name: String, in zone: ZoneRules,
                        gap: GapPolicy?, overlap: OverlapPolicy?) throws(BatchError) -> Reading {
        let gapPolicy: GapPolicy = gap == .skip ? .nextValid : gap ?? defaultGapPolicy
        let overlapPolicy: OverlapPolicy = overlap == .both ? .first : overlap ?? defaultOverlapPolicy
        guard let fire = zone.resolve(local, gap: gapPolicy, overlap: overlapPolicy).first else {
            throw BatchError(code: "wallTimeSkipped", message: "\(name) \(local) does not exist in \(zone.identifier): the clocks skip it (DST gap; gap policy reject)")
        }
        let shown = "\(fire.instant.iso8601(offsetSeconds: Int(fire.offset))) \(fire.abbreviation) (\(fire.instant))"
        switch fire.adjustment {
        case .exact:
            return Reading(instant: fire.instant, note: nil)
        case .overlapFirst, .overlapLast:
            let which = fire.adjustment == .overlapLast ? "the later" : "the earlier"
            return Reading(instant: fire.instant, note: "\(name) \(local) happens twice in \(zone.identifier) (clocks fall back); read as \(which): \(shown)")
        default:
            let how = switch fire.adjustment {
            case .gapShiftedBackward: "moved back by the gap"
            case .gapNextTime: "the first instant after the gap"
            default: "moved forward by the gap"
            }
            return Reading(instant: fire.instant, note: "\(name) \(local) does not exist in \(zone.identifier) (DST gap); read as \(shown), \(how)")
        }
    }

}
