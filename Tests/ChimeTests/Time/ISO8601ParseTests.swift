import Foundation
import Testing
@testable import ChimeZones
@testable import ChimeTestSupport

/// `ISO8601Format.parseInstant(utf8:)` reads `YYYY-MM-DDTHH:MM:SSZ` through a shortcut
/// (`parseWholeSecondUTC`). Where the shortcut answers, its instant is the general reader's
/// (`parseAnyInstant`), and it leaves every text the general reader refuses to it; its instants
/// are Foundation's.
@Suite struct ISO8601ParseTests {
    /// 200,000 seeded texts: valid ones (years 1…9999, month ends, February 29 in leap and common
    /// years) and ones with a field out of range (month 13, day 32, hour 24, second 60, year 0) or
    /// one byte changed (a letter, a sign, another separator, a lowercase `t` or `z`).
    @Test func shortcutAgreesWithTheGeneralReader() {
        var rng = SplitMix64(seed: 0x1509_2026)
        var differences: [String] = [], answered = 0
        for _ in 0..<200_000 {
            let year = [rng.next(in: 1...9999), rng.next(in: 1896...2104), [0, 1, 1600, 1900, 2000, 2100, 9999][rng.next(in: 0...6)]][rng.next(in: 0...2)]
            let month = rng.next(in: 0...9) == 0 ? [0, 13, 99][rng.next(in: 0...2)] : rng.next(in: 1...12)
            let day = rng.next(in: 0...1) == 0 ? rng.next(in: 27...32) : rng.next(in: 0...31)
            let hour = rng.next(in: 0...19) == 0 ? 24 : rng.next(in: 0...23)
            let minute = rng.next(in: 0...19) == 0 ? 60 : rng.next(in: 0...59)
            let second = rng.next(in: 0...19) == 0 ? 60 : rng.next(in: 0...59)
            var text = Array(String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", year, month, day, hour, minute, second).utf8)
            if rng.next(in: 0...3) == 0 {
                text[rng.next(in: 0...19)] = Array("9aT:-+Z. tz/".utf8)[rng.next(in: 0...11)]
            }
            let general = text.withUnsafeBufferPointer { bytes in Result { () throws(TimeError) in try ISO8601Format.parseAnyInstant(utf8: bytes) } }
            let shortcut = text.withUnsafeBufferPointer { ISO8601Format.parseWholeSecondUTC($0) }
            if let shortcut {
                answered += 1
                if general != .success(shortcut) {
                    differences.append("\(String(decoding: text, as: UTF8.self)): shortcut \(shortcut), general \(general)")
                }
            } else if case .success(let instant) = general, text.count == 20, text[10] == UInt8(ascii: "T"), text[19] == UInt8(ascii: "Z"),
                      (1...9999).contains(year) {
                differences.append("\(String(decoding: text, as: UTF8.self)): the shortcut refused what the general reader read as \(instant)")
            }
        }
        Differences.expectNone(differences, of: 200_000, "texts read differently")
        #expect(answered > 50_000, "the shortcut answered only \(answered) texts")
    }

    /// Years 1900…9999: the shortcut's instants against Foundation's `ISO8601DateFormatter`.
    @Test func shortcutReadsAsFoundation() throws {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        var rng = SplitMix64(seed: 0x150F_2026)
        var differences: [String] = []
        for _ in 0..<5_000 {
            let year = rng.next(in: 1900...9999), month = rng.next(in: 1...12)
            let day = rng.next(in: 1...Int(CivilArithmetic.daysInMonth(year: Int64(year), month: Int64(month))))
            let text = String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", year, month, day, rng.next(in: 0...23), rng.next(in: 0...59), rng.next(in: 0...59))
            let expected = try #require(formatter.date(from: text), "Foundation refused \(text)")
            let read = try #require(Array(text.utf8).withUnsafeBufferPointer { ISO8601Format.parseWholeSecondUTC($0) }, "shortcut refused \(text)")
            if Double(read.seconds) != expected.timeIntervalSince1970 {
                differences.append("\(text): \(read.seconds), Foundation \(expected.timeIntervalSince1970)")
            }
        }
        Differences.expectNone(differences, of: 5_000, "instants differ from Foundation's")
    }
}
