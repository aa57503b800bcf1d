#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Chime

/// State shared by scenarios, built on first use so that `--filter` only pays for what it runs.
final class BenchContext {
    let database: ZoneDatabase
    let options: Options

    init(database: ZoneDatabase, options: Options) {
        self.database = database
        self.options = options
    }

    /// The bench zones' rules from both sources and the random probes.
    private(set) lazy var workload: Workload = {
        do {
            return try Workload(database: database)
        } catch {
            Self.fail("cannot load the bench zones: \(error)")
        }
    }()

    private(set) lazy var foundation = FoundationPeer(identifiers: workload.zoneIDs)

    /// `nil` when system ICU cannot open one of the bench zones.
    private(set) lazy var icu: ICUPeer? = ICUPeer(identifiers: workload.zoneIDs)

    static func fail(_ message: String) -> Never {
        var stderr = StandardError()
        print("chime-bench: \(message)", to: &stderr)
        exit(1)
    }
}
