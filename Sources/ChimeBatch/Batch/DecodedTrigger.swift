#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Chime
import ChimeJSON

/// A trigger decoded from a request line and the JSON text it came from: `BatchProcessor` caches
/// these (a class, so a lookup hands out a reference rather than a copy of the trigger) and
/// recognizes the same text on later lines by comparing bytes. Workers share one (a pending
/// table's `TriggerCache`): all but `tableNumber` is immutable, and only the table's thread
/// touches that.
final class DecodedTrigger: @unchecked Sendable {
    let trigger: Trigger
    /// Where an interval's anchor comes from (`.given` for every other trigger).
    let anchor: ScheduleRequest.Anchor
    /// The text, checked JSON: one complete object.
    let json: UnsafeBufferPointer<UInt8>
    /// The number `PendingRequestTable` stored this text under, once it has (its rows name their
    /// trigger by number): a line whose trigger a cache handed out again needs no lookup.
    /// Written and read by the table's thread only.
    var tableNumber: UInt32?

    /// Whether the trigger names its own zone (`Trigger.namedZone`; the request's must agree).
    let namesZone: Bool
    /// Whether the trigger searches backward (`PendingRequest.check`: not a pending request).
    let isBackward: Bool

    /// A calendar trigger's payload, boxed: read in place through the box, where taking it out
    /// of `trigger` (`if case .calendar(let c)`) copies a few hundred bytes per request.
    let calendar: CalendarBox?
    /// For a calendar trigger, a walk of its fires not yet begun (`CalendarFireStepper`) and
    /// whether it repeats: a request copies these few bytes and reaches into the box only when
    /// the trigger's search must answer.
    let calendarWalk: (stepper: CalendarFireStepper, repeats: Bool)?

    final class CalendarBox: Sendable {
        let trigger: CalendarTrigger
        init(_ trigger: CalendarTrigger) { self.trigger = trigger }

        /// `trigger.nextFire(after:in:)`, the trigger read in place.
        func nextFire(after instant: Instant, in zone: ZoneRules) throws(TriggerError) -> Fire? {
            try trigger.nextFire(after: instant, in: zone)
        }
    }

    init(_ trigger: Trigger, anchor: ScheduleRequest.Anchor, json: UnsafeBufferPointer<UInt8>) {
        self.trigger = trigger
        if case .calendar(let calendar) = trigger {
            self.calendar = CalendarBox(calendar)
            calendarWalk = (CalendarFireStepper(calendar), calendar.repeats)
        } else {
            self.calendar = nil
            calendarWalk = nil
        }
        self.anchor = anchor
        namesZone = trigger.namedZone != nil
        isBackward = (try? PendingRequest.check(identifier: "-", trigger: trigger)) == nil
        let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: json.count)
        _ = copy.initialize(from: json)
        self.json = UnsafeBufferPointer(copy)
    }

    deinit { json.deallocate() }

    /// The trigger a JSON text decodes to — the common shapes straight from the bytes
    /// (`TriggerScanner`), anything else through the tree — and whether later lines may reuse it
    /// (an interval anchored at "now" is a new trigger every second); nil when it does not decode.
    static func decode(_ json: UnsafeBufferPointer<UInt8>) -> (DecodedTrigger, reusable: Bool)? {
        if let (trigger, anchor) = TriggerScanner.decode(json) {
            return (DecodedTrigger(trigger, anchor: anchor, json: json), true)
        }
        guard let tree = try? JSONParser.parse(Array(json)),
              let (trigger, anchor) = try? ScheduleRequest.decodeTrigger(from: JSONTreeDecoder.root(of: tree)) else { return nil }
        let startsNow = tree.member("interval", of: tree.root).map { interval in
            guard let anchor = tree.member("anchor", of: interval), tree.kind(at: anchor) == .string else { return false }
            return tree.string(at: anchor) == "now"
        } ?? false
        return (DecodedTrigger(trigger, anchor: anchor, json: json), !startsNow)
    }

    /// `PendingRequest.nextFire(of:in:identifier:after:)` of the trigger, read in place (a
    /// `Trigger` is 500 bytes, and reading it from outside copies it).
    func nextFire(in zone: ZoneRules, identifier: String, after instant: Instant) throws(PendingError) -> Fire? {
        try PendingRequest.nextFire(of: trigger, in: zone, identifier: identifier, after: instant)
    }

    /// Whether `bytes` start with this trigger's text.
    func isPrefix(of bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = json.count
        guard n <= bytes.count, let mine = json.baseAddress, let theirs = bytes.baseAddress else { return false }
        // The last eight bytes first: triggers share their first ones (`{"calendar":{"components"`).
        if n >= 8, UnsafeRawPointer(mine + n - 8).loadUnaligned(as: UInt64.self) != UnsafeRawPointer(theirs + n - 8).loadUnaligned(as: UInt64.self) {
            return false
        }
        return memcmp(mine, theirs, n) == 0
    }
}
