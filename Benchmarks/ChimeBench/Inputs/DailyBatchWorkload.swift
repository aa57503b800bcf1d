import Chime

/// The batch at scale: 20,000 daily requests × 10 fires (2,000 with `--quick`), one
/// `chime batch` input file and the same requests in memory for Foundation's peer.
///
/// Each line asks for the next 10 fires (`count` 10) of a daily trigger `{hour: H, minute: M}`
/// at a random wall time (so most lines carry a trigger text the batch has not seen yet: ~1,440
/// distinct ones) in one of the 20 trigger zones, after an instant spread over 2026–2030.
struct DailyBatchWorkload {
    static let seed: UInt64 = 0xDA11_2026
    static let fullLines = 20_000
    static let quickLines = 2_000
    static let count = 10

    struct Request {
        let zone: Int
        let after: Instant
        let hour: Int
        let minute: Int
    }

    let path: String
    let requests: [Request]

    var lineCount: Int { requests.count }
    var fireCount: Int { requests.count * Self.count }

    init(triggers w: TriggerWorkload, lines: Int, path: String) throws {
        self.path = path
        var rng = SplitMix64(seed: Self.seed)
        requests = (0..<lines).map { _ in
            Request(zone: Int.random(in: 0..<w.zoneIDs.count, using: &rng),
                    after: Instant(seconds: Int64.random(in: TriggerWorkload.from..<TriggerWorkload.until, using: &rng)),
                    hour: Int.random(in: 0..<24, using: &rng), minute: Int.random(in: 0..<60, using: &rng))
        }
        try BatchWorkload.write(requests.enumerated().lazy.map { i, r in
            "{\"id\":\"d\(i)\",\"zone\":\"\(w.zoneIDs[r.zone])\",\"after\":\"\(r.after.utcString)\",\"count\":\(Self.count),"
                + "\"trigger\":{\"calendar\":{\"components\":{\"hour\":\(r.hour),\"minute\":\(r.minute)}}}}"
        }, to: path)
    }

    func trigger(_ r: Request) throws -> CalendarTrigger {
        try CalendarTrigger(components: CalendarComponents(hour: r.hour, minute: r.minute))
    }
}
