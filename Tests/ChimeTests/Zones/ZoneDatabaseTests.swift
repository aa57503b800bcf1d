import Foundation
import Testing
@testable import Chime
@testable import ChimeZones
@testable import ChimeTestSupport
@testable import ChimeTestCases

@Suite struct ZoneDatabaseTests {
    /// Aliases and Windows ids resolve to canonical zones (facts from tzdata.zi's `L` lines and
    /// CLDR's windowsZones mapping, "Eastern Standard Time" / region 001 -> America/New_York).
    @Test func aliasesAndWindowsIds() throws {
        let db = ZoneDatabase(preference: .newest, tzifDirectory: Fixtures.zoneinfoDirectory)
        #expect(try db.rules(for: "US/Eastern").identifier == "America/New_York")
        #expect(try db.rules(for: "Asia/Calcutta").identifier == "Asia/Kolkata")
        #expect(try db.rules(for: "Eastern Standard Time").identifier == "America/New_York")
        #expect(try db.rules(for: "america/new_york").identifier == "America/New_York")
        #expect(db.windowsIdentifier(for: "America/New_York") == "Eastern Standard Time")
    }

    @Test func unknownZoneSuggestsAndNeverFallsBackToGMT() {
        let db = ZoneDatabase(preference: .newest, tzifDirectory: Fixtures.zoneinfoDirectory)
        #expect {
            try db.rules(for: "America/New_Yrok")
        } throws: { error in
            guard case let ZoneError.unknownZone(id, suggestions)? = error as? ZoneError else { return false }
            return id == "America/New_Yrok" && suggestions.contains("America/New_York")
        }
        // Coyhaique is new in 2025b: ICU 2022e does not know it and must say so rather than answer GMT.
        let icuOnly = ZoneDatabase(preference: .icu, tzifDirectory: Fixtures.zoneinfoDirectory)
        #expect(throws: ZoneError.self) { try icuOnly.rules(for: "America/Coyhaique") }
        #expect(throws: ZoneError.self) { try db.rules(for: "") }
        #expect(throws: ZoneError.self) { try db.rules(for: "../../etc/passwd") }
    }

    @Test func newestVersionWins() {
        #expect(TZDataVersion.isNewer("2025b", than: "2022e"))
        #expect(!TZDataVersion.isNewer("2022e", than: "2025b"))
        #expect(TZDataVersion.isNewer("2025c", than: "2025b"))
        #expect(TZDataVersion.isNewer("2022e", than: nil))
        let db = ZoneDatabase(preference: .newest, tzifDirectory: Fixtures.zoneinfoDirectory)
        #expect(db.preferredOrder == [.tzif, .icu])
        #expect(db.sources.map(\.version) == ["2025b", "2022e"])
    }

    @Test func searchListsIds() {
        let db = ZoneDatabase(preference: .tzif, tzifDirectory: Fixtures.zoneinfoDirectory)
        let york = db.identifiers(matching: "york")
        #expect(york.contains("America/New_York"))
        #expect(york.allSatisfy { $0.lowercased().contains("york") })
        #expect(db.identifiers().count >= Fixtures.zoneIdentifiers.count)
    }

    /// Many threads loading the same and different zones at once get identical answers.
    @Test func concurrentLoadsAreConsistent() async throws {
        let db = ZoneDatabase(preference: .tzif, tzifDirectory: Fixtures.zoneinfoDirectory)
        let zones = Array(Fixtures.zoneIdentifiers.prefix(60))
        let probe = Instant(seconds: 1_782_864_000)   // 2026-07-01T00:00:00Z
        let results = try await withThrowingTaskGroup(of: (String, Int32).self) { group in
            for i in 0..<600 {
                let zone = zones[i % zones.count]
                group.addTask { (zone, try db.rules(for: zone).utcOffset(at: probe)) }
            }
            var all: [(String, Int32)] = []
            for try await r in group { all.append(r) }
            return all
        }
        let reference = ZoneDatabase(preference: .tzif, tzifDirectory: Fixtures.zoneinfoDirectory)
        for (zone, offset) in results {
            #expect(offset == (try reference.rules(for: zone)).utcOffset(at: probe), "\(zone)")
        }
    }
}
