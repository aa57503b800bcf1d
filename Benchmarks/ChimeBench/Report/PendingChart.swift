#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The pending-set results in one SVG (no outside tools): the scaling curve (requests vs time,
/// log–log, with Foundation's per-request cost extrapolated and, if run, its full 1M figure),
/// resident bytes per request against the 32-byte budget, and Foundation/Chime ratios for
/// every scenario that has a Foundation peer in the same run.
struct PendingChart {
    struct Point {
        let requests: Double
        let medianNanoseconds: Double
        let residentBytesPerRequest: Double?
        let peakMiB: Double?
        let target: Double?
    }

    let points: [Point]
    /// Foundation's measured cost per request (ns), from `pending.foundation`.
    let foundationPerRequest: Double?
    /// Foundation's full 1M run (ns), when it ran.
    let foundationFull: Double?
    /// (label, Foundation / Chime, extrapolated?)
    let ratios: [(String, Double, Bool)]
    let caption: String

    init(measurements: [Measurement], machine: MachineInfo, quick: Bool) {
        func metric(_ m: Measurement, _ name: String) -> Double? { m.metrics.first { $0.name == name }?.value }
        points = measurements.filter { $0.name.hasPrefix("pending.") && $0.role == .chime && metric($0, "requests") != nil }
            .map { m in Point(requests: metric(m, "requests")!, medianNanoseconds: m.median,
                              residentBytesPerRequest: metric(m, "resident bytes/request"),
                              peakMiB: metric(m, "peak RSS while timing"), target: m.target?.nanoseconds) }
            .sorted { $0.requests < $1.requests }
        foundationPerRequest = measurements.first { $0.name == "pending.foundation" }?.median
        foundationFull = measurements.first { $0.name == "pending.1m.foundation.full" }?.median
        var ratios: [(String, Double, Bool)] = []
        for m in measurements where m.role == .peer {
            if let r = m.ratioToBaseline, m.name.contains("foundation") { ratios.append((m.baseline ?? m.name, r, false)) }
        }
        if let f = foundationPerRequest {
            for p in points { ratios.append(("pending.\(Self.short(p.requests))", f * p.requests / p.medianNanoseconds, true)) }
        }
        if let sim = measurements.first(where: { $0.name == "pending.simulate.year" }),
           let fires = metric(sim, "fires delivered"),
           let peer = measurements.first(where: { $0.name == "pending.simulate.year.foundation" }) {
            ratios.append(("pending.simulate.year", peer.median * fires / sim.median, true))
        }
        self.ratios = ratios
        caption = "\(machine.cpu), \(machine.cores) cores, \(machine.system); \(machine.toolchain), \(machine.configuration)\(quick ? "; QUICK run (few repetitions)" : "")"
    }

    static func short(_ n: Double) -> String {
        n >= 1e6 ? "\(Int(n / 1e6))m" : n >= 1e3 ? "\(Int(n / 1e3))k" : "\(Int(n))"
    }

    /// The text summary printed after the table.
    func summaryLines() -> [String] {
        guard !points.isEmpty else { return [] }
        var lines = ["pending set (next fire for all + 64 soonest), Chime vs Foundation:"]
        lines.append("  requests     chime median   per request   resident B/req   peak RSS   Foundation (extrapolated)   ratio")
        for p in points {
            let f = foundationPerRequest.map { $0 * p.requests }
            let cells = [
                pad(TableReport.grouped(p.requests), 12),
                pad(TimeUnit.ms.format(p.medianNanoseconds), 14),
                pad(TimeUnit.ns.format(p.medianNanoseconds / p.requests), 13),
                pad(p.residentBytesPerRequest.map { TimeUnit.fixed($0, 1) } ?? "?", 16),
                pad(p.peakMiB.map { TimeUnit.fixed($0, 0) + " MiB" } ?? "?", 10),
                pad(f.map { TimeUnit.fixed($0 / 1e9, 1) + " s" } ?? "?", 27),
                f.map { TableReport.grouped($0 / p.medianNanoseconds) + "×" } ?? "",
            ]
            lines.append("  " + cells.joined(separator: " "))
        }
        if let f = foundationPerRequest {
            lines.append("  Foundation: \(TimeUnit.us.format(f)) per request measured on a sample (pending.foundation); the column above is that × N, an extrapolation.")
        }
        if let full = foundationFull {
            lines.append("  Foundation, all 1,000,000 requests measured once: \(TimeUnit.fixed(full / 1e9, 1)) s (pending.1m.foundation.full).")
        }
        return lines
    }

