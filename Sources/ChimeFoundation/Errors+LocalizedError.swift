import Foundation
import Chime

// Chime's errors describe themselves (`CustomStringConvertible`); with Foundation imported they
// are `LocalizedError`s too, so `error.localizedDescription` is that sentence rather than
// "The operation could not be completed. (Chime.ZoneError error 0.)". The messages name the
// problem only; what to do next is the app's to say (the `chime` tool adds its own hints).

extension TriggerError: LocalizedError { public var errorDescription: String? { description } }
extension ZoneError: LocalizedError { public var errorDescription: String? { description } }
extension TimeError: LocalizedError { public var errorDescription: String? { description } }
extension CronError: LocalizedError { public var errorDescription: String? { description } }
extension OnCalendarError: LocalizedError { public var errorDescription: String? { description } }
extension PendingError: LocalizedError { public var errorDescription: String? { description } }
extension ScheduleError: LocalizedError { public var errorDescription: String? { description } }
extension AuditError: LocalizedError { public var errorDescription: String? { description } }
