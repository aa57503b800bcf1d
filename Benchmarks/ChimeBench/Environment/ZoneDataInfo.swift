import Chime

/// The tz data versions each implementation answers from: Chime's two sources and Foundation's.
struct ZoneDataInfo: Codable {
    struct Source: Codable {
        let source: String
        let version: String?
        let unavailableReason: String?
    }

    let chime: [Source]
    let foundation: String

    static func current(_ database: ZoneDatabase) -> ZoneDataInfo {
        ZoneDataInfo(chime: database.sources.map { Source(source: $0.source.rawValue, version: $0.version, unavailableReason: $0.unavailableReason) },
                     foundation: FoundationPeer.tzdataVersion)
    }

    var summary: String {
        let sources = chime.map { "\($0.source) \($0.version ?? "?")\($0.unavailableReason.map { " (unavailable: \($0))" } ?? "")" }
        return "chime: " + sources.joined(separator: ", ") + "; Foundation: \(foundation)"
    }
}
