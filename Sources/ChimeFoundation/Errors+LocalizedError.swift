import Foundation
import Chime

// Chime's errors describe themselves (`CustomStringConvertible`); with Foundation imported they
// are `LocalizedError`s too, so `error.localizedDescription` is that sentence rather than
// "The operation could not be completed. (Chime.ZoneError error 0.)". The messages name the
// problem only; what to do next is the app's to say (the `chime` tool adds its own hints).

extension TriggerError: LocalizedError {
    /// The error's `description`, so `localizedDescription` is the sentence naming the problem.
    public var errorDescription: String? { description }
}
extension ZoneError: LocalizedError {
    /// The error's `description`, so `localizedDescription` is the sentence naming the problem.
    public var errorDescription: String? { description }
}
extension TimeError: LocalizedError {
    /// The error's `description`, so `localizedDescription` is the sentence naming the problem.
    public var errorDescription: String? { description }
}
extension CronError: LocalizedError {
    /// The error's `description`, so `localizedDescription` is the sentence naming the problem.
    public var errorDescription: String? { description }
}
extension OnCalendarError: LocalizedError {
    /// The error's `description`, so `localizedDescription` is the sentence naming the problem.
    public var errorDescription: String? { description }
}
extension PendingError: LocalizedError {
    /// The error's `description`, so `localizedDescription` is the sentence naming the problem.
    public var errorDescription: String? { description }
}
extension ScheduleError: LocalizedError {
    /// The error's `description`, so `localizedDescription` is the sentence naming the problem.
    public var errorDescription: String? { description }
}
extension AuditError: LocalizedError {
    /// The error's `description`, so `localizedDescription` is the sentence naming the problem.
    public var errorDescription: String? { description }
}
extension RRuleError: LocalizedError {
    /// The error's `description`, so `localizedDescription` is the sentence naming the problem.
    public var errorDescription: String? { description }
}
