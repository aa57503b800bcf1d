import Foundation
@testable import Chime

/// A class of Foundation `nextDate` bug that Chime deliberately does not copy
/// (FoundationSemantics.md §4). The parity test explains a difference only through one of these,
/// and only after checking, with Foundation's own `Calendar.dateComponents`, that Chime's answer
/// is a genuine match Foundation missed (or that Foundation's answer is no match at all); each
/// class has a named test in `FoundationDivergenceTests` that shows both answers.
struct FoundationDivergence: Sendable {
    typealias Answer = (seconds: Int64, nanoseconds: Int32, adjustment: FireAdjustment)
    typealias FoundationAnswer = (seconds: Int64, nanoseconds: Int32)
    /// The `FoundationDivergenceTests` test that shows this class.
    let test: String
    let applies: @Sendable (_ c: FoundationCase, _ chime: Answer?, _ foundation: FoundationAnswer?) -> Bool

    /// The first class that explains the difference, if any.
    static func explaining(_ c: FoundationCase, chime: Answer?, foundation: FoundationAnswer?) -> FoundationDivergence? {
        all.first { $0.applies(c, chime, foundation) }
    }

    static let all: [FoundationDivergence] = [
        subMinuteOffset, backwardWeekSearchReturnsNil, yearPatternGivesUpInsideYear, weekPatternReturnsNonMatch, weekPatternSkipsMatch,
        nanosecondRounding, partialHourGapSkipsDay, backwardMissingDaySkipsMonths, backwardMonthMisanchors,
        backwardLandsOnDayEnd, backwardDaySearchSkipsMatch, returnsNilDespiteMatch, missesMatchAtOffsetChange,
    ]

    static var weekFields: Set<String> { ["weekday", "weekdayOrdinal", "weekOfMonth", "weekOfYear", "yearForWeekOfYear"] }

    static func hasWeekFields(_ c: FoundationCase) -> Bool {
        c.weekdayOrdinal != nil || c.weekOfMonth != nil || c.weekOfYear != nil || c.yearForWeekOfYear != nil
    }

    /// Chime fired without any adjustment at an instant that Foundation itself reads as matching
    /// every given component, with the time fields below a given day/hour/minute/second at zero
    /// (Foundation's rule: `{day: 1, minute: 30}` is 00:30, `{weekday: 2}` is 00:00:00), strictly on
    /// the searched side of the start.
    static func isVerifiedMatch(_ c: FoundationCase, _ answer: Answer?) -> Bool {
        guard let answer else { return false }
        // With the hour free (`{second: 8}`), both passes through a repeated hour are matches.
        let hourFreeOverlap = c.hour == nil && (answer.adjustment == .overlapFirst || answer.adjustment == .overlapLast)
        return (answer.adjustment == .exact || hourFreeOverlap) && isMatch(c, (answer.seconds, answer.nanoseconds))
    }

    /// Whether an instant matches the case by Foundation's own reading: every given component, the
    /// time fields below a given day/hour/minute/second at zero, nanoseconds zero unless given, and
    /// strictly on the searched side of the start.
    static func isMatch(_ c: FoundationCase, _ answer: FoundationAnswer) -> Bool {
        guard FoundationOracle.mismatches(c, seconds: answer.seconds, nanoseconds: answer.nanoseconds).isEmpty,
              !FoundationOracle.isOutOfOrder(c, seconds: answer.seconds, nanoseconds: answer.nanoseconds),
              let calendar = FoundationOracle.calendar(for: c) else { return false }
        let read = calendar.dateComponents([.hour, .minute, .second], from: FoundationOracle.date(answer.seconds, answer.nanoseconds))
        let fields: [(given: Int?, read: Int?)] = [(c.hour, read.hour), (c.minute, read.minute), (c.second, read.second)]
        // A date-only pattern means 00:00:00; a nanosecond alone leaves hour, minute and second free.
        var truncated = c.day != nil || (c.hour == nil && c.minute == nil && c.second == nil && c.nanosecond == nil)
        for field in fields {
            if field.given != nil { truncated = true } else if truncated && field.read != 0 { return false }
        }
        return c.nanosecond != nil || answer.nanoseconds == 0
    }

