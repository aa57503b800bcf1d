/// Why a cron expression cannot be read: each case names the field (its number, 1-based, and its
/// name in the flavor's layout), the column where the offending text starts (1-based) and the text.
///
/// Example: `CronParser.parse("0 0 32 * *", flavor: .posix)` throws
/// `.badValue(field: 3, name: "day-of-month", column: 5, text: "32", reason: "32 is outside 1–31")`,
/// whose description is `field 3 (day-of-month) at column 5, '32': 32 is outside 1–31`.
public enum CronError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Nothing to read.
    case empty
    /// The expression has a number of fields the flavor does not take.
    case fieldCount(got: Int, expected: [Int], flavor: CronFlavor)
    /// One field holds text the flavor cannot read.
    case badValue(field: Int, name: String, column: Int, text: String, reason: String)
    /// A form the flavor knows but Chime refuses (e.g. `@reboot`: not a time), with the reason.
    case refused(text: String, reason: String)

    /// The reason as a sentence naming the field, its column and the text, e.g. `field 3
    /// (day-of-month) at column 5, '32': 32 is outside 1–31`.
    public var description: String {
        switch self {
        case .empty:
            return "the cron expression is empty"
        case let .fieldCount(got, expected, flavor):
            let wanted = expected.sorted().map(String.init).joined(separator: " or ")
            return "a \(flavor.rawValue) cron expression has \(wanted) fields, got \(got)"
        case let .badValue(field, name, column, text, reason):
            return "field \(field) (\(name)) at column \(column), '\(text)': \(reason)"
        case let .refused(text, reason):
            return "'\(text)' is refused: \(reason)"
        }
    }
}

extension CronError: ChimeError {
    /// The stable code (docs/contract.md): `invalidCronExpression`, whatever the fault.
    public var code: String { "invalidCronExpression" }
}
