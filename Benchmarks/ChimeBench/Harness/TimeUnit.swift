/// The unit a scenario's per-operation time is shown in.
enum TimeUnit: String, Codable {
    case ns, us, ms

    var symbol: String {
        switch self {
        case .ns: return "ns"
        case .us: return "µs"
        case .ms: return "ms"
        }
    }

    var nanoseconds: Double {
        switch self {
        case .ns: return 1
        case .us: return 1_000
        case .ms: return 1_000_000
        }
    }

    /// `value` (in nanoseconds) in this unit, e.g. "12.3 ns", "31.0 µs".
    func format(_ nanos: Double) -> String {
        let v = nanos / nanoseconds
        let digits = v < 10 ? 2 : (v < 100 ? 1 : 0)
        return "\(Self.fixed(v, digits)) \(symbol)"
    }

    /// Fixed-point formatting without Foundation.
    static func fixed(_ value: Double, _ digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        let whole = Int(scaled / scale)
        let fraction = Int(scaled) - whole * Int(scale)
        var text = (value < 0 ? "-" : "") + String(whole)
        if digits > 0 {
            let f = String(fraction)
            text += "." + String(repeating: "0", count: digits - f.count) + f
        }
        return text
    }
}
