/// A bound on the work one request may do (docs/contract.md, "Limits"), named in
/// `TriggerError.limitReached` when it is reached: what the limit is, so the caller can raise it.
public enum WorkLimit: Sendable, Hashable, CustomStringConvertible {
    /// The request's deadline (`Deadline`), in milliseconds.
    case deadline(milliseconds: Int)
    /// The fires an audit may examine around transitions (`AuditWork.fireLimit`).
    case auditFires(Int)

    /// "the deadline of 500 ms", "the audit's limit of 10,000,000 fires examined around transitions".
    public var description: String {
        switch self {
        case .deadline(let milliseconds): "the deadline of \(Self.grouped(milliseconds)) ms"
        case .auditFires(let limit): "the audit's limit of \(Self.grouped(limit)) fires examined around transitions"
        }
    }

    /// `1234567` → `1,234,567`.
    static func grouped(_ value: Int) -> String {
        var digits = String(value.magnitude), result = ""
        while digits.count > 3 {
            result = "," + digits.suffix(3) + result
            digits.removeLast(3)
        }
        return (value < 0 ? "-" : "") + digits + result
    }
}
