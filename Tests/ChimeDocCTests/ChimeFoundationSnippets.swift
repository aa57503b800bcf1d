import Testing
import Chime
import ChimeFoundation
import Foundation

/// The listings of Sources/ChimeFoundation/ChimeFoundation.docc/ChimeFoundation.md, as written
/// there (ArticleListingsTests holds the article to this file), with checks of the values stated.
///
/// Hand-derived: 2026-03-07T12:00:00Z is 1772884800 s after the epoch (2026-01-01T00:00:00Z is
/// 1767225600: 20454 days; plus 65 days and 12 hours), 2026-03-08T07:00:00Z is 1772953200 (19 h
/// later). America/New_York springs forward at 02:00 EST = 07:00:00Z that day (the second Sunday
/// of March), so 02:30 does not exist, and Foundation's `nextTime` gives the first instant after
/// the gap: 03:00 EDT = 07:00:00Z.
@Suite struct ChimeFoundationSnippets {
    @Test func datesTimeZonesAndDateComponents() throws {
        let newYork = try Chime.zone(TimeZone(identifier: "America/New_York")!)
        let trigger = try CalendarTrigger(DateComponents(hour: 2, minute: 30), matchingPolicy: .nextTime)
        let schedule = Schedule(.calendar(trigger), in: newYork)
        let saturday = Date(timeIntervalSince1970: 1_772_884_800)          // 2026-03-07T12:00:00Z
        let fire = try schedule.next(after: saturday)
        // fire?.date == Date(timeIntervalSince1970: 1_772_953_200): 2026-03-08T07:00:00Z,
        // 03:00 EDT, the first instant after the gap (Foundation's nextTime, gapNextTime)

        #expect(Instant(saturday) == (try Chime.instant("2026-03-07T12:00:00Z")))
        #expect(fire?.date == Date(timeIntervalSince1970: 1_772_953_200))
        #expect(fire?.instant == (try Chime.instant("2026-03-08T07:00:00Z")))
        #expect(fire?.abbreviation == "EDT")
        #expect(fire?.adjustment == .gapNextTime)
    }

    @Test func refusedNeverDropped() throws {
        var components = DateComponents(hour: 9)
        components.era = 1
        var refusal: Error?
        do {
            _ = try CalendarComponents(components)
        } catch {
            refusal = error      // FoundationBridgeError.unsupportedComponent(name: "era", …)
        }

        guard case let .unsupportedComponent(name, _)? = refusal as? FoundationBridgeError else {
            Issue.record("expected unsupportedComponent, got \(String(describing: refusal))"); return
        }
        #expect(name == "era")
    }

    @Test func errorsAsLocalizedError() throws {
        var message = ""
        do {
            _ = try Chime.zone("Mars/Olympus")
        } catch {
            message = error.localizedDescription    // "unknown time zone 'Mars/Olympus'…"
        }

        #expect(message.hasPrefix("unknown time zone 'Mars/Olympus'"))
    }
}
