import Foundation
import Chime

// Chime's errors (`ChimeError`) describe themselves; with Foundation imported they are
// `LocalizedError`s too, so `error.localizedDescription` is that sentence rather than
// "The operation could not be completed. (Chime.ZoneError error 0.)". The messages name the
// problem only; what to do next is the app's to say (the `chime` tool adds its own hints).

extension ChimeError where Self: LocalizedError {
    /// The error's `description`, so `localizedDescription` is the sentence naming the problem.
    public var errorDescription: String? { description }
}

extension TriggerError: LocalizedError {}
extension ZoneError: LocalizedError {}
extension TimeError: LocalizedError {}
extension CronError: LocalizedError {}
extension OnCalendarError: LocalizedError {}
extension RRuleError: LocalizedError {}
extension PendingError: LocalizedError {}
extension ScheduleError: LocalizedError {}
extension AuditError: LocalizedError {}
extension UnknownFieldError: LocalizedError {}
