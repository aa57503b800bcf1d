import Chime
import ChimeFoundation
import Foundation

/// A small reminder service on Chime:
///
/// 1. reads its reminders (`reminders.json`: pending requests in docs/contract.md's shape, payload
///    included) with `JSONDecoder` — a bad one is reported with its coding path;
/// 2. adds one reminder of its own from Foundation values (`DateComponents`, `TimeZone.current`);
/// 3. prints each reminder's next fires from a lazy fire sequence;
/// 4. keeps them in a `PendingStore` (the 64 soonest, as iOS does) and, on every minute of a cron
///    schedule's alarms (an `AsyncSequence` that sleeps until each fire), delivers what is due.
///
/// `--simulate N` runs N minutes from 2026-03-07T12:00:00Z on a clock that does not wait (what
/// tests do); without it the service runs on the real clock until stopped.
@main
struct ReminderService {
    static func main() async {
        do {
            try await run(arguments: Array(CommandLine.arguments.dropFirst()))
        } catch {
            // ChimeFoundation makes Chime's errors LocalizedErrors: the sentence, not a type name.
            FileHandle.standardError.write(Data("reminder-service: \(error.localizedDescription)\n".utf8))
            exit(2)
        }
    }

    static func run(arguments: [String]) async throws {
        var file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../reminders.json").standardized
        var simulatedMinutes: Int?
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--simulate": simulatedMinutes = rest.popFirst().flatMap { Int($0) }
            case "--reminders": file = URL(fileURLWithPath: rest.popFirst() ?? "")
            default: throw UsageError(text: "usage: reminder-service [--reminders FILE] [--simulate MINUTES]")
            }
        }
        let start = simulatedMinutes == nil ? Date() : Date(timeIntervalSince1970: 1_772_884_800)   // 2026-03-07T12:00:00Z

        // 1. Reminders from JSON: `PendingRequest` is Codable both ways, payload included.
        var reminders: [PendingRequest]
        do {
            reminders = try JSONDecoder().decode([PendingRequest].self, from: Data(contentsOf: file))
        } catch let DecodingError.dataCorrupted(context) {
            let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            throw UsageError(text: "\(file.path): \(path): \(context.debugDescription)")
        }

        // 2. One from Foundation values: weekdays at 17:45 in this machine's zone.
        let here = try Chime.zone(TimeZone.current)
        let leave = try CalendarTrigger(DateComponents(hour: 17, minute: 45), matchingPolicy: .nextTime)
        reminders.append(try PendingRequest(identifier: "leave-work", trigger: .calendar(leave), zone: here,
                                            payload: PendingPayload(rawJSON: #"{"title":"Time to go"}"#), createdAt: Instant(start)))

        // 3. What is coming, from lazy fire sequences.
        print("reminders, from \(Instant(start)):")
        for reminder in reminders {
            let schedule = Schedule(reminder.trigger, in: reminder.zone)
            let next = try schedule.fires(after: start).prefix(2).map { "\($0)" }
            print("  \(reminder.identifier): \(schedule)")
            for fire in next { print("      \(fire)") }
        }

        // 4. The store, driven by a schedule's alarms: every minute, deliver what is due.
        var store = try PendingStore(limit: 64, rule: .soonest)
        let added = try store.add(contentsOf: reminders, now: Instant(start))
        for error in added.errors { print("not added: \(error)") }
        let everyMinute = try Schedule(cron: "* * * * *", in: "UTC")
        if let minutes = simulatedMinutes {
            let clock = InstantClock()
            let now: @Sendable () -> Instant = { Instant(start).advanced(by: clock.elapsed) }
            try await serve(&store, ticks: everyMinute.alarms(after: Instant(start), clock: clock, now: now), limit: minutes)
        } else {
            try await serve(&store, ticks: everyMinute.alarms(after: Instant(start)), limit: nil)
        }
    }

    /// Delivers, at every tick, the fires due by then.
    static func serve<C: Clock>(_ store: inout PendingStore, ticks: FireAlarms<C>, limit: Int?) async throws where C.Duration == Duration {
        var count = 0
        for try await tick in ticks {
            let report = try store.deliver(until: tick.instant)
            for delivery in report.deliveries {
                let request = store.entry(for: delivery.identifier)?.request
                let title = request?.payload?.text ?? ""
                print("\(tick.instant)  \(delivery.identifier.padding(toLength: 11, withPad: " ", startingAt: 0)) \(delivery.fire)  \(title)")
            }
            for discard in report.discarded { print("\(tick.instant)  dropped \(discard.identifier)") }
            count += 1
            if let limit, count >= limit { break }
        }
    }
}

struct UsageError: Error, LocalizedError {
    let text: String
    var errorDescription: String? { text }
}

/// A clock that never waits: `sleep` moves its time to the deadline at once, so a simulated day
/// runs in milliseconds. (Tests of code built on `FireAlarms` do the same.)
final class InstantClock: Clock, @unchecked Sendable {
    struct Moment: InstantProtocol {
        var offset: Duration
        func advanced(by duration: Duration) -> Moment { Moment(offset: offset + duration) }
        func duration(to other: Moment) -> Duration { other.offset - offset }
        static func < (a: Moment, b: Moment) -> Bool { a.offset < b.offset }
    }

    private let lock = NSLock()
    private var moved: Duration = .zero
    var elapsed: Duration { lock.withLock { moved } }
    var now: Moment { Moment(offset: elapsed) }
    var minimumResolution: Duration { .zero }

    func sleep(until deadline: Moment, tolerance: Duration?) async throws {
        lock.withLock { moved = max(moved, deadline.offset) }
    }
}
