extension ZoneRules {
    /// Rules a definition gives in full: the type before the first transition, the transitions
    /// (ascending), and the annual rule that follows the last of them (nil: the last type
    /// forever). The iCalendar reader (`VTimeZone`) builds a VTIMEZONE's zone through here, so it
    /// shares the representation (and the 400-year cycle of a rule) with TZif, ICU and POSIX rules.
    ///
    /// Throws `ZoneError.malformedTZif` naming `origin` for more than 256 distinct types or an
    /// absurd instant (more than 2^60 seconds from 1970).
    package static func defined(identifier: String, source: ZoneSource, initial: LocalTimeType,
                                transitions: [(seconds: Int64, type: LocalTimeType)], rule: RecurringRule?,
                                origin: String) throws(ZoneError) -> ZoneRules {
        let table = try TransitionTableBuilder.build(initial: initial, transitions: transitions,
                                                     footer: rule.map { .recurring($0) }, origin: origin)
        return ZoneRules(identifier: identifier, source: source, version: nil, table: table)
    }
}
