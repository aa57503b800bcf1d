import Foundation
import Testing
@testable import Chime
@testable import ChimeBatch
@testable import ChimeJSON
@testable import ChimeZones
@testable import ChimeTestSupport

/// `FireWriter` writes a fire whole days after the previous one by moving that fire's two dates
/// (`ISO8601Format.advanceDate`). Its bytes must be `FireFormatting.write`'s, which writes every
/// fire from scratch, and its timestamps Foundation's.
@Suite struct FireWriterTests {
    /// 40,000 fires in runs that step 1–28 days (across month and year ends and leap days, from
    /// 0001 to 9999), change offset or abbreviation, carry nanoseconds or a seconds offset (LMT),
    /// or jump: each line's bytes are the fires written one by one by `FireFormatting`.
    @Test func movedDatesWriteTheBytesOfAFreshFire() {
        let types = [LocalTimeType(utcOffset: -18_000, isDST: false, abbreviation: "EST"),
                     LocalTimeType(utcOffset: -14_400, isDST: true, abbreviation: "EDT"),
                     LocalTimeType(utcOffset: 36_000, isDST: false, abbreviation: "AEST"),
                     LocalTimeType(utcOffset: 0, isDST: false, abbreviation: "GMT"),
                     LocalTimeType(utcOffset: -17_762, isDST: false, abbreviation: "LMT"),   // −04:56:02
                     LocalTimeType(utcOffset: 50_400, isDST: true, abbreviation: "+14")]
        var rng = SplitMix64(seed: 0xF12E_2026)
        let writer = FireWriter()
        var differences: [String] = [], lines = 0
        while lines < 4_000 {
            lines += 1
            // Starts spread over years 1…9999, and often at a month's or year's last days.
            var seconds: Int64 = switch rng.next(in: 0...3) {
            case 0: Int64(rng.next(in: -62_135_000_000...253_390_000_000))
            case 1: CivilArithmetic.daysFromCivil(year: Int64(rng.next(in: 1...9999)), month: 12, day: Int64(rng.next(in: 1...31))) * 86_400
            case 2: CivilArithmetic.daysFromCivil(year: Int64(rng.next(in: 1896...2104)), month: 2, day: Int64(rng.next(in: 1...28))) * 86_400
            default: Int64(rng.next(in: 0...4_102_444_800))
            }
            seconds += Int64(rng.next(in: 0...86_399))
            var type = types[rng.next(in: 0...types.count - 1)]
            var fires: [Fire] = []
            for _ in 0..<10 {
                switch rng.next(in: 0...19) {
                case 0: type = types[rng.next(in: 0...types.count - 1)]
                case 1: seconds += Int64(rng.next(in: 1...100_000))
                case 2: seconds += Int64(rng.next(in: 29...400)) * 86_400
                default: seconds += Int64(rng.next(in: 0...3) == 0 ? rng.next(in: 1...28) : 1) * 86_400
                }
                guard seconds < 253_402_000_000 else { break }
                let nanoseconds = Int32(rng.next(in: 0...29) == 0 ? rng.next(in: 1...999_999_999) : 0)
                let adjustment: FireAdjustment = rng.next(in: 0...29) == 0 ? .gapNextTime : .exact
                fires.append(Fire(instant: Instant(seconds: seconds, nanoseconds: nanoseconds), type: type, adjustment: adjustment))
            }
            var written: [UInt8] = [], expected: [UInt8] = []
            for (index, fire) in fires.enumerated() {
                writer.append(fire, comma: index > 0, to: &written)
                if index > 0 { expected.append(UInt8(ascii: ",")) }
                FireFormatting.write(fire, to: &expected)
            }
            writer.flush(to: &written)
            if written != expected {
                differences.append("\(String(decoding: written, as: UTF8.self))\n  fresh: \(String(decoding: expected, as: UTF8.self))")
            }
        }
        Differences.expectNone(differences, of: lines, "lines differ from fires written one by one")
    }

