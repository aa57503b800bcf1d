import Chime
import ChimeJSON
import ChimeBatch
import Synchronization

/// What every C call shares: one zone database per source and a pool of idle batch processors,
/// behind locks. A processor is used by one call at a time (taken from the pool, given back
/// after), so its caches — decoded triggers, zones — stay warm from call to call without ever
/// being touched by two threads at once.
enum BatchEngine {
    /// What a processor answers with: its zone data and whether it explains (`--explain`).
    struct Configuration: Hashable {
        let preference: ZoneDatabase.SourcePreference
        let explain: Bool
    }

    /// A processor in or out of the pool. Unchecked: the pool's lock hands each to one user at a time.
    final class Processor: @unchecked Sendable {
        let configuration: Configuration
        var processor: BatchProcessor

        init(_ configuration: Configuration, database: ZoneDatabase) {
            self.configuration = configuration
            processor = BatchProcessor(database: database, explain: configuration.explain)
        }
    }

    /// The flag bits of chime.h.
    static let explainFlag: UInt32 = 1
    static let sourceFlags: [(UInt32, ZoneDatabase.SourcePreference)] = [(2, .tzif), (4, .icu), (8, .newest)]

    private static let databases = Mutex<[ZoneDatabase.SourcePreference: ZoneDatabase]>([:])
    private static let idle = Mutex<[Configuration: [Processor]]>([:])
    /// Idle processors kept per configuration (a processor holds up to a few MB of caches).
    private static let poolLimit = 8

    enum Failure: Error {
        /// Unknown or conflicting flag bits.
        case badArgument
        /// `CHIME_ZONE_SOURCE` names no source: the error as a response line (without its `\n`).
        case badConfiguration([UInt8])
    }

    /// The configuration flags ask for; the source, when no flag names one, as `chime batch`
    /// chooses it: `CHIME_ZONE_SOURCE`, else newest (read on every call, as a new process would).
    static func configuration(flags: UInt32) throws(Failure) -> Configuration {
        let known = sourceFlags.reduce(explainFlag) { $0 | $1.0 }
        guard flags & ~known == 0 else { throw .badArgument }
        let named = sourceFlags.filter { flags & $0.0 != 0 }
        guard named.count <= 1 else { throw .badArgument }
        let explain = flags & explainFlag != 0
        func refused(_ error: BatchError) -> Failure {
            var line: [UInt8] = []
            JSON.object([("error", .object([("code", .string(error.code)), ("message", .string(error.message))]))]).write(to: &line)
            return .badConfiguration(line)
        }
        let preference: ZoneDatabase.SourcePreference
        if let (_, named) = named.first {
            preference = named
        } else {
            do { preference = try ZoneDatabase.preferenceFromEnvironment() ?? .newest } catch { throw refused(BatchError(error)) }
        }
        // A $TZDIR that cannot be read is refused as `chime` refuses it, not answered from ICU's data.
        if let error = database(preference).configurationError { throw refused(error) }
        return Configuration(preference: preference, explain: explain)
    }

    /// An idle processor for `configuration`, or a new one; give it back with `release`.
    static func acquire(_ configuration: Configuration) -> Processor {
        if let pooled = idle.withLock({ $0[configuration]?.popLast() }) { return pooled }
        return Processor(configuration, database: database(configuration.preference))
    }

    /// The one zone database of a source, shared by every call (batch processors and schedules).
    static func database(_ preference: ZoneDatabase.SourcePreference) -> ZoneDatabase {
        databases.withLock { databases in
            if let database = databases[preference] { return database }
            let database = ZoneDatabase(preference: preference)
            databases[preference] = database
            return database
        }
    }

    static func release(_ processor: Processor) {
        idle.withLock { idle in
            if idle[processor.configuration, default: []].count < poolLimit { idle[processor.configuration, default: []].append(processor) }
        }
    }
}
