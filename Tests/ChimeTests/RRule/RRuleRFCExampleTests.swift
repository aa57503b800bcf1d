import Foundation
import Testing
@testable import Chime
@testable import ChimeTestSupport

/// RFC 5545 §3.8.5.3 ("Recurrence Rule", Examples; https://www.rfc-editor.org/rfc/rfc5545#section-3.8.5.3):
/// the published expansions, copied by hand from the RFC's text (description, DTSTART, RRULE and the
/// listed instances, all in America/New_York). The example "Every 3 hours from 9:00 AM to 5:00 PM on
/// a specific day" is left out: its UNTIL=19970902T170000Z is 13:00 EDT, so the listed 15:00 contradicts
/// the rule (a known erratum of the text).
@Suite struct RRuleRFCExampleTests {
    struct Example {
        let description: String
        let text: String
        /// The listed wall times, `YYYY-MM-DDTHH:MM` (the RFC lists dates per month at 09:00 unless said).
        let walls: [String]
        /// How many to compare (the example's whole list, or its first instances for "forever").
        var count: Int { walls.count }
    }

    static func days(_ year: Int, _ month: Int, _ days: [Int], at time: String = "09:00") -> [String] {
        days.map { String(format: "%04d-%02d-%02dT", year, month, $0) + time }
    }

