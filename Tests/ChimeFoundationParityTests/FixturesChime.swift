import Foundation
@testable import ChimeTestSupport
@testable import Chime

/// The one Chime-specific fixture this target needs (ChimeTests has the same line beside
/// `chimeExecutable`; a support target depending on Chime for one line would cost more than it saves).
extension Fixtures {
    static let tzifDatabase = ZoneDatabase(preference: .tzif, tzifDirectory: zoneinfoDirectory)
}