    // MARK: SVG

    func write(to path: String) throws {
        let svg = render()
        guard let file = fopen(path, "w") else { throw ChartError(message: String(cString: strerror(errno))) }
        defer { fclose(file) }
        var text = svg
        text.withUTF8 { _ = fwrite($0.baseAddress, 1, $0.count, file) }
    }

    struct ChartError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    func render() -> String {
        let width = 1000.0, height = 760.0
        var out = """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" viewBox="0 0 \(Int(width)) \(Int(height))" font-family="Helvetica, Arial, sans-serif" font-size="12">
        <rect width="100%" height="100%" fill="white"/>
        <text x="20" y="24" font-size="16" font-weight="bold">Chime pending set: next fire for all + 64 soonest (mixed triggers, 400 zones)</text>
        <text x="20" y="42" fill="#555">\(escape(caption))</text>

        """
        out += scalingPanel(x: 60, y: 70, w: 520, h: 300)
        out += memoryPanel(x: 660, y: 70, w: 300, h: 300)
        out += ratioPanel(x: 200, y: 430, w: 760, h: 300)
        out += "</svg>\n"
        return out
    }

    private func scalingPanel(x: Double, y: Double, w: Double, h: Double) -> String {
        var s = "<text x=\"\(x)\" y=\"\(y - 8)\" font-weight=\"bold\">Time for the whole set (ms, log) vs requests (log)</text>\n"
        let xs = (4.0, 7.0)                            // 10^4 … 10^7 requests
        let ys = (-2.0, 6.0)                           // 0.01 ms … 1,000,000 ms (1000 s)
        func px(_ n: Double) -> Double { x + (log10(n) - xs.0) / (xs.1 - xs.0) * w }
        func py(_ ms: Double) -> Double { y + h - (log10(max(ms, 1e-3)) - ys.0) / (ys.1 - ys.0) * h }
        s += frame(x, y, w, h)
        for e in Int(xs.0)...Int(xs.1) {
            let gx = px(pow(10, Double(e)))
            s += "<line x1=\"\(gx)\" y1=\"\(y)\" x2=\"\(gx)\" y2=\"\(y + h)\" stroke=\"#eee\"/>"
            s += "<text x=\"\(gx)\" y=\"\(y + h + 16)\" text-anchor=\"middle\">\(Self.short(pow(10, Double(e))))</text>\n"
        }
        for e in Int(ys.0)...Int(ys.1) {
            let gy = py(pow(10, Double(e)))
            s += "<line x1=\"\(x)\" y1=\"\(gy)\" x2=\"\(x + w)\" y2=\"\(gy)\" stroke=\"#eee\"/>"
            let label = e >= 3 ? "\(Int(pow(10, Double(e - 3)))) s" : e >= 0 ? "\(Int(pow(10, Double(e)))) ms" : "\(pow(10, Double(e))) ms"
            s += "<text x=\"\(x - 6)\" y=\"\(gy + 4)\" text-anchor=\"end\">\(label)</text>\n"
        }
        let chime = points.map { (px($0.requests), py($0.medianNanoseconds / 1e6)) }
        s += polyline(chime, color: "#1f77b4", dashed: false)
        for (p, c) in zip(points, chime) {
            s += "<circle cx=\"\(c.0)\" cy=\"\(c.1)\" r=\"4\" fill=\"#1f77b4\"/>"
            s += "<text x=\"\(c.0 + 6)\" y=\"\(c.1 + 14)\" fill=\"#1f77b4\">\(TimeUnit.ms.format(p.medianNanoseconds))</text>\n"
            if let t = p.target {
                let ty = py(t / 1e6)
                s += "<line x1=\"\(c.0 - 8)\" y1=\"\(ty)\" x2=\"\(c.0 + 8)\" y2=\"\(ty)\" stroke=\"#d62728\" stroke-width=\"2\"/>"
                s += "<text x=\"\(c.0 - 10)\" y=\"\(ty - 4)\" fill=\"#d62728\" text-anchor=\"end\">target \(TimeUnit.ms.format(t))</text>\n"
            }
        }
        if let f = foundationPerRequest {
            let line = points.map { (px($0.requests), py(f * $0.requests / 1e6)) }
            s += polyline(line, color: "#ff7f0e", dashed: true)
            if let last = points.last {
                s += "<text x=\"\(px(last.requests) - 4)\" y=\"\(py(f * last.requests / 1e6) - 8)\" fill=\"#ff7f0e\" text-anchor=\"end\">Foundation, extrapolated from a sample: \(TimeUnit.fixed(f * last.requests / 1e9, 0)) s</text>\n"
            }
        }
        if let full = foundationFull {
            let c = (px(1e6), py(full / 1e6))
            s += "<rect x=\"\(c.0 - 4)\" y=\"\(c.1 - 4)\" width=\"8\" height=\"8\" fill=\"#ff7f0e\"/>"
            s += "<text x=\"\(c.0 + 8)\" y=\"\(c.1 + 4)\" fill=\"#ff7f0e\">Foundation, 1M measured: \(TimeUnit.fixed(full / 1e9, 1)) s</text>\n"
        }
        s += legend(x: x + 10, y: y + 14, [("#1f77b4", "Chime (median, both cores)", false), ("#ff7f0e", "Foundation (one thread, extrapolated)", true)])
        return s
    }

