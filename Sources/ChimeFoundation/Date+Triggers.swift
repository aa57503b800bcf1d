import Foundation
import Chime

// The `Date` spellings of the instant-taking calls: `trigger.nextFire(after: Date(), in: ny)`.

extension Trigger {
    /// The first fire strictly after `date` (`nextFire(after: Instant(date), in:)`).
    public func nextFire(after date: Date, in zone: ZoneRules) throws(TriggerError) -> Fire? {
        try nextFire(after: Instant(date), in: zone)
    }

    /// The last fire strictly before `date`.
    public func previousFire(before date: Date, in zone: ZoneRules) throws(TriggerError) -> Fire? {
        try previousFire(before: Instant(date), in: zone)
    }

    /// Up to `count` fires after `date`.
    public func fires(after date: Date, in zone: ZoneRules, count: Int) throws(TriggerError) -> [Fire] {
        try fires(after: Instant(date), in: zone, count: count)
    }

    /// The fires after `date`, lazily (`FireSequence`).
    public func fires(after date: Date, in zone: ZoneRules) throws(TriggerError) -> FireSequence {
        try fires(after: Instant(date), in: zone)
    }
}

extension Schedule {
    /// The first fire strictly after `date` (`next(after: Instant(date))`).
    public func next(after date: Date) throws(TriggerError) -> Fire? { try next(after: Instant(date)) }
    /// The last fire strictly before `date`.
    public func previous(before date: Date) throws(TriggerError) -> Fire? { try previous(before: Instant(date)) }
    /// Up to `count` fires after `date`.
    public func fires(after date: Date, count: Int) throws(TriggerError) -> [Fire] { try fires(after: Instant(date), count: count) }
    /// The fires after `date`, lazily (`FireSequence`; refuses gap policy `reject`).
    public func fires(after date: Date) throws(TriggerError) -> FireSequence { try fires(after: Instant(date)) }

    /// `trigger` in a Foundation `TimeZone`.
    public init(_ trigger: Trigger, in timeZone: TimeZone) throws {
        self.init(trigger, in: try ZoneDatabase.shared.rules(for: timeZone))
    }
}

extension ZoneRules {
    /// Seconds east of UTC at `date`.
    public func utcOffset(at date: Date) -> Int32 { utcOffset(at: Instant(date)) }
}
