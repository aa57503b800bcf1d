import Chime

/// A trigger as Chime understood it, in the request shape of docs/contract.md (defaults filled
/// in): what `next --json` echoes, so a caller can see how its flags were read.
package enum TriggerJSON {
    package static func describe(_ trigger: Trigger) -> JSON {
        switch trigger {
        case .calendar(let t):
            var fields: [(String, JSON)] = [
                ("components", .object(t.components.named.compactMap { item in item.value.map { (item.name, JSON.int($0)) } })),
                ("matchingPolicy", .string(t.matchingPolicy.rawValue)),
                ("repeatedTimePolicy", .string(t.repeatedTimePolicy.rawValue)),
                ("direction", .string(t.direction.rawValue)),
                ("repeats", .bool(t.repeats)),
                ("firstWeekday", .int(t.weekRules.firstWeekday)),
                ("minimumDaysInFirstWeek", .int(t.weekRules.minimumDaysInFirstWeek)),
            ]
            if let gap = t.gapPolicy { fields.append(("gap", .string(gap.rawValue))) }
            if let overlap = t.overlapPolicy { fields.append(("overlap", .string(overlap.rawValue))) }
            fields.append(("semantics", .string(t.semantics.rawValue)))
            return .object([("calendar", .object(fields))])
        case .interval(let t):
            let seconds: JSON = t.interval.nanoseconds % 1_000_000_000 == 0
                ? .int(t.interval.nanoseconds / 1_000_000_000) : .string(t.interval.description)
            var fields: [(String, JSON)] = [("seconds", seconds), ("repeats", .bool(t.repeats)), ("anchor", .string(t.anchor.utcString))]
            if t.reportsWallClockDrift { fields.append(("reportDrift", .bool(true))) }
            return .object([("interval", .object(fields))])
        case .weekly(let t):
            var fields: [(String, JSON)] = [("weekdays", .array(t.weekdays.map { .int($0.rawValue) })), ("time", .string(t.time))]
            if let gap = t.gapPolicy { fields.append(("gap", .string(gap.rawValue))) }
            if let overlap = t.overlapPolicy { fields.append(("overlap", .string(overlap.rawValue))) }
            fields.append(("semantics", .string(t.semantics.rawValue)))
            return .object([("weekly", .object(fields))])
        case .onCalendar(let t):
            var fields: [(String, JSON)] = [("expression", .string(t.expression)), ("normalized", .string(t.normalized))]
            if let zone = t.zoneIdentifier { fields.append(("zone", .string(zone))) }
            if let gap = t.gapPolicy { fields.append(("gap", .string(gap.rawValue))) }
            if let overlap = t.overlapPolicy { fields.append(("overlap", .string(overlap.rawValue))) }
            return .object([("onCalendar", .object(fields))])
        case .cron(let t):
            var fields: [(String, JSON)] = [("expression", .string(t.expression.text)), ("flavor", .string(t.flavor.rawValue)),
                                            ("direction", .string(t.direction.rawValue))]
            if let gap = t.gapPolicy { fields.append(("gap", .string(gap.rawValue))) }
            if let overlap = t.overlapPolicy { fields.append(("overlap", .string(overlap.rawValue))) }
            if let hashId = t.hashId { fields.append(("hashId", .string(hashId))) }
            if let zone = t.zoneIdentifier { fields.append(("zone", .string(zone))) }
            fields.append(("fields", .string(t.expression.normalized)))
            return .object([("cron", .object(fields))])
        case .flutterAndroid(let t):
            func wall(_ f: FlutterAndroidTrigger.WallFields) -> [(String, JSON)] {
                var fields: [(String, JSON)] = [("time", .string(f.time))]
                if let weekday = f.weekday { fields.append(("weekday", .int(weekday.rawValue))) }
                if let day = f.day { fields.append(("day", .int(day))) }
                if let month = f.month { fields.append(("month", .int(month))) }
                return fields
            }
            var fields: [(String, JSON)] = [("match", .string(t.match.rawValue))] + wall(t.requested)
            if t.hasDrifted { fields.append(("scheduled", .object(wall(t.scheduled)))) }
            return .object([("flutterAndroid", .object(fields))])
        case .rrule(let t):
            var fields: [(String, JSON)] = [("text", .string(t.normalized)), ("dtstart", .string(t.dtstartMode.rawValue))]
            if let gap = t.gapPolicy { fields.append(("gap", .string(gap.rawValue))) }
            if let overlap = t.overlapPolicy { fields.append(("overlap", .string(overlap.rawValue))) }
            if let zone = t.zoneIdentifier { fields.append(("zone", .string(zone))) }
            if let rule = t.rule { fields.append(("rule", .string(rule.text))) }
            return .object([("rrule", .object(fields))])
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