    private func memoryPanel(x: Double, y: Double, w: Double, h: Double) -> String {
        var s = "<text x=\"\(x)\" y=\"\(y - 8)\" font-weight=\"bold\">Resident bytes per request</text>\n"
        let xs = (4.0, 7.0), top = 80.0
        func px(_ n: Double) -> Double { x + (log10(n) - xs.0) / (xs.1 - xs.0) * w }
        func py(_ b: Double) -> Double { y + h - min(max(b, 0), top) / top * h }
        s += frame(x, y, w, h)
        for e in Int(xs.0)...Int(xs.1) {
            s += "<text x=\"\(px(pow(10, Double(e))))\" y=\"\(y + h + 16)\" text-anchor=\"middle\">\(Self.short(pow(10, Double(e))))</text>\n"
        }
        for b in stride(from: 0.0, through: top, by: 16) {
            s += "<line x1=\"\(x)\" y1=\"\(py(b))\" x2=\"\(x + w)\" y2=\"\(py(b))\" stroke=\"#eee\"/>"
            s += "<text x=\"\(x - 6)\" y=\"\(py(b) + 4)\" text-anchor=\"end\">\(Int(b))</text>\n"
        }
        s += "<line x1=\"\(x)\" y1=\"\(py(32))\" x2=\"\(x + w)\" y2=\"\(py(32))\" stroke=\"#d62728\" stroke-dasharray=\"4 3\"/>"
        s += "<text x=\"\(x + w - 4)\" y=\"\(py(32) - 4)\" fill=\"#d62728\" text-anchor=\"end\">budget 32 B (from 100k)</text>\n"
        let pts = points.compactMap { p in p.residentBytesPerRequest.map { (px(p.requests), py($0), $0) } }
        s += polyline(pts.map { ($0.0, $0.1) }, color: "#2ca02c", dashed: false)
        for p in pts {
            s += "<circle cx=\"\(p.0)\" cy=\"\(p.1)\" r=\"4\" fill=\"#2ca02c\"/><text x=\"\(p.0 + 5)\" y=\"\(p.1 - 6)\" fill=\"#2ca02c\">\(TimeUnit.fixed(p.2, 1))</text>\n"
        }
        s += "<text x=\"\(x)\" y=\"\(y + h + 34)\" fill=\"#555\">RSS growth / N (small N: page and allocator granularity dominate)</text>\n"
        return s
    }

