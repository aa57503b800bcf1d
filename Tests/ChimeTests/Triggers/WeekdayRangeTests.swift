import Foundation
import Testing
@testable import Chime
@testable import ChimeBatch
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// Weekday ranges in a weekly trigger (`--weekly mon-fri@08:30`, batch `"weekdays": ["mon-fri"]`),
/// as cron (`1-5`) and OnCalendar (`Mon..Fri`) write them. Hand-derived: 2026-03-06 is a Friday
/// (2026-01-01 was a Thursday; 64 days later, 64 = 9 × 7 + 1), so after it 10:00 UTC the next
/// Monday–Wednesday are March 9, 10 and 11.
@Suite struct WeekdayRangeTests {
    @Test func aRangeIsEveryDayFromTheFirstToTheLast() throws {
        #expect(try Weekday.days("mon-fri") == [.monday, .tuesday, .wednesday, .thursday, .friday])
        #expect(try Weekday.days("Sunday-tue") == [.sunday, .monday, .tuesday])
        #expect(try Weekday.days("sat") == [.saturday])
        #expect(try Weekday.days("2-4") == [.monday, .tuesday, .wednesday])
        #expect(throws: TriggerError.self) { try Weekday.days("fri-mon") }
        #expect(throws: TriggerError.self) { try Weekday.days("mon-") }
        #expect(throws: TriggerError.self) { try Weekday.days("mon-tue-wed") }
    }

    @Test func batchReadsRanges() throws {
        var processor = BatchProcessor(database: Fixtures.tzifDatabase)
        var answer: [UInt8] = []
        let line = #"{"id":1,"zone":"UTC","after":"2026-03-06T12:00:00Z","count":3,"trigger":{"weekly":{"weekdays":["mon-wed","fri"],"time":"10:00"}}}"#
        Array(line.utf8).withUnsafeBufferPointer { processor.respond(toLine: $0, into: &answer) }
        let fires = (try JSONSerialization.jsonObject(with: Data(answer)) as! [String: Any])["fires"] as! [[String: Any]]
        #expect(fires.map { $0["utc"] as! String } == ["2026-03-09T10:00:00Z", "2026-03-10T10:00:00Z", "2026-03-11T10:00:00Z"])
    }
}
