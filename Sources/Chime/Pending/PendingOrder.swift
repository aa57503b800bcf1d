/// The pending set's one tie-break, shared by `PendingStore`, `Planner` and `PendingColumns`:
/// requests firing at the same instant are ordered by identifier in shortlex order — a shorter
/// identifier first, equal lengths byte by byte in UTF-8 — which for decimal identifiers is
/// numeric order: "9" < "10" < "11" < "a1" < "user-7".
public enum PendingOrder {
    /// Whether identifier `a` comes before identifier `b`.
    @inlinable
    public static func identifierPrecedes(_ a: String, _ b: String) -> Bool {
        let (x, y) = (a.utf8, b.utf8)
        if x.count != y.count { return x.count < y.count }
        return x.lexicographicallyPrecedes(y)
    }
}