    /// The zone's UTC offset (Foundation's `TimeZone`) a day before and a day after an instant:
    /// different when an offset change lies within a day of it.
    static func offsetsAround(_ c: FoundationCase, _ answer: FoundationAnswer) -> (before: Int, after: Int)? {
        guard let zone = FoundationOracle.calendar(for: c)?.timeZone else { return nil }
        let at = FoundationOracle.date(answer.seconds, answer.nanoseconds)
        return (zone.secondsFromGMT(for: at.addingTimeInterval(-86_400)), zone.secondsFromGMT(for: at.addingTimeInterval(86_400)))
    }

    /// Whether `a` is strictly closer to the start than `b` in the search direction.
    static func isCloser(_ c: FoundationCase, _ a: Answer, than b: FoundationAnswer) -> Bool {
        let lhs = (a.seconds, a.nanoseconds), rhs = (b.seconds, b.nanoseconds)
        return c.direction == "backward" ? lhs > rhs : lhs < rhs
    }

    /// Q7: backward searches on weekday ordinals and week numbers give up (nil) although a match exists.
    static let backwardWeekSearchReturnsNil = FoundationDivergence(test: "foundationBackwardOrdinalReturnsNil") { c, chime, foundation in
        c.direction == "backward" && foundation == nil && hasWeekFields(c) && isVerifiedMatch(c, chime)
    }

    /// Q8: a pattern with a fixed year or week-year gives up (nil) although a match in that year
    /// exists, answers with a date in another year, or — once the year's only match has passed —
    /// answers with a date that matches nothing although no day is missing.
    static let yearPatternGivesUpInsideYear = FoundationDivergence(test: "foundationYearPatternGivesUpInsideYear") { c, chime, foundation in
        guard c.year != nil || c.yearForWeekOfYear != nil else { return false }
        if let foundation {
            let wrong = FoundationOracle.mismatches(c, seconds: foundation.seconds, nanoseconds: foundation.nanoseconds)
            let wrongYear = wrong.contains { $0 == "year" || $0 == "yearForWeekOfYear" }
            if wrongYear { return chime == nil || isVerifiedMatch(c, chime) || isInWantedYear(c, chime) }
            // `{year: 2000, month: 1, day: 3}` after that day: Foundation answers Feb 1, a day that
            // matches nothing — not a stand-in, since January 3rd exists. Chime: no more fires.
            guard chime == nil, let year = c.year, let month = c.month, let day = c.day, wrong.contains(where: { $0 == "month" || $0 == "day" }),
                  let calendar = FoundationOracle.calendar(for: c),
                  let first = calendar.date(from: DateComponents(year: year, month: month, day: 1)),
                  let days = calendar.range(of: .day, in: .month, for: first) else { return false }
            return days.contains(day)
        }
        return isVerifiedMatch(c, chime)
    }

    /// Q6: weekday-ordinal, week-of-month and week-year patterns answered with a date whose weekday
    /// or week fields do not match (typically March 1 from February, §3.5) — Foundation never
    /// approximates these fields (its own rule: "skip to the next period that has them") — or, away
    /// from offset changes, at a time of day its own reading of the pattern excludes. Chime answers
    /// with the first verified match, or nil when there is none.
    static let weekPatternReturnsNonMatch = FoundationDivergence(test: "foundationFebruaryOrdinalReturnsMarchFirst") { c, chime, foundation in
        guard hasWeekFields(c), c.day == nil, let foundation, chime == nil || isVerifiedMatch(c, chime) else { return false }
        let wrong = FoundationOracle.mismatches(c, seconds: foundation.seconds, nanoseconds: foundation.nanoseconds)
        if wrong.contains(where: weekFields.contains) { return true }
        // Otherwise only a wrong time of day (backward `{yearForWeekOfYear: Y}` answers the week-year's
        // last second), away from any offset change, where it could be a DST approximation.
        guard !isMatch(c, foundation), let offsets = offsetsAround(c, foundation) else { return false }
        return offsets.before == offsets.after
    }