    static let examples: [Example] = [
        Example(description: "Daily for 10 occurrences", text: "DTSTART;TZID=America/New_York:19970902T090000\nRRULE:FREQ=DAILY;COUNT=10",
                walls: days(1997, 9, Array(2...11))),
        Example(description: "Every other day - forever", text: "DTSTART;TZID=America/New_York:19970902T090000\nRRULE:FREQ=DAILY;INTERVAL=2",
                walls: days(1997, 9, [2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30]) + days(1997, 10, [2, 4, 6])),
        Example(description: "Every 10 days, 5 occurrences", text: "DTSTART;TZID=America/New_York:19970902T090000\nRRULE:FREQ=DAILY;INTERVAL=10;COUNT=5",
                walls: days(1997, 9, [2, 12, 22]) + days(1997, 10, [2, 12])),
        Example(description: "Weekly for 10 occurrences", text: "DTSTART;TZID=America/New_York:19970902T090000\nRRULE:FREQ=WEEKLY;COUNT=10",
                walls: days(1997, 9, [2, 9, 16, 23, 30]) + days(1997, 10, [7, 14, 21, 28]) + days(1997, 11, [4])),
        Example(description: "Monthly on the first Friday for 10 occurrences", text: "DTSTART;TZID=America/New_York:19970905T090000\nRRULE:FREQ=MONTHLY;COUNT=10;BYDAY=1FR",
                walls: days(1997, 9, [5]) + days(1997, 10, [3]) + days(1997, 11, [7]) + days(1997, 12, [5]) + days(1998, 1, [2]) + days(1998, 2, [6])
                    + days(1998, 3, [6]) + days(1998, 4, [3]) + days(1998, 5, [1]) + days(1998, 6, [5])),
        Example(description: "Every other month on the first and last Sunday of the month for 10 occurrences",
                text: "DTSTART;TZID=America/New_York:19970907T090000\nRRULE:FREQ=MONTHLY;INTERVAL=2;COUNT=10;BYDAY=1SU,-1SU",
                walls: days(1997, 9, [7, 28]) + days(1997, 11, [2, 30]) + days(1998, 1, [4, 25]) + days(1998, 3, [1, 29]) + days(1998, 5, [3, 31])),
        Example(description: "Monthly on the second-to-last Monday of the month for 6 months",
                text: "DTSTART;TZID=America/New_York:19970922T090000\nRRULE:FREQ=MONTHLY;COUNT=6;BYDAY=-2MO",
                walls: days(1997, 9, [22]) + days(1997, 10, [20]) + days(1997, 11, [17]) + days(1997, 12, [22]) + days(1998, 1, [19]) + days(1998, 2, [16])),
        Example(description: "Monthly on the third-to-the-last day of the month, forever",
                text: "DTSTART;TZID=America/New_York:19970928T090000\nRRULE:FREQ=MONTHLY;BYMONTHDAY=-3",
                walls: days(1997, 9, [28]) + days(1997, 10, [29]) + days(1997, 11, [28]) + days(1997, 12, [29]) + days(1998, 1, [29]) + days(1998, 2, [26])),
        Example(description: "Every Friday the 13th, forever",
                text: "DTSTART;TZID=America/New_York:19970902T090000\nEXDATE;TZID=America/New_York:19970902T090000\nRRULE:FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13",
                walls: days(1998, 2, [13]) + days(1998, 3, [13]) + days(1998, 11, [13]) + days(1999, 8, [13]) + days(2000, 10, [13])),
        Example(description: "The first Saturday that follows the first Sunday of the month, forever",
                text: "DTSTART;TZID=America/New_York:19970913T090000\nRRULE:FREQ=MONTHLY;BYDAY=SA;BYMONTHDAY=7,8,9,10,11,12,13",
                walls: days(1997, 9, [13]) + days(1997, 10, [11]) + days(1997, 11, [8]) + days(1997, 12, [13]) + days(1998, 1, [10]) + days(1998, 2, [7])
                    + days(1998, 3, [7]) + days(1998, 4, [11]) + days(1998, 5, [9]) + days(1998, 6, [13])),
        Example(description: "Every 4 years, the first Tuesday after a Monday in November, forever (U.S. Presidential Election day)",
                text: "DTSTART;TZID=America/New_York:19961105T090000\nRRULE:FREQ=YEARLY;INTERVAL=4;BYMONTH=11;BYDAY=TU;BYMONTHDAY=2,3,4,5,6,7,8",
                walls: days(1996, 11, [5]) + days(2000, 11, [7]) + days(2004, 11, [2])),
        Example(description: "The third instance into the month of one of Tuesday, Wednesday, or Thursday, for the next 3 months",
                text: "DTSTART;TZID=America/New_York:19970904T090000\nRRULE:FREQ=MONTHLY;COUNT=3;BYDAY=TU,WE,TH;BYSETPOS=3",
                walls: days(1997, 9, [4]) + days(1997, 10, [7]) + days(1997, 11, [6])),
        Example(description: "The second-to-last weekday of the month",
                text: "DTSTART;TZID=America/New_York:19970929T090000\nRRULE:FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-2",
                walls: days(1997, 9, [29]) + days(1997, 10, [30]) + days(1997, 11, [27]) + days(1997, 12, [30]) + days(1998, 1, [29]) + days(1998, 2, [26])
                    + days(1998, 3, [30])),
        Example(description: "Monday of week number 20 (where the default start of the week is Monday), forever",
                text: "DTSTART;TZID=America/New_York:19970512T090000\nRRULE:FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO",
                walls: days(1997, 5, [12]) + days(1998, 5, [11]) + days(1999, 5, [17])),
        Example(description: "Every Thursday in March, forever", text: "DTSTART;TZID=America/New_York:19970313T090000\nRRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=TH",
                walls: days(1997, 3, [13, 20, 27]) + days(1998, 3, [5, 12, 19, 26]) + days(1999, 3, [4, 11, 18, 25])),
        Example(description: "Every 20th Monday of the year, forever", text: "DTSTART;TZID=America/New_York:19970519T090000\nRRULE:FREQ=YEARLY;BYDAY=20MO",
                walls: days(1997, 5, [19]) + days(1998, 5, [18]) + days(1999, 5, [17])),
        Example(description: "Every third year on the 1st, 100th, and 200th day for 10 occurrences",
                text: "DTSTART;TZID=America/New_York:19970101T090000\nRRULE:FREQ=YEARLY;INTERVAL=3;COUNT=10;BYYEARDAY=1,100,200",
                walls: days(1997, 1, [1]) + days(1997, 4, [10]) + days(1997, 7, [19]) + days(2000, 1, [1]) + days(2000, 4, [9]) + days(2000, 7, [18])
                    + days(2003, 1, [1]) + days(2003, 4, [10]) + days(2003, 7, [19]) + days(2006, 1, [1])),
        Example(description: "Every 15 minutes for 6 occurrences", text: "DTSTART;TZID=America/New_York:19970902T090000\nRRULE:FREQ=MINUTELY;INTERVAL=15;COUNT=6",
                walls: ["09:00", "09:15", "09:30", "09:45", "10:00", "10:15"].flatMap { days(1997, 9, [2], at: $0) }),
        Example(description: "WKST: every other week on Tuesday and Sunday, WKST=MO",
                text: "DTSTART;TZID=America/New_York:19970805T090000\nRRULE:FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=MO",
                walls: days(1997, 8, [5, 10, 19, 24])),
        Example(description: "WKST: every other week on Tuesday and Sunday, WKST=SU",
                text: "DTSTART;TZID=America/New_York:19970805T090000\nRRULE:FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=SU",
                walls: days(1997, 8, [5, 17, 19, 31])),
        Example(description: "An invalid date (i.e., February 30) is ignored",
                text: "DTSTART;TZID=America/New_York:20070115T090000\nRRULE:FREQ=MONTHLY;BYMONTHDAY=15,30;COUNT=5",
                walls: days(2007, 1, [15, 30]) + days(2007, 2, [15]) + days(2007, 3, [15, 30])),
    ]

    @Test(arguments: examples.indices)
    func rfcExample(_ index: Int) throws {
        let example = Self.examples[index]
        let trigger = try RRuleTrigger(text: example.text)
        let zone = try Fixtures.tzifDatabase.rules(for: "America/New_York")
        let fires = try trigger.fires(after: Instant(seconds: trigger.dtstart.wall), in: zone, count: example.count + 1)
        let walls = fires.prefix(example.count).map { String($0.local.description.prefix(16)) }
        #expect(walls == example.walls, "\(example.description)")
        // Examples with COUNT list every instance: nothing follows.
        if trigger.rule?.count != nil { #expect(fires.count == example.count, "\(example.description): \(fires.count) instances") }
    }
}
