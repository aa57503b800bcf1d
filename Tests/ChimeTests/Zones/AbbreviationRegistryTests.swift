import Testing
@testable import Chime
@testable import ChimeZones

/// The registry hands out ids under a lock and reads them back without one: ids stay stable,
/// distinct byte sequences get distinct ids (even canonically equivalent ones), and lookups from
/// many tasks while others intern see every published entry.
@Suite struct AbbreviationRegistryTests {
    @Test func idsAreStableAndLookupsRoundTrip() {
        // More than one chunk (1,024 entries) of new abbreviations.
        let names = (0..<2_500).map { "T\($0)-registry" }
        let ids = names.map(AbbreviationRegistry.id(of:))
        #expect(Set(ids).count == names.count)
        for (name, id) in zip(names, ids) {
            #expect(AbbreviationRegistry.id(of: name) == id)
            #expect(AbbreviationRegistry.abbreviation(id) == name)
        }
        // "é" precomposed and decomposed are `==` as Strings but different bytes: two entries.
        let composed = AbbreviationRegistry.id(of: "\u{E9}ST"), decomposed = AbbreviationRegistry.id(of: "e\u{301}ST")
        #expect(composed != decomposed)
        #expect(Array(AbbreviationRegistry.abbreviation(decomposed).utf8) == Array("e\u{301}ST".utf8))
    }

    @Test func concurrentInterningAndLookups() async {
        await withTaskGroup(of: Bool.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for i in 0..<500 {
                        let name = "C\(task)-\(i)-registry"
                        let id = AbbreviationRegistry.id(of: name)
                        guard AbbreviationRegistry.abbreviation(id) == name,
                              AbbreviationRegistry.abbreviation(AbbreviationRegistry.id(of: "EST")) == "EST" else { return false }
                    }
                    return true
                }
            }
            for await ok in group { #expect(ok) }
        }
    }
}