    /// Q7: week-field searches that pass over a match (backward ones land on the week's first
    /// day or in an earlier month; backward weekday searches with a free hour return the day's
    /// first hour): Chime's verified match lies between the start and Foundation's answer.
    static let weekPatternSkipsMatch = FoundationDivergence(test: "foundationWeekSearchSkipsMatch") { c, chime, foundation in
        guard hasWeekFields(c) || (c.weekday != nil && c.direction == "backward"), let chime, isVerifiedMatch(c, chime) else { return false }
        return foundation.map { isCloser(c, chime, than: $0) } ?? true
    }

    /// Q12: with a `nanosecond` component Foundation's `Date` (a Double) loses the ordering: its
    /// answer lies on the wrong side of the start, or it passes over matches. Chime's answer is a
    /// verified match closer to the start (or Foundation's is out of order).
    static let nanosecondRounding = FoundationDivergence(test: "foundationNanosecondRounding") { c, chime, foundation in
        guard c.nanosecond != nil, let chime, isVerifiedMatch(c, chime) else { return false }
        guard let foundation else { return true }
        return FoundationOracle.isOutOfOrder(c, seconds: foundation.seconds, nanoseconds: foundation.nanoseconds)
            || isCloser(c, chime, than: foundation)
    }

    /// Q9: a DST gap that does not remove a whole hour of the clock (Lord Howe's 02:00→02:30, and
    /// many pre-1970 offset changes of 15–45 minutes): Foundation adjusts only gaps that skip an
    /// hour number, so for a wall time inside a shorter gap it silently drops the day. Chime applies
    /// the matching policy to every gap. Checked: the wanted wall time on Chime's day does not exist
    /// (Foundation's own `date(from:)` moves it), and Foundation's answer is later.
    static let partialHourGapSkipsDay = FoundationDivergence(test: "foundationHalfHourTransitions") { c, chime, foundation in
        guard let chime, [.gapNextTime, .gapShiftedForward, .gapShiftedBackward].contains(chime.adjustment),
              let calendar = FoundationOracle.calendar(for: c) else { return false }
        if let foundation, !isCloser(c, chime, than: foundation) { return false }
        // The wall date of the fire, and the wanted time on it.
        let fire = FoundationOracle.date(chime.seconds, chime.nanoseconds)
        var wanted = calendar.dateComponents([.year, .month, .day], from: chime.adjustment == .gapShiftedBackward
                                             ? fire.addingTimeInterval(3600) : fire)
        wanted.hour = c.hour ?? 0; wanted.minute = c.minute ?? 0; wanted.second = c.second ?? 0
        guard let resolved = calendar.date(from: wanted) else { return false }
        let back = calendar.dateComponents([.hour, .minute, .second], from: resolved)
        let isSkipped = back.hour != wanted.hour || back.minute != wanted.minute || back.second != wanted.second
        // The gap around the wanted time, from Foundation's zone: its length is not a whole hour.
        let zone = calendar.timeZone
        let before = zone.secondsFromGMT(for: resolved.addingTimeInterval(-86_400 * 0 - 7_200))
        let after = zone.secondsFromGMT(for: resolved)
        return isSkipped && (after - before) % 3600 != 0
    }

