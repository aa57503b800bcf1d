import Chime
import ChimeBatch

/// The requests a batch add discarded, in order, 5 bytes each: the file's row and the reason
/// (the next fire is the row's), so that a million discards cost 5 MB rather than the 100 MB of
/// `PendingDiscard`s. A discard the row cannot give back (another next fire, another reason) is
/// kept whole.
struct PendingDiscardList {
    private var rows: [Int32] = []
    private var reasons: [UInt8] = []
    private var whole: [Int: PendingDiscard] = [:]
    let limit: Int

    init(limit: Int) { self.limit = limit }

    var count: Int { rows.count }

    /// Appends `discard` of the request in `row` (nil: not one of the table's).
    mutating func append(_ discard: PendingDiscard, row: Int32?, from table: PendingRequestTable) {
        let code: UInt8?
        switch discard.reason {
        case .neverFires: code = 0
        case .notAmongSoonest(let l) where l == limit: code = 1
        case .notAmongMostRecent(let l) where l == limit: code = 2
        default: code = nil
        }
        if let code, let row, case .success(let next) = table.next(row), next == discard.next {
            rows.append(row)
            reasons.append(code)
        } else {
            whole[rows.count] = discard
            rows.append(-1)
            reasons.append(.max)
        }
    }

    /// Each discard, in order.
    func forEach(in table: PendingRequestTable, _ body: (PendingDiscard) -> Void) {
        for i in rows.indices {
            if let discard = whole[i] { body(discard); continue }
            let row = rows[i]
            guard case .success(let next) = table.next(row) else { continue }
            let reason: PendingDiscard.Reason = switch reasons[i] {
            case 0: .neverFires
            case 1: .notAmongSoonest(limit: limit)
            default: .notAmongMostRecent(limit: limit)
            }
            body(PendingDiscard(identifier: table.identifier(row), next: next, reason: reason))
        }
    }
}