    /// `repeatLast` (a run of fires a day or a week apart, at one offset) writes each fire's
    /// bytes as `FireFormatting` writes it: 3,000 runs of 1–60 fires from starts in years 1…9900.
    @Test func repeatedFiresWriteTheBytesOfFreshFires() {
        let types = [LocalTimeType(utcOffset: -14_400, isDST: true, abbreviation: "EDT"),
                     LocalTimeType(utcOffset: 19_800, isDST: false, abbreviation: "IST"),
                     LocalTimeType(utcOffset: -17_762, isDST: false, abbreviation: "LMT")]
        var rng = SplitMix64(seed: 0x12E9_2026)
        let writer = FireWriter()
        var differences: [String] = []
        for _ in 0..<3_000 {
            let first = Fire(instant: Instant(seconds: Int64(rng.next(in: -62_000_000_000...250_000_000_000))),
                             type: types[rng.next(in: 0...types.count - 1)], adjustment: .exact)
            let stride: Int64 = rng.next(in: 0...1) == 0 ? 86_400 : 7 * 86_400, count = rng.next(in: 1...60)
            var written: [UInt8] = [], expected: [UInt8] = []
            writer.append(first, comma: false, to: &written)
            FireFormatting.write(first, to: &expected)
            #expect(writer.isLast(first))
            let last = writer.repeatLast(count, stride: stride, to: &written)
            writer.flush(to: &written)
            for k in 1...count {
                expected.append(UInt8(ascii: ","))
                FireFormatting.write(first.later(by: Int64(k) * stride), to: &expected)
            }
            if written != expected || last != first.later(by: Int64(count) * stride).instant {
                differences.append("\(first.instant) + \(count) × \(stride) s: \(String(decoding: written, as: UTF8.self).suffix(200))")
            }
        }
        Differences.expectNone(differences, of: 3_000, "runs differ from fires written one by one")
    }

    /// `advanceDate` from every day of 1999–2101 by 1…28 days against Foundation's Gregorian
    /// calendar adding those days (a day in 9 of its 28 steps, for time), and at the end of 9999.
    @Test func advanceDateAddsDaysAsFoundationDoes() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(secondsFromGMT: 0))
        let formatter = DateFormatter()
        formatter.calendar = calendar
        formatter.timeZone = calendar.timeZone
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd"
        var differences: [String] = [], compared = 0
        let first = CivilArithmetic.daysFromCivil(year: 1999, month: 1, day: 1), last = CivilArithmetic.daysFromCivil(year: 2101, month: 12, day: 31)
        var buffer = [UInt8](repeating: 0, count: 10)
        for day in first...last {
            let date = Date(timeIntervalSince1970: Double(day * 86_400))
            let text = formatter.string(from: date)
            for days in 1...28 where (day + Int64(days)) % 9 == 0 || days == 1 || days == 28 {
                buffer = Array(text.utf8)
                let moved = buffer.withUnsafeMutableBufferPointer { ISO8601Format.advanceDate(at: $0.baseAddress!, byDays: days) }
                let expected = formatter.string(from: try #require(calendar.date(byAdding: .day, value: days, to: date)))
                compared += 1
                if !moved || String(decoding: buffer, as: UTF8.self) != expected {
                    differences.append("\(text) + \(days): \(String(decoding: buffer, as: UTF8.self)), Foundation \(expected)")
                }
            }
        }
        Differences.expectNone(differences, of: compared, "moved dates differ from Foundation's")
        // Past 9999-12-31 there is no four-digit year: nothing is written.
        buffer = Array("9999-12-20".utf8)
        #expect(buffer.withUnsafeMutableBufferPointer { ISO8601Format.advanceDate(at: $0.baseAddress!, byDays: 11) } == true)
        #expect(String(decoding: buffer, as: UTF8.self) == "9999-12-31")
        #expect(buffer.withUnsafeMutableBufferPointer { ISO8601Format.advanceDate(at: $0.baseAddress!, byDays: 1) } == false)
        #expect(String(decoding: buffer, as: UTF8.self) == "9999-12-31")
    }
}