    /// Q14: where the zone's offset has a seconds part (local mean time, e.g. Africa/Lagos
    /// +00:13:35 until 1914), Foundation aligns minutes and seconds to UTC rather than to the wall
    /// clock, so its answers fire at :35 past the wanted local minute. Chime keeps wall-clock
    /// fields; its answer is a verified match (or nil with Foundation's answer not matching).
    static let subMinuteOffset = FoundationDivergence(test: "foundationSubMinuteOffsets") { c, chime, foundation in
        let atSubMinuteOffset = [chime.map { $0.seconds }, foundation?.seconds].contains { seconds in
            seconds.map { FoundationOracle.hasSubMinuteOffset(zone: c.zone, at: $0) } ?? false
        }
        guard atSubMinuteOffset else { return false }
        if let chime { return isVerifiedMatch(c, chime) || chime.adjustment != .exact }
        return foundation.map { !FoundationOracle.mismatches(c, seconds: $0.seconds, nanoseconds: $0.nanoseconds).isEmpty } ?? false
    }

    /// An approximation (missing day, DST gap) that Chime placed in the pattern's fixed year.
    static func isInWantedYear(_ c: FoundationCase, _ answer: Answer?) -> Bool {
        guard let answer, let year = c.year, let calendar = FoundationOracle.calendar(for: c) else { return false }
        return calendar.component(.year, from: FoundationOracle.date(answer.seconds, answer.nanoseconds)) == year
    }

    /// Q11: searching backward for a day of the month that some months lack (29–31), Foundation
    /// passes over the nearest month without it and answers a year or more further back (Isle of
    /// Man `{day: 31}` before 2046-10-29: 1970-09-30). Checked: Chime's stand-in is the last day of
    /// (or the day after) a month that lacks the wanted day, as Foundation's calendar counts days,
    /// and lies between Foundation's answer and the start.
    static let backwardMissingDaySkipsMonths = FoundationDivergence(test: "foundationBackwardMissingDaySkipsMonths") { c, chime, foundation in
        guard c.direction == "backward", let wanted = c.day, let chime, let foundation, isCloser(c, chime, than: foundation),
              [.missingDayNextTime, .missingDayNextTimePreservingSmallerComponents, .missingDayPreviousTimePreservingSmallerComponents]
                .contains(chime.adjustment),
              let calendar = FoundationOracle.calendar(for: c) else { return false }
        var fire = FoundationOracle.date(chime.seconds, chime.nanoseconds)
        if chime.adjustment != .missingDayPreviousTimePreservingSmallerComponents {
            fire = calendar.date(byAdding: .day, value: -1, to: fire) ?? fire      // back into the month that lacks the day
        }
        guard let days = calendar.range(of: .day, in: .month, for: fire) else { return false }
        return days.count < wanted && (c.month == nil || calendar.component(.month, from: fire) == c.month)
    }

    /// The local calendar date (year, month, day) of an instant, as Foundation reads it.
    static func localDate(_ c: FoundationCase, _ seconds: Int64, _ nanoseconds: Int32 = 0) -> DateComponents? {
        FoundationOracle.calendar(for: c)?.dateComponents([.year, .month, .day, .hour, .minute, .second],
                                                          from: FoundationOracle.date(seconds, nanoseconds))
    }

    /// Q5: backward `{month: M}` (with a year or a time, without a day) lands on day 2–5 of the
    /// month, or on Dec 31 23:59:59, instead of the month's start — which is where a forward search
    /// lands and what Foundation's own pinning of the unset day to its minimum means. Chime's
    /// answer: a verified match on day 1 of the same month.
    static let backwardMonthMisanchors = FoundationDivergence(test: "foundationBackwardMonthMisanchors") { c, chime, foundation in
        guard c.direction == "backward", c.month != nil, c.day == nil, c.dayOfYear == nil, c.weekday == nil, !hasWeekFields(c),
              let chime, let foundation, isVerifiedMatch(c, chime),
              let ours = localDate(c, chime.seconds), let theirs = localDate(c, foundation.seconds, foundation.nanoseconds)
        else { return false }
        return ours.day == 1 && ours.year == theirs.year && ours.month == theirs.month && theirs.day != 1
    }

