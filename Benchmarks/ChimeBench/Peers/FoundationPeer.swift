import Foundation

/// Foundation's `TimeZone` for the bench zones: the reference semantics of the project, and a peer.
/// (Full Foundation is allowed here only: the engine itself never imports it.)
struct FoundationPeer {
    private let zones: [TimeZone]

    init(identifiers: [String]) {
        zones = identifiers.map { id in
            guard let zone = TimeZone(identifier: id) else { fatalError("Foundation does not know \(id)") }
            return zone
        }
    }

    /// Seconds east of UTC at `seconds` since 1970 in zone number `zone`.
    @inline(__always)
    func offset(_ zone: Int, atSeconds seconds: Int64) -> Int {
        zones[zone].secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }

    static var tzdataVersion: String { TimeZone.timeZoneDataVersion }
}
