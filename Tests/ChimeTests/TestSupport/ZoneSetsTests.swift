import Testing
@testable import Chime
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// The named zone lists: every zone loads from the pinned fixtures (so no run draws a zone that
/// cannot load; links such as `UTC` included), no list repeats a zone (a repeat would weight the
/// draws), and no two lists are the same (the same list is written once).
@Suite struct ZoneSetsTests {
    @Test func everyZoneLoadsFromTheFixtures() {
        for (name, zones) in ZoneSets.named {
            let missing = zones.filter { (try? Fixtures.tzifDatabase.rules(for: $0)) == nil }
            #expect(missing.isEmpty, "\(name): \(missing)")
        }
    }

    @Test func noRepeatsAndNoTwoListsAlike() {
        for (name, zones) in ZoneSets.named { #expect(Set(zones).count == zones.count, "\(name) repeats a zone") }
        for (i, a) in ZoneSets.named.enumerated() {
            for b in ZoneSets.named[(i + 1)...] { #expect(a.zones != b.zones, "\(a.name) and \(b.name) are the same list") }
        }
    }
}