    private func ratioPanel(x: Double, y: Double, w: Double, h: Double) -> String {
        var s = "<text x=\"\(x - 180)\" y=\"\(y - 8)\" font-weight=\"bold\">Foundation / Chime, same run (log; hatched = Foundation extrapolated from a sample)</text>\n"
        guard !ratios.isEmpty else { return s }
        let maxLog = max(1, ceil(log10(ratios.map(\.1).max() ?? 10)))
        let bar = min(22, h / Double(ratios.count) - 4)
        func px(_ r: Double) -> Double { x + max(0, log10(max(r, 1))) / maxLog * w }
        s += "<defs><pattern id=\"hatch\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\"><rect width=\"3\" height=\"6\" fill=\"#ff7f0e\"/></pattern></defs>\n"
        for e in 0...Int(maxLog) {
            let gx = px(pow(10, Double(e)))
            s += "<line x1=\"\(gx)\" y1=\"\(y)\" x2=\"\(gx)\" y2=\"\(y + h)\" stroke=\"#eee\"/>"
            s += "<text x=\"\(gx)\" y=\"\(y + h + 14)\" text-anchor=\"middle\">\(TableReport.grouped(pow(10, Double(e))))×</text>\n"
        }
        for (i, r) in ratios.enumerated() {
            let by = y + Double(i) * (bar + 4)
            s += "<text x=\"\(x - 6)\" y=\"\(by + bar * 0.7)\" text-anchor=\"end\">\(escape(r.0))</text>"
            s += "<rect x=\"\(x)\" y=\"\(by)\" width=\"\(px(r.1) - x)\" height=\"\(bar)\" fill=\"\(r.2 ? "url(#hatch)" : "#ff7f0e")\" stroke=\"#ff7f0e\"/>"
            s += "<text x=\"\(px(r.1) + 4)\" y=\"\(by + bar * 0.7)\">\(TableReport.grouped(r.1))×</text>\n"
        }
        return s
    }

    private func frame(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> String {
        "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(w)\" height=\"\(h)\" fill=\"none\" stroke=\"#999\"/>\n"
    }

    private func polyline(_ points: [(Double, Double)], color: String, dashed: Bool) -> String {
        guard points.count > 1 else { return "" }
        let list = points.map { "\(TimeUnit.fixed($0.0, 1)),\(TimeUnit.fixed($0.1, 1))" }.joined(separator: " ")
        return "<polyline points=\"\(list)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\"\(dashed ? " stroke-dasharray=\"6 4\"" : "")/>\n"
    }

    private func legend(x: Double, y: Double, _ items: [(String, String, Bool)]) -> String {
        var s = ""
        for (i, item) in items.enumerated() {
            let ly = y + Double(i) * 16
            s += "<line x1=\"\(x)\" y1=\"\(ly - 4)\" x2=\"\(x + 24)\" y2=\"\(ly - 4)\" stroke=\"\(item.0)\" stroke-width=\"2\"\(item.2 ? " stroke-dasharray=\"6 4\"" : "")/>"
            s += "<text x=\"\(x + 30)\" y=\"\(ly)\">\(escape(item.1))</text>\n"
        }
        return s
    }

    private func escape(_ text: String) -> String {
        text.replacingAll("&", "&amp;").replacingAll("<", "&lt;").replacingAll(">", "&gt;")
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}

extension String {
    /// Every occurrence of `target` replaced (no Foundation).
    func replacingAll(_ target: Character, _ replacement: String) -> String {
        var out = ""
        for c in self { if c == target { out += replacement } else { out.append(c) } }
        return out
    }
}
