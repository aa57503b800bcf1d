extension RRuleTrigger {
    /// An RFC 7529 rule's shape in English, naming its calendar: the time of day and, for a
    /// YEARLY rule on one day of one month or a MONTHLY rule on one day, the day in the
    /// calendar's own month names (ICU's): "at 09:00 on 1 Tishri every year (Hebrew calendar)";
    /// other shapes say the rule ("as RRULE:… says (Chinese calendar)"). SKIP's moves are named.
    func rscaleWords(_ rule: RRule, _ e: RRuleExpansion<RScaleCalendar>) -> String {
        var note = e.calendar.displayName + " calendar"
        switch e.skip {
        case .omit: break
        case .backward: note += "; a missing date moves back, SKIP=BACKWARD"
        case .forward: note += "; a missing date moves forward, SKIP=FORWARD"
        }
        var time: String?
        if rule.frequency >= .daily, e.hours.count == 1, e.minutes.count == 1, e.seconds.count == 1 {
            let (h, m, s) = (Int(e.hours[0]), Int(e.minutes[0]), Int(e.seconds[0]))
            time = "at " + ISO8601Format.pad(h, 2) + ":" + ISO8601Format.pad(m, 2) + (s == 0 ? "" : ":" + ISO8601Format.pad(s, 2))
        }
        var day: String?
        if let time, e.direct, e.setPositions.isEmpty, e.monthDays.count == 1, e.monthDays[0] > 0 {
            if rule.frequency == .yearly, e.monthKeys.count == 1, let name = monthName(e, key: e.monthKeys[0]) {
                day = "\(time) on \(e.monthDays[0]) \(name) every year"
            } else if rule.frequency == .monthly, e.monthKeys.isEmpty {
                day = "\(time) on day \(e.monthDays[0]) of every month"
            }
        }
        return (day ?? "as RRULE:" + rule.text + " says") + " (" + note + ")"
    }

    /// ICU's name of month `key` (`RRuleMonth.key`) in the first year from DTSTART's that has it;
    /// a Chinese or Dangi leap month is "leap" and the name of the month it follows.
    private func monthName(_ e: RRuleExpansion<RScaleCalendar>, key: Int) -> String? {
        let number = key / 2, leap = key % 2 == 1
        let lunisolar = e.calendar.months == .lunisolar
        guard var y = e.calendar.year(containing: CivilArithmetic.floorDivMod(e.start, 86_400).quotient) else { return nil }
        for _ in 0..<200 {
            if let i = y.monthIndex(number: number, leap: leap && !lunisolar) {
                guard let name = e.calendar.monthName(day: y.months[i].firstDay) else { return nil }
                return leap && lunisolar ? "leap " + name : name
            }
            guard let next = e.calendar.year(y.number + 1) else { return nil }
            y = next
        }
        return nil
    }
}
