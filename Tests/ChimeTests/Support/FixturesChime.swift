import Foundation
@testable import ChimeTestSupport
@testable import Chime

/// The Chime-specific parts of the shared `Fixtures` (ChimeTestSupport).
extension Fixtures {
    /// A database over the pinned fixtures, TZif only.
    static let tzifDatabase = ZoneDatabase(preference: .tzif, tzifDirectory: zoneinfoDirectory)

    /// The built `chime` executable (tests run after `swift build` builds it as a product).
    static var chimeExecutable: String {
        let candidates = [".build/debug/chime", ".build/release/chime"].map { packageRoot.appendingPathComponent($0).path }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[0]
    }
}
