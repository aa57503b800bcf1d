import Chime
import ChimeJSON

/// One request line compiled once — its zone resolved, an interval anchored — then asked for fires
/// many times: what the C ABI's schedule handles hold (`chime_schedule_open`), and so Python's
/// `chime.Schedule`. The line is a batch request (docs/contract.md, `ScheduleRequest.Kind.batch`):
/// its `after` anchors an interval given without an anchor (default: now); `id` and `count` are
/// read as batch reads them and otherwise unused.
///
/// ```swift
/// let line = #"{"zone": "America/New_York", "trigger": {"cron": {"expression": "30 2 * * *"}}}"#
/// let schedule = try BatchSchedule(line: Array(line.utf8), database: .shared)
/// try schedule.fires(from: Chime.instant("2026-03-07T12:00:00Z"), backward: false, count: 1)
/// // [2026-03-08T03:00:00-04:00 EDT (2026-03-08T07:00:00Z, gapNextTime)]: 02:30 does not exist
/// // that night, and POSIX cron runs the job as the clock leaves the gap
/// ```
package struct BatchSchedule: Sendable {
    package let schedule: Schedule
    /// The zone id as the request gave it (or as its trigger names it).
    package let requestedZone: String

    /// Compiles a request line; errors are the codes and words `chime batch` answers with.
    package init(line bytes: [UInt8], database: ZoneDatabase) throws(BatchError) {
        let request = try BatchProcessor.decode(try BatchProcessor.parse(bytes))
        let (zone, requested) = try request.zoneRules(in: database)
        let after = try request.after.map { text throws(BatchError) in try TimeInput.read(text, name: "after", zone: zone).instant } ?? TimeInput.now()
        schedule = Schedule(try request.anchoredTrigger(after: after, zone: zone), in: zone)
        requestedZone = requested
    }

    /// Whether `previousFire(before:)` can answer: the kinds that search backward.
    package var searchesBackward: Bool {
        switch schedule.trigger {
        case .calendar, .interval, .weekly, .cron: true
        case .onCalendar, .flutterAndroid, .rrule: false
        }
    }

    /// The schedule in words, with its zone: `at 02:30 every day, America/New_York`.
    package var words: String { schedule.description }

    /// `{"zone", "requested", "source", "version", "trigger", "description", "backward"}`: what
    /// a caller shows or needs once (the zone for its own time library, the trigger as understood).
    package var info: JSON {
        let zone = schedule.zone
        return .object([("zone", .string(zone.identifier)), ("requested", .string(requestedZone)),
                        ("source", .string(zone.source.rawValue)), ("version", .optional(zone.version)),
                        ("trigger", TriggerJSON.describe(schedule.trigger)), ("description", .string(words)),
                        ("backward", .bool(searchesBackward))])
    }

    /// An instant typed by a person (`TimeInput`: RFC 3339, `@EPOCH`, `now`, or a local time read
    /// in the schedule's zone).
    package func instant(_ text: String) throws(BatchError) -> Instant {
        try TimeInput.read(text, name: "instant", zone: schedule.zone).instant
    }

    /// Up to `count` fires strictly after `instant` (strictly before it, backward, latest first),
    /// each searched from the one before with the trigger as that fire left it.
    package func fires(from instant: Instant, backward: Bool, count: Int) throws(BatchError) -> [Fire] {
        var cursor = Cursor(self, from: instant, backward: backward)
        return try cursor.next(count)
    }

    /// A walk through the schedule's fires that keeps its place (and the trigger's state) between
    /// calls: Python's lazy `Schedule.fires()`.
    package struct Cursor: Sendable {
        private var iterator: FireIterator
        private let backward: Bool
        private var last: Instant
        private var ended = false

        package init(_ schedule: BatchSchedule, from instant: Instant, backward: Bool) {
            iterator = FireIterator(trigger: schedule.schedule.trigger, zone: schedule.schedule.zone, start: instant)
            self.backward = backward
            last = instant
        }

        /// The next `count` fires (fewer at the end of the schedule); an error leaves the cursor
        /// where it was.
        package mutating func next(_ count: Int) throws(BatchError) -> [Fire] {
            var fires: [Fire] = []
            fires.reserveCapacity(min(count, 4096))
            while fires.count < count, !ended {
                let fire: Fire?
                do {
                    if backward {
                        fire = try iterator.trigger.previousFire(before: last, in: iterator.zone)
                        if fire != nil, !iterator.trigger.repeats { ended = true }
                    } else {
                        fire = try iterator.nextFire()
                    }
                } catch {
                    throw BatchError(error)   // its code: wallTimeSkipped (gap policy reject), else invalidTrigger
                }
                guard let fire else { ended = true; break }
                last = fire.instant
                fires.append(fire)
            }
            return fires
        }
    }
}
