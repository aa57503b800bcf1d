#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Chime

/// A generated `chime batch` input (CONTRACT.md request lines) and, for the agreement check, the
/// same requests in memory.
///
/// Each line asks for the next fire (`count` 1) of one of eight trigger kinds, chosen at random:
/// the six calendar triggers of the `next.*` scenarios, the 5400 s interval, and a weekly set
/// (Mon/Wed/Fri 09:00), in one of the 20 trigger zones, after an instant spread over 2026–2030.
struct BatchWorkload {
    static let seed: UInt64 = 0xBA7C_2026
    static let fullLines = 200_000
    /// `--quick`: a tenth, so the smoke run stays a smoke run.
    static let quickLines = 20_000

    struct Request {
        let zone: Int
        let after: Instant
        let kind: Int
    }

    /// One trigger kind: its JSON (as a request line carries it) and the same trigger in memory.
    struct Kind {
        let json: String
        let trigger: Trigger
    }

    let path: String
    let kinds: [Kind]
    let requests: [Request]

    var lineCount: Int { requests.count }

    init(triggers w: TriggerWorkload, lines: Int, path: String) throws {
        func calendar(_ c: TriggerWorkload.Case) -> Kind {
            let fields = c.components.named.compactMap { name, value in value.map { "\"\(name)\":\($0)" } }
            let policy = c.trigger.repeatedTimePolicy == .first ? "" : ",\"repeatedTimePolicy\":\"\(c.trigger.repeatedTimePolicy.rawValue)\""
            return Kind(json: "{\"calendar\":{\"components\":{\(fields.joined(separator: ","))}\(policy)}}", trigger: .calendar(c.trigger))
        }
        var kinds = w.calendarCases.map(calendar)
        kinds.append(Kind(json: "{\"interval\":{\"seconds\":5400,\"repeats\":true,\"anchor\":\"\(w.interval.anchor.utcString)\"}}",
                          trigger: .interval(w.interval)))
        kinds.append(Kind(json: "{\"weekly\":{\"weekdays\":[2,4,6],\"time\":\"09:00:00\"}}",
                          trigger: .weekly(try WeeklyTrigger(weekdays: [.monday, .wednesday, .friday], hour: 9, minute: 0))))
        self.kinds = kinds
        self.path = path

        var rng = SplitMix64(seed: Self.seed)
        requests = (0..<lines).map { _ in
            Request(zone: Int.random(in: 0..<w.zoneIDs.count, using: &rng),
                    after: Instant(seconds: Int64.random(in: TriggerWorkload.from..<TriggerWorkload.until, using: &rng)),
                    kind: Int.random(in: 0..<kinds.count, using: &rng))
        }

        try Self.write(requests.enumerated().lazy.map { i, r in
            "{\"id\":\"r\(i)\",\"zone\":\"\(w.zoneIDs[r.zone])\",\"after\":\"\(r.after.utcString)\",\"count\":1,\"trigger\":\(kinds[r.kind].json)}"
        }, to: path)
    }

    /// Writes one request line per element (each followed by a newline) to `path`.
    static func write(_ lines: some Sequence<String>, to path: String) throws {
        guard let file = fopen(path, "w") else { throw WriteError(path: path) }
        defer { fclose(file) }
        for line in lines {
            guard fputs(line + "\n", file) >= 0 else { throw WriteError(path: path) }
        }
    }

    struct WriteError: Error, CustomStringConvertible {
        let path: String
        var description: String { "cannot write \(path)" }
    }
}
