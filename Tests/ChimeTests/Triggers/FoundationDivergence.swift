import Foundation
@testable import Chime

/// A class of Foundation `nextDate` bug that Chime deliberately does not copy
/// (FoundationSemantics.md §4). The parity test explains a difference only through one of these,
/// and only after checking, with Foundation's own `dateComponents`, that Foundation is the one that
/// is wrong; each class has a named test in `FoundationDivergenceTests` that shows both answers.
struct FoundationDivergence: Sendable {
    typealias Answer = (seconds: Int64, nanoseconds: Int32)
    /// The `FoundationDivergenceTests` test that shows this class.
    let test: String
    let applies: @Sendable (_ c: FoundationCase, _ chime: Answer?, _ foundation: Answer?) -> Bool

    /// The first class that explains the difference, if any.
    static func explaining(_ c: FoundationCase, chime: Answer?, foundation: Answer?) -> FoundationDivergence? {
        all.first { $0.applies(c, chime, foundation) }
    }

    static let all: [FoundationDivergence] = [backwardWeekSearchReturnsNil, yearPatternGivesUpInsideYear]

    /// Chime's answer matches every component exactly (as Foundation itself reads the instant) and
    /// lies strictly on the searched side of the start.
    static func isExactMatch(_ c: FoundationCase, _ answer: Answer?) -> Bool {
        guard let answer else { return false }
        return FoundationOracle.mismatches(c, seconds: answer.seconds, nanoseconds: answer.nanoseconds).isEmpty
            && !FoundationOracle.isOutOfOrder(c, seconds: answer.seconds, nanoseconds: answer.nanoseconds)
    }

    /// Q7: backward searches on weekday ordinals and week numbers give up (nil) although a match exists.
    static let backwardWeekSearchReturnsNil = FoundationDivergence(test: "foundationBackwardOrdinalReturnsNil") { c, chime, foundation in
        c.direction == "backward" && foundation == nil && isExactMatch(c, chime)
            && (c.weekdayOrdinal != nil || c.weekOfMonth != nil || c.weekOfYear != nil)
    }

    /// Q8: a pattern with a fixed year or week-year, searched from inside that year, gives up (nil)
    /// although a later match in the same year exists.
    static let yearPatternGivesUpInsideYear = FoundationDivergence(test: "foundationYearPatternGivesUpInsideYear") { c, chime, foundation in
        foundation == nil && isExactMatch(c, chime) && (c.year != nil || c.yearForWeekOfYear != nil)
    }
}