    /// Q7: near offset changes, backward searches for a date-only pattern (`{weekday: 1}`,
    /// `{yearForWeekOfYear: Y}`, `{dayOfYear: N}`) answer the last second (23:59:59) of the matching
    /// day instead of its start — not a match of Foundation's own rule that the unset time is 00:00:00.
    /// Checked: Chime's verified match is the start of that same day.
    static let backwardLandsOnDayEnd = FoundationDivergence(test: "foundationBackwardLandsOnDayEnd") { c, chime, foundation in
        guard c.direction == "backward", c.hour == nil, c.minute == nil, c.second == nil,
              let chime, let foundation, isVerifiedMatch(c, chime),
              let ours = localDate(c, chime.seconds), let theirs = localDate(c, foundation.seconds, foundation.nanoseconds)
        else { return false }
        return ours.year == theirs.year && ours.month == theirs.month && ours.day == theirs.day
            && theirs.hour == 23 && theirs.minute == 59 && theirs.second == 59
    }

    /// Q11: backward day-of-month and day-of-year searches that pass over months or years of
    /// matches (Samara `{day: 30}` before 2009-10-25 → 1995-09-29). Checked: Chime's answer is a
    /// verified match on another day than the start's (so not one Foundation's start-day rule
    /// excludes), between Foundation's answer and the start.
    static let backwardDaySearchSkipsMatch = FoundationDivergence(test: "foundationBackwardDaySearchSkipsMatch") { c, chime, foundation in
        guard c.direction == "backward", c.day != nil || c.dayOfYear != nil, let chime, isVerifiedMatch(c, chime),
              let ours = localDate(c, chime.seconds), let start = localDate(c, c.startSeconds, c.startNanoseconds)
        else { return false }
        let sameDay = ours.year == start.year && ours.month == start.month && ours.day == start.day
        return !sameDay && (foundation.map { isCloser(c, chime, than: $0) } ?? true)
    }

    /// Foundation answers nil ("no match") for a pattern Chime finds a verified match for — seen for
    /// hourly and day-of-year patterns next to offset changes (Glace Bay `{minute: 0, second: 37}`
    /// backward from 2098-11-02T09:38:10Z; the 09:00:37Z match is 33 minutes earlier).
    static let returnsNilDespiteMatch = FoundationDivergence(test: "foundationReturnsNilDespiteMatch") { c, chime, foundation in
        foundation == nil && isVerifiedMatch(c, chime)
    }

    /// Q9/Q15: within a day of an offset change, Foundation passes over a match or answers a
    /// non-match: 30- and 45-minute gaps and overlaps (Pyongyang 2015-08-15, Nairobi 1930), wall
    /// times just after a partial-hour gap, and a repeated wall time whose overlap is not a whole
    /// hour (Foundation assumes one-hour transitions). Checked: the zone's offset (Foundation's
    /// `TimeZone`) changes within a day of Chime's answer; Chime's answer has the wanted fields as
    /// Foundation reads them (exactly, or as one pass of a repeated wall time that is not an hour
    /// long); and Foundation's answer is nil, further from the start, or — where the clock went
    /// back, so that no approximation applies — no match.
    static let missesMatchAtOffsetChange = FoundationDivergence(test: "foundationHalfHourTransitions") { c, chime, foundation in
        guard let chime, let (before, after) = offsetsAround(c, (chime.seconds, chime.nanoseconds)), before != after else { return false }
        let isOverlapPass = (chime.adjustment == .overlapFirst || chime.adjustment == .overlapLast)
            && (before - after) % 3600 != 0 && isMatch(c, (chime.seconds, chime.nanoseconds))
        guard isVerifiedMatch(c, chime) || isOverlapPass else { return false }
        guard let foundation else { return true }
        // A non-matching Foundation answer is an approximation, not a bug, next to a gap; only
        // where the clock goes back (nothing is skipped) can it be simply wrong.
        return isCloser(c, chime, than: foundation) || (before > after && !isMatch(c, foundation))
    }
}
