import Foundation
@testable import ChimeTestSupport
@testable import Chime

/// The Chime-specific parts of the shared `Fixtures` (ChimeTestSupport, which the independent
/// reference uses too and so cannot see Chime), for every test target.
extension Fixtures {
    /// A database over the pinned fixtures, TZif only.
    static let tzifDatabase = ZoneDatabase(preference: .tzif, tzifDirectory: zoneinfoDirectory)

    /// A database over the machine's own tz data (/usr/share/zoneinfo), for comparisons with
    /// programs that read it (systemd-analyze, glibc's mktime).
    static let systemDatabase = ZoneDatabase(preference: .tzif, tzifDirectory: "/usr/share/zoneinfo")
}
