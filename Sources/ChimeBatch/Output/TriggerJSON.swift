import Chime
import ChimeJSON

/// A trigger as Chime understood it, in the request shape of docs/contract.md (defaults filled
/// in, and for the dialects their normalized forms and named zones): what `next --json`,
/// `batch --explain` and `audit --json` echo, so a caller can see how its input was read. It is
/// the trigger's own `Codable` encoding (`JSONValueEncoder`), so it reads back as the same trigger.
package enum TriggerJSON {
    package static func describe(_ trigger: Trigger) -> JSON {
        do { return try JSONValueEncoder.encode(trigger) } catch {
            preconditionFailure("a trigger's encoding throws only for an encoder's own faults: \(error)")
        }
    }

    /// `"zone", "requested"?, "source", "version"`: which zone answered, from what data.
    package static func zoneFields(_ rules: ZoneRules, requested: String?) -> [(String, JSON)] {
        var fields: [(String, JSON)] = [("zone", .string(rules.identifier))]
        if let requested, requested != rules.identifier { fields.append(("requested", .string(requested))) }
        fields += [("source", .string(rules.source.rawValue)), ("version", .optional(rules.version))]
        return fields
    }
}
