#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Chime
import Synchronization

/// SIGHUPs received so far: the signal handler adds one (an atomic add is async-signal-safe).
private let hangups = Atomic<Int>(0)

/// `chime batch`'s reloads of zone data while it runs (docs/contract.md): on `SIGHUP`, and when
/// the TZif tree on disk changed (`ZoneDatabase.reloadIfChanged()`, checked at most once per
/// interval). Reloads happen between lines, so every answer comes from one version of the data;
/// a tree that cannot be used is reported on stderr and the lines go on being answered from the
/// data loaded before.
///
/// Per line the cost is one relaxed atomic load and a countdown: the clock is read every 64 lines,
/// before every wait for input and for the first line after it, so a busy stream and an idle pipe
/// both notice a change within about the interval, before answering the next line.
struct ZoneReloader {
    let database: ZoneDatabase
    /// Nanoseconds between checks of the tree on disk; 0: never (SIGHUP only).
    private let interval: Int64
    private var nextCheck: Int64
    private var seenHangups: Int
    private var linesUntilClock = 0
    private static let linesPerClockRead = 64

    /// Installs the SIGHUP handler (without `SA_RESTART`, so a SIGHUP that arrives while the
    /// batch waits for input interrupts the wait and is acted on at once) and unblocks SIGHUP: a
    /// blocked mask is inherited through `exec`, and some parents start children with most
    /// signals blocked (Foundation's `Process` from a test runner's thread does), which would
    /// leave every SIGHUP pending forever.
    init(database: ZoneDatabase, checkInterval seconds: Int) {
        self.database = database
        interval = Int64(seconds) * 1_000_000_000
        seenHangups = hangups.load(ordering: .relaxed)   // initializes the global before the handler can run
        nextCheck = Self.monotonicNanoseconds() + interval
        var action = sigaction()
#if canImport(Glibc)
        action.__sigaction_handler.sa_handler = { _ in _ = hangups.add(1, ordering: .relaxed) }
#else
        action.__sigaction_u.__sa_handler = { _ in _ = hangups.add(1, ordering: .relaxed) }
#endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGHUP, &action, nil)
        var hangupOnly = sigset_t()
        sigemptyset(&hangupOnly)
        sigaddset(&hangupOnly, SIGHUP)
        sigprocmask(SIG_UNBLOCK, &hangupOnly, nil)
    }

    /// Before a line is answered.
    @inline(__always)
    mutating func beforeLine() {
        if hangups.load(ordering: .relaxed) != seenHangups { return hangup() }
        guard interval > 0 else { return }
        linesUntilClock -= 1
        if linesUntilClock <= 0 {
            linesUntilClock = Self.linesPerClockRead
            checkIfDue()
        }
    }

    /// Before waiting for input (and after a signal interrupted the wait). The first line that
    /// arrives then reads the clock again: on an idle pipe the wait may have been long.
    mutating func beforeWaiting() {
        linesUntilClock = 0
        if hangups.load(ordering: .relaxed) != seenHangups { return hangup() }
        if interval > 0 { checkIfDue() }
    }

    private mutating func hangup() {
        seenHangups = hangups.load(ordering: .relaxed)
        do {
            Output.error("batch: SIGHUP: zone data reloaded: \(try database.reload())")
        } catch {
            Output.error("batch: SIGHUP: \(error)")
        }
        nextCheck = Self.monotonicNanoseconds() + interval
    }

    private mutating func checkIfDue() {
        let now = Self.monotonicNanoseconds()
        guard now >= nextCheck else { return }
        nextCheck = now + interval
        do {
            if let reload = try database.reloadIfChanged() {
                Output.error("batch: zone data changed on disk, reloaded: \(reload)")
            }
        } catch {
            Output.error("batch: zone data changed on disk: \(error)")
        }
    }

    private static func monotonicNanoseconds() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
    }
}
