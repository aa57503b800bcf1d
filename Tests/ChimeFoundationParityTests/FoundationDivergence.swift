import Foundation
@testable import Chime
@testable import ChimeTestSupport
@testable import ChimeTestCases
@testable import ChimeReference

/// A class of Foundation `nextDate` bug that Chime deliberately does not copy
/// (docs/apple-semantics.md §4). Since the reference verdict (`FoundationVerdict`), these classes
/// explain nothing by themselves: the parity test counts a difference as explained only when the
/// reference shows Foundation wrong and Chime right, and then uses the first class that applies
/// as a label for counting. Each class has a named test in `FoundationDivergenceTests` that shows
/// both answers.
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
        subMinuteOffset, backwardWeekSearchReturnsNil, yearPatternStopsAfterOneCandidate, yearPatternAnswersOutsideYear,
        yearPatternInventsMissingDay, weekPatternReturnsNonMatch, weekPatternSkipsMatch,
        nanosecondRounding, gapNotDetected, overlapNotDetected, skipsDayWithoutMidnight, backwardWeekLandsOnWeekEnd, backwardMissingDaySkipsMonths, backwardMonthMisanchors,
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
        // `gapSkipped` is an exact match found after a day whose wanted time did not exist.
        let exact = answer.adjustment == .exact || answer.adjustment == .gapSkipped
        return (exact || hourFreeOverlap) && isMatch(c, (answer.seconds, answer.nanoseconds))
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

    /// Q8: with a year (or week-year) given, Foundation's search moves by whole years: it tries the
    /// one candidate its field-by-field walk finds from the start, and when that is not after the
    /// start (a chained search, or a start inside the wanted hour or day) it moves past the year's
    /// end and gives up (nil) — `{year: 2027, hour: 9}` after 2027-03-01T08:00:00Z (09:00 CET) is
    /// nil though 03-02 09:00 exists. Checked: Foundation answers nil; Chime's answer lies in the
    /// wanted year and is a verified match, or a stand-in Foundation's own rules call for (a
    /// missing day's, next to a month that lacks the day; a skipped wall time's, where the zone's
    /// gap swallows the wanted time).
    static let yearPatternStopsAfterOneCandidate = FoundationDivergence(test: "foundationFixedYearStopsAfterOneCandidate") { c, chime, foundation in
        guard c.year != nil || c.yearForWeekOfYear != nil, foundation == nil, let chime, isInWantedYears(c, chime) else { return false }
        if isVerifiedMatch(c, chime) || standsInForMissingDay(c, chime) { return true }
        guard [.gapNextTime, .gapShiftedForward, .gapShiftedBackward].contains(chime.adjustment),
              let gap = nearestOffsetChange(c, chime.seconds), gap.wallClockChange > 0, isWantedTimeSkipped(c, by: gap) else { return false }
        return standIns(c, for: gap).contains(chime.seconds) || chime.seconds == gap.instant.seconds
    }

    /// Q8: with a year (or week-year) given, Foundation answers an instant outside that year —
    /// chained missing-day stand-ins run on into later years (`{year: 2027, month: 2, day: 30}`
    /// with nextTime: 2027-03-01, then 2028-03-01, 2029-03-01), backward ones land years later
    /// (`{year: 1920, month: 2, day: 30}` before 1925-03-13: 1925-02-28). Foundation's own
    /// calendar reads the answer (and the day either side of it, so no stand-in across the year's
    /// edge) as another year: no match, and no stand-in for one. Checked, too: Chime's answer is
    /// nil, a verified match, or a stand-in (missing day) in the wanted year.
    static let yearPatternAnswersOutsideYear = FoundationDivergence(test: "foundationYearPatternAnswersOutsideYear") { c, chime, foundation in
        guard c.year != nil || c.yearForWeekOfYear != nil, let foundation, let calendar = FoundationOracle.calendar(for: c) else { return false }
        let outside = [-86_400, 0, 86_400].allSatisfy { shift in
            let read = calendar.dateComponents([.year, .yearForWeekOfYear], from: FoundationOracle.date(foundation.seconds + Int64(shift), foundation.nanoseconds))
            return (c.year.map { $0 != read.year } ?? false) || (c.yearForWeekOfYear.map { $0 != read.yearForWeekOfYear } ?? false)
        }
        guard outside else { return false }
        guard let chime else { return true }
        return isInWantedYears(c, chime) && (isVerifiedMatch(c, chime) || standsInForMissingDay(c, chime))
    }

    /// Q8: with year, month and day all given, Foundation treats a day it walked past as a missing
    /// day and answers that "stand-in" although the day exists: `{year: 2000, month: 1, day: 3}`
    /// after 2000-01-18 answers Feb 1 00:00; backward, from the year's last second stepping back
    /// months of a fixed length, `{year: 2025, month: 9, day: 13}` before 2026-03-27 answers
    /// Oct 1 00:00; `{year: 2000, month: 2, day: 28, weekday: 4, …}` (Feb 28 2000 is a Monday)
    /// answers Wednesday Mar 1. Checked: the wanted date exists (Foundation's own `date(from:)`
    /// reads it back), Foundation's answer is not on it, and Chime's answer is a verified match,
    /// or nil where that date is behind the start (searching forward; ahead of it, backward) or
    /// does not have the other given fields (its weekday, by Foundation's reading).
    static let yearPatternInventsMissingDay = FoundationDivergence(test: "foundationYearPatternInventsMissingDay") { c, chime, foundation in
        guard let year = c.year, let month = c.month, let day = c.day, let foundation, !isMatch(c, foundation),
              let calendar = FoundationOracle.calendar(for: c),
              let wanted = calendar.date(from: DateComponents(year: year, month: month, day: day, hour: c.hour ?? 0, minute: c.minute ?? 0, second: c.second ?? 0))
        else { return false }
        let back = calendar.dateComponents([.year, .month, .day], from: wanted)
        guard back.year == year, back.month == month, back.day == day else { return false }     // the day exists
        let theirs = calendar.dateComponents([.year, .month, .day], from: FoundationOracle.date(foundation.seconds, foundation.nanoseconds))
        guard theirs.month != month || theirs.day != day || theirs.year != year else { return false }
        guard let chime else {
            let start = FoundationOracle.date(c.startSeconds, c.startNanoseconds)
            // The day's last instant (next day's start) is behind the start, or its first ahead of it.
            let dayStart = calendar.startOfDay(for: wanted)
            guard let dayEnd = calendar.date(byAdding: .day, value: 1, to: dayStart) else { return false }
            let split = FoundationOracle.split(wanted)
            if !FoundationOracle.mismatches(c, seconds: split.seconds, nanoseconds: split.nanoseconds).isEmpty { return true }
            return c.direction == "backward" ? dayStart > start : dayEnd <= start
        }
        return isVerifiedMatch(c, chime) || isFirstInstantOfDayWithoutMidnight(c, chime)
    }

    /// Whether an answer lies in the case's year and week-year, as Foundation reads it.
    static func isInWantedYears(_ c: FoundationCase, _ answer: Answer) -> Bool {
        guard let calendar = FoundationOracle.calendar(for: c) else { return false }
        let read = calendar.dateComponents([.year, .yearForWeekOfYear], from: FoundationOracle.date(answer.seconds, answer.nanoseconds))
        return (c.year.map { $0 == read.year } ?? true) && (c.yearForWeekOfYear.map { $0 == read.yearForWeekOfYear } ?? true)
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

    /// Q7: backward, a week of the month or year given without a weekday answers a later day of
    /// that week — its last day within the month — instead of its first, which is where Foundation
    /// lands forward (UTC `{month: 10, weekOfMonth: 1}` before 2027-09-29: Saturday 2026-10-03,
    /// not Thursday 2026-10-01). Checked: Chime's answer is a verified match, and Foundation's lies
    /// later in the same week (and month), by Foundation's own reading.
    static let backwardWeekLandsOnWeekEnd = FoundationDivergence(test: "foundationBackwardWeekLandsOnWeekEnd") { c, chime, foundation in
        guard c.direction == "backward", c.weekday == nil, c.day == nil, c.weekOfMonth != nil || c.weekOfYear != nil,
              let chime, let foundation, isVerifiedMatch(c, chime), foundation.seconds > chime.seconds,
              foundation.seconds - chime.seconds < 7 * 86_400, let calendar = FoundationOracle.calendar(for: c) else { return false }
        let units: Set<Calendar.Component> = [.month, .weekOfMonth, .weekOfYear, .yearForWeekOfYear]
        let ours = calendar.dateComponents(units, from: FoundationOracle.date(chime.seconds, chime.nanoseconds))
        let theirs = calendar.dateComponents(units, from: FoundationOracle.date(foundation.seconds, foundation.nanoseconds))
        return c.weekOfMonth != nil ? ours.month == theirs.month && ours.weekOfMonth == theirs.weekOfMonth
                                    : ours.yearForWeekOfYear == theirs.yearForWeekOfYear && ours.weekOfYear == theirs.weekOfYear
    }

    /// Q7: week-field searches that pass over a match (backward ones land on the week's first
    /// day or in an earlier month; backward weekday searches with a free hour return the day's
    /// first hour): Chime's verified match lies between the start and Foundation's answer.
    static let weekPatternSkipsMatch = FoundationDivergence(test: "foundationWeekSearchSkipsMatch") { c, chime, foundation in
        guard hasWeekFields(c) || (c.weekday != nil && c.direction == "backward"), let chime, isVerifiedMatch(c, chime) else { return false }
        return foundation.map { isCloser(c, chime, than: $0) } ?? true
    }

    /// Q12: with a `nanosecond` component Foundation's `Date` (a Double) loses the ordering: its
    /// answer lies on the wrong side of the start, matches nothing (Amman `{minute: 1, second: 34,
    /// nanosecond: 583267402}` backward: 15:00:34.58), or it passes over matches. Chime's answer is
    /// a verified match closer to the start (or Foundation's is out of order or no match).
    static let nanosecondRounding = FoundationDivergence(test: "foundationNanosecondRounding") { c, chime, foundation in
        guard c.nanosecond != nil, let chime, isVerifiedMatch(c, chime) else { return false }
        guard let foundation else { return true }
        return FoundationOracle.isOutOfOrder(c, seconds: foundation.seconds, nanoseconds: foundation.nanoseconds)
            || isCloser(c, chime, than: foundation) || !isMatch(c, foundation)
    }

    /// Q9: Foundation notices a DST gap only where its hour-by-hour walk sees the hour number jump
    /// by two (01:59:59 -> 03:00:00) or from 23 to 1; its midnight rule also catches, for
    /// `{hour: 0}` at the gap day's first hour, any gap that starts at midnight. Every other gap
    /// goes unseen — part of an hour (Lord Howe, 02:00 ->
    /// 02:30), a whole hour off the hour (Hong Kong 1975, 03:30 -> 04:30), the day's last hour
    /// (Nuuk since 2024, 23:00 -> 00:00), three hours (Casey 2018, 04:00 -> 07:00) — so a wall time
    /// inside it never matches: Foundation drops the day whatever the matching policy, or answers
    /// an instant that is neither a match nor a stand-in. Chime applies the policy to every gap.
    /// Checked with Foundation's own zone data and calendar: the offset change is a gap Foundation
    /// cannot see, and either the wanted wall time on the gap's day does not exist and Chime's
    /// stand-in for it is closer to the start than Foundation's answer, or Foundation's answer
    /// beside the gap matches nothing while Chime's is a match or a stand-in.
    static let gapNotDetected = FoundationDivergence(test: "foundationUndetectedGaps") { c, chime, foundation in
        // The gap next to Chime's answer, or else next to Foundation's.
        let gaps = [chime?.seconds, foundation?.seconds].compactMap { $0 }.compactMap { nearestOffsetChange(c, $0) }
        guard let gap = gaps.first(where: { $0.wallClockChange > 0 }), !foundationSeesGap(c, gap) else { return false }
        // A missing day's stand-in on the gap's day, at a wall time after the gap (Thimphu
        // `{day: 31}` from 1987-09-29 00:35:54: October 1st 00:35:54, after 00:00 -> 00:30), which
        // Foundation drops.
        if let chime, standsInForMissingDay(c, chime), localDate(c, chime.seconds)?.day == localDate(c, gap.instant.seconds)?.day,
           abs(chime.seconds - gap.instant.seconds) < 86_400, foundation.map({ isCloser(c, chime, than: $0) }) ?? true {
            return true
        }
        guard c.hour != nil else { return false }
        let isStandIn = chime.map { [.gapNextTime, .gapShiftedForward, .gapShiftedBackward].contains($0.adjustment) } ?? false
        if let chime, isStandIn, isWantedTimeSkipped(c, by: gap), foundation.map({ isCloser(c, chime, than: $0) }) ?? true {
            return true
        }
        guard let foundation, !isMatch(c, foundation), abs(foundation.seconds - gap.instant.seconds) <= 86_400 else { return false }
        // A stand-in is no bug — unless the skipped wall time was already behind the start on the
        // wall clock, where Foundation gives none for a gap it sees (New York `{hour: 2, minute:
        // 30}` from 03:00 EDT on 2026-03-08 fires the next day) but does for one it does not.
        if standIns(c, for: gap).contains(foundation.seconds) && !isWantedTimePassed(c, gap) { return false }
        return chime == nil || isStandIn || isVerifiedMatch(c, chime)
    }

    /// Whether the case's wall time on the gap's days is at or behind the start's wall time
    /// (searching forward; at or ahead of it, searching backward).
    static func isWantedTimePassed(_ c: FoundationCase, _ gap: ZoneTransition) -> Bool {
        guard let zone = FoundationOracle.calendar(for: c)?.timeZone else { return false }
        let startWall = c.startSeconds + Int64(zone.secondsFromGMT(for: FoundationOracle.date(c.startSeconds, c.startNanoseconds)))
        let walls = wantedWalls(c, around: gap)
        return !walls.isEmpty && walls.allSatisfy { c.direction == "backward" ? $0 >= startWall : $0 <= startWall }
    }

    /// The case's wall time (its hour, minute and second, the missing ones 0) as local seconds on
    /// each day the gap touches, by Foundation's reading of those days.
    static func wantedWalls(_ c: FoundationCase, around gap: ZoneTransition) -> [Int64] {
        let time = Int64((c.hour ?? 0) * 3600 + (c.minute ?? 0) * 60 + (c.second ?? 0))
        return [gap.instant.seconds - 1, gap.instant.seconds].compactMap { localDate(c, $0) }.compactMap { day -> Int64? in
            guard let year = day.year, let month = day.month, let dayOfMonth = day.day else { return nil }
            return CivilArithmetic.daysFromCivil(year: Int64(year), month: Int64(month), day: Int64(dayOfMonth)) * 86_400 + time
        }
    }

    /// The instant the case's matching policy gives, by Foundation's own rule for a gap it sees,
    /// for the case's wall time skipped by the gap (on either day the gap touches): nextTime the
    /// end of the gap, nextTimePreservingSmallerComponents the wall time shifted forward by the
    /// gap, previousTimePreservingSmallerComponents shifted back; strict none.
    static func standIns(_ c: FoundationCase, for gap: ZoneTransition) -> [Int64] {
        switch c.matchingPolicy {
        case "nextTime": return [gap.instant.seconds]
        case "strict": return []
        default:
            let offset = Int64(c.matchingPolicy == "nextTimePreservingSmallerComponents" ? gap.before.utcOffset : gap.after.utcOffset)
            return wantedWalls(c, around: gap).map { $0 - offset }
        }
    }

    /// Q9: Foundation looks for the second pass of a repeated wall time exactly one hour after the
    /// first (its hour walk checks whether the hour number comes back one hour later), so for an
    /// overlap of any other length or not on the hour — Troll's two hours (03:00 +02 -> 01:00 +00),
    /// Casey's three, Lord Howe's half hour — it ignores the repeated-time policy and takes
    /// whichever pass its walk meets first, or passes over the wall time. Chime applies the policy
    /// to every overlap. Checked: the offset change nearest Chime's answer is such an overlap, as
    /// Foundation's zone data has it; Chime's answer is a pass of a wall time that matches the
    /// case by Foundation's reading; and Foundation's answer is nil, further from the start, the
    /// other pass of that same wall time, or no match.
    static let overlapNotDetected = FoundationDivergence(test: "foundationUnseenOverlaps") { c, chime, foundation in
        guard let chime else { return false }
        if chime.adjustment == .overlapFirst || chime.adjustment == .overlapLast {
            guard let overlap = nearestOffsetChange(c, chime.seconds), overlap.wallClockChange < 0, !foundationSeesOverlap(c, overlap),
                  isMatch(c, (chime.seconds, chime.nanoseconds)) else { return false }
            guard let foundation else { return true }
            let samePassWallTime = localDate(c, chime.seconds, chime.nanoseconds) == localDate(c, foundation.seconds, foundation.nanoseconds)
            return isCloser(c, chime, than: foundation) || samePassWallTime || !isMatch(c, foundation)
        }
        // Or Foundation, next to such an overlap, answers an instant that matches nothing while
        // Chime's answer is a verified match.
        if let foundation, !isMatch(c, foundation), isVerifiedMatch(c, chime),
           let overlap = nearestOffsetChange(c, foundation.seconds), overlap.wallClockChange < 0, !foundationSeesOverlap(c, overlap),
           abs(foundation.seconds - overlap.instant.seconds) < 86_400 { return true }
        // Or Foundation answers the pass of such an overlap that the policy does not name: the
        // earlier pass, searching backward with `.first` from the later one (Lord Howe
        // `{hour: 1, minute: 45}` before 01:45 +10:30), where Chime moves on to the day before.
        guard c.direction == "backward", c.repeatedTimePolicy == "first", let foundation, isVerifiedMatch(c, chime),
              isMatch(c, foundation), let overlap = nearestOffsetChange(c, foundation.seconds), overlap.wallClockChange < 0,
              !foundationSeesOverlap(c, overlap) else { return false }
        // Foundation's answer is in the first pass, and the same wall time's second pass is not
        // before the start.
        let repeated = -Int64(overlap.wallClockChange), laterPass = foundation.seconds + repeated
        return (overlap.instant.seconds - repeated ..< overlap.instant.seconds).contains(foundation.seconds) && laterPass >= c.startSeconds
    }

    /// Whether Foundation's hour walk finds both passes of the overlap: it only checks whether
    /// the hour number one hour later is the same, which holds for a one-hour overlap on the hour.
    static func foundationSeesOverlap(_ c: FoundationCase, _ overlap: ZoneTransition) -> Bool {
        guard overlap.wallClockChange == -3600, let wall = localDate(c, overlap.instant.seconds) else { return false }
        // Searching backward, an hour repeated at the end of the day (23:00 -> 24:00 twice) is
        // passed over whole (Bahia 1996-02-11 `{hour: 23, minute: 0, second: 2}` before 23:00:01
        // -03 gives the day before).
        if c.direction == "backward" && wall.hour == 23 { return false }
        return wall.minute == 0 && wall.second == 0
    }

    /// Where a gap swallows midnight (Sao Paulo 2018-11-04, 00:00 -03 -> 01:00 -02), a date-only
    /// pattern fires at the day's first instant — Foundation's own answer for `{day: 4}` or
    /// `{weekday: 1}` either way. Through a month with a day or a week of the month, or a day of
    /// the year, it passes that day over, even under `strict`, although its own `dateComponents`
    /// reads the day's first instant as matching: Sao Paulo `{month: 11, day: 4}` before
    /// 2018-12-01 gives 2017-11-04; Havana `{month: 3, weekOfMonth: 2}` after 2026-03-07 gives
    /// 2027-03-07, skipping Sunday 2026-03-08. Checked: Chime's answer is such a first instant and
    /// every given field matches it (`isFirstInstantOfDayWithoutMidnight`), and Foundation's answer
    /// is further from the start, or nil.
    static let skipsDayWithoutMidnight = FoundationDivergence(test: "foundationSkipsDayWithoutMidnight") { c, chime, foundation in
        guard let chime, isFirstInstantOfDayWithoutMidnight(c, chime) else { return false }
        return foundation.map { isCloser(c, chime, than: $0) } ?? true
    }

    /// Chime's answer to a date-only pattern is the first instant of a day whose midnight a gap
    /// skipped (the local clock does not read 00:00 there), and matches every given field by
    /// Foundation's reading.
    static func isFirstInstantOfDayWithoutMidnight(_ c: FoundationCase, _ chime: Answer) -> Bool {
        guard c.hour == nil, c.minute == nil, c.second == nil, c.nanosecond == nil, chime.adjustment == .gapNextTime,
              let gap = nearestOffsetChange(c, chime.seconds), gap.instant.seconds == chime.seconds, gap.wallClockChange > 0,
              let wall = localDate(c, chime.seconds), wall.hour != 0 || wall.minute != 0 else { return false }
        return FoundationOracle.mismatches(c, seconds: chime.seconds, nanoseconds: chime.nanoseconds).isEmpty
    }

    /// The offset change nearest to an instant, within two days of it, from Foundation's own zone data.
    static func nearestOffsetChange(_ c: FoundationCase, _ seconds: Int64) -> ZoneTransition? {
        FoundationZoneRules.rules(for: c.zone)?.transitions(from: Instant(seconds: seconds - 172_800), to: Instant(seconds: seconds + 172_800))
            .filter { $0.wallClockChange != 0 }
            .min { abs($0.instant.seconds - seconds) < abs($1.instant.seconds - seconds) }
    }

    /// Whether Foundation's hour search recognises the gap (hour number read by its own calendar
    /// on either side of the offset change).
    static func foundationSeesGap(_ c: FoundationCase, _ gap: ZoneTransition) -> Bool {
        guard let calendar = FoundationOracle.calendar(for: c) else { return true }
        let end = calendar.dateComponents([.hour, .minute, .second], from: FoundationOracle.date(gap.instant.seconds, 0))
        // A gap ending off the hour (Jakarta 1942, 00:00 +07:30 -> 01:30 +09) leaves Foundation's
        // hour intervals misaligned with the wall clock.
        guard end.minute == 0 && end.second == 0 else { return false }
        let before = calendar.component(.hour, from: FoundationOracle.date(gap.instant.seconds - 1, 0))
        let after = end.hour ?? 0
        if after - before == 2 || (before == 23 && after == 1) { return true }
        // A longer gap over midnight is seen only by the `{hour: 0}` rule, where the search stands
        // at the gap day's first hour: brought there by a date field, or started within that hour.
        guard before == 23 && after > 1 && c.hour == 0 else { return false }
        let dateField = c.year != nil || c.month != nil || c.day != nil || c.dayOfYear != nil || c.weekday != nil
            || c.weekdayOrdinal != nil || c.weekOfMonth != nil || c.weekOfYear != nil || c.yearForWeekOfYear != nil
        return dateField || (gap.instant.seconds ..< gap.instant.seconds + 3600).contains(c.startSeconds)
    }

    /// Whether the case's wall time (its hour, minute and second, the missing ones 0) falls into
    /// the gap on the gap's day, by Foundation's `date(from:)`, which moves a skipped wall time.
    static func isWantedTimeSkipped(_ c: FoundationCase, by gap: ZoneTransition) -> Bool {
        guard let calendar = FoundationOracle.calendar(for: c) else { return false }
        let days = [gap.instant.seconds - 1, gap.instant.seconds].compactMap { localDate(c, $0) }
        return days.contains { day in
            var wanted = DateComponents(year: day.year, month: day.month, day: day.day, hour: c.hour ?? 0, minute: c.minute ?? 0, second: c.second ?? 0)
            wanted.calendar = nil
            guard let resolved = calendar.date(from: wanted) else { return false }
            let back = calendar.dateComponents([.day, .hour, .minute, .second], from: resolved)
            return back.day != wanted.day || back.hour != wanted.hour || back.minute != wanted.minute || back.second != wanted.second
        }
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

    /// Q11: searching backward for a day of the month that some months lack (29–31), Foundation
    /// passes over the nearest month without it and answers a year or more further back (Isle of
    /// Man `{day: 31}` before 2046-10-29: 1970-09-30). Checked: Chime's stand-in is the last day of
    /// (or the day after) a month that lacks the wanted day, as Foundation's calendar counts days,
    /// and lies between Foundation's answer and the start.
    static let backwardMissingDaySkipsMonths = FoundationDivergence(test: "foundationBackwardMissingDaySkipsMonths") { c, chime, foundation in
        guard c.direction == "backward", let chime, let foundation, isCloser(c, chime, than: foundation) else { return false }
        return standsInForMissingDay(c, chime)
    }

    /// Chime's answer is a missing-day stand-in next to a month that, as Foundation's calendar
    /// counts days, lacks the wanted day (and is the wanted month, if one is given).
    static func standsInForMissingDay(_ c: FoundationCase, _ chime: Answer) -> Bool {
        guard let wanted = c.day,
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
    /// answer: a verified match on day 1 of the same month (or that day's first instant, when a gap
    /// skipped its midnight) — or, with a year given (the day then free), a verified match later
    /// in that month than Foundation's day-1-to-5 answer and so nearer the start.
    static let backwardMonthMisanchors = FoundationDivergence(test: "foundationBackwardMonthMisanchors") { c, chime, foundation in
        guard c.direction == "backward", c.month != nil, c.day == nil, c.dayOfYear == nil, c.weekday == nil, !hasWeekFields(c),
              let chime, let foundation, isVerifiedMatch(c, chime) || isFirstInstantOfDayWithoutMidnight(c, chime),
              let ours = localDate(c, chime.seconds), let theirs = localDate(c, foundation.seconds, foundation.nanoseconds)
        else { return false }
        guard ours.year == theirs.year && ours.month == theirs.month else { return false }
        // With a year given the day is free (`{year: 2027, month: 5, hour: 9}` is every day of May
        // 2027 at 09:00): Foundation's day-1-to-5 landing then passes over the month's later days
        // (before 2027-08-05 it answers 05-03 09:00; Chime 05-31 09:00), and chained the days
        // between (from 05-05 09:00 it answers 05-02 09:00; Chime 05-04 09:00).
        if c.year != nil && ours.day != 1 { return (theirs.day ?? 0) <= 5 && isCloser(c, chime, than: foundation) }
        return ours.day == 1 && theirs.day != 1
    }

    /// Q7/Q16: backward searches for a date-only pattern (`{weekday: 1}`, `{yearForWeekOfYear: Y}`,
    /// `{dayOfYear: N}`) step back by the length of the day they are on, so they answer an
    /// instant that is not the matching day's start: its last second (23:59:59), or, next to a
    /// 23- or 25-hour day, an hour off (New York `{dayOfYear: 66}` before 2026-03-20: Mar 7 23:00
    /// EST) — no match of Foundation's own rule that the unset time is 00:00:00. Checked: Chime's
    /// answer is a verified match and Foundation's answer, within a day of it, matches nothing.
    static let backwardLandsOnDayEnd = FoundationDivergence(test: "foundationBackwardLandsOnDayEnd") { c, chime, foundation in
        guard c.direction == "backward", c.hour == nil, c.minute == nil, c.second == nil,
              let chime, let foundation, isVerifiedMatch(c, chime), !isMatch(c, foundation) else { return false }
        return abs(foundation.seconds - chime.seconds) < 86_400
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
