/// JSON: `{"match": "time", "time": "02:30:00"}`, with `"weekday"` (1–7 or a name),
/// `"day"` and `"month"` as `match` needs them; after a drift the stored wall time comes along as
/// `"scheduled": {"time": "03:30:00", …}` (docs/profiles.md).
extension FlutterAndroidTrigger: Codable {
    private enum Keys: String, CodingKey, CaseIterable { case match, time, weekday, day, month, scheduled }

    /// Reads `{"match", "time", "weekday"?, "day"?, "month"?, "scheduled"?}` (docs/profiles.md),
    /// checking the fields as the initializer does.
    public init(from decoder: Decoder) throws {
        try UnknownFieldError.check(decoder, Keys.self)
        let c = try decoder.container(keyedBy: Keys.self)
        let matchText = try c.decodeIfPresent(String.self, forKey: .match) ?? "time"
        guard let match = Match(rawValue: matchText) else {
            throw TriggerError.unknownName(field: "match", value: matchText, allowed: Match.allCases.map(\.rawValue))
        }
        let requested = try Self.fields(c, match: match)
        let base = try FlutterAndroidTrigger(match: match, hour: requested.hour, minute: requested.minute, second: requested.second,
                                             nanosecond: requested.nanosecond, weekday: requested.weekday, day: requested.day, month: requested.month)
        if c.contains(.scheduled) {
            let scheduled = try Self.fields(try c.nestedContainer(keyedBy: Keys.self, forKey: .scheduled), match: match)
            self.init(match: match, requested: base.requested, scheduled: scheduled)
        } else {
            self = base
        }
    }

    /// Writes `match`, the requested fields, and `scheduled` when a fire has moved the stored wall
    /// time.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(match.rawValue, forKey: .match)
        try Self.encode(requested, into: &c)
        if hasDrifted {
            var s = c.nestedContainer(keyedBy: Keys.self, forKey: .scheduled)
            try Self.encode(scheduled, into: &s)
        }
    }

    private static func fields(_ c: KeyedDecodingContainer<Keys>, match: Match) throws -> WallFields {
        let text = try c.decode(String.self, forKey: .time)
        guard let (hour, minute, second) = ISO8601Format.parseTimeOfDay(text) else {
            throw TriggerError.invalidProfile("time '\(text)' is not HH:MM or HH:MM:SS")
        }
        var weekday: Weekday?
        if let number = try? c.decodeIfPresent(Int.self, forKey: .weekday) {
            guard let day = Weekday(rawValue: number) else { throw TriggerError.invalidComponent(name: "weekday", value: number, allowed: "1–7") }
            weekday = day
        } else if let name = try c.decodeIfPresent(String.self, forKey: .weekday) {
            weekday = try Weekday(name: name)
        }
        return WallFields(hour: hour, minute: minute, second: second, weekday: match == .dayOfWeekAndTime ? weekday : nil,
                          day: match == .dayOfMonthAndTime || match == .dateAndTime ? try c.decodeIfPresent(Int.self, forKey: .day) : nil,
                          month: match == .dateAndTime ? try c.decodeIfPresent(Int.self, forKey: .month) : nil)
    }

    private static func encode(_ fields: WallFields, into c: inout KeyedEncodingContainer<Keys>) throws {
        try c.encode(fields.time, forKey: .time)
        try c.encodeIfPresent(fields.weekday?.rawValue, forKey: .weekday)
        try c.encodeIfPresent(fields.day, forKey: .day)
        try c.encodeIfPresent(fields.month, forKey: .month)
    }
}
