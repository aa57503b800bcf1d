/// Ordering of tz data versions such as "2022e" < "2025b" < "2025ba" (hypothetical).
enum TZDataVersion {
    /// `true` when `a` is a newer release than `b`; an unknown version (`nil`) is older than any known one.
    static func isNewer(_ a: String?, than b: String?) -> Bool {
        guard let a else { return false }
        guard let b else { return true }
        let (ya, sa) = split(a), (yb, sb) = split(b)
        if ya != yb { return ya > yb }
        if sa.count != sb.count { return sa.count > sb.count }
        return sa > sb
    }

    private static func split(_ v: String) -> (Int, String) {
        let digits = v.prefix { $0.isNumber }
        return (Int(digits) ?? 0, String(v.dropFirst(digits.count)))
    }
}
