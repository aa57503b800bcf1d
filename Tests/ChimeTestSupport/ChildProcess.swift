import Foundation

/// Every program a test runs goes through here: stdin fed and stdout/stderr drained each on a
/// thread of its own, and the child killed at a timeout, so a hang is a named failure.
///
/// Why threads of their own: Dispatch's global pool on Linux has as many threads as cores (a few
/// more when all are blocked), and Swift Testing's tasks block some of them. A reader or a stdin
/// writer queued there can wait behind blocked readers whose children wait for that very stdin —
/// on a 2-core CI machine that once hung `swift test` until CI's 90-minute limit.
enum ChildProcess {
    struct Result {
        let status: Int32
        /// Killed by a signal (a crash, a trap, or the timeout), in which case `status` is the signal number.
        let signaled: Bool
        let timedOut: Bool
        let stdout: Data
        let stderr: Data
    }

    /// A child that exits before reading all its input must fail its test, not kill the test
    /// process with SIGPIPE: the write then fails with EPIPE instead.
    static let ignoreBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

    /// Runs `body` on a new thread inside `group` (entered now, left when `body` returns).
    static func onOwnThread(_ group: DispatchGroup, _ body: @escaping @Sendable () -> Void) {
        group.enter()
        Thread { body(); group.leave() }.start()
    }

    /// Runs `executable` with `arguments` (in this process's environment without `TZ`, plus
    /// `environment`), `stdin` as its input (none: /dev/null), killing it after `timeout` seconds.
    static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:],
                    stdin: Data? = nil, timeout: Double) throws -> Result {
        final class Box: @unchecked Sendable { var data = Data() }   // each written once, read after group.wait()
        _ = ignoreBrokenPipes
        // The environment read and the child started while no test changes it (`ProcessEnvironment`).
        let process = try ProcessEnvironment.withLock {
            try SpawnedProcess(executable, arguments, environment: Fixtures.childEnvironment(environment),
                               stdinPipe: stdin != nil, stderrPipe: true)
        }
        let finished = DispatchSemaphore(value: 0)
        onOwnThread(DispatchGroup()) { _ = process.wait(); finished.signal() }
        let group = DispatchGroup()
        if let writer = process.stdin, let stdin {
            onOwnThread(group) { try? writer.write(contentsOf: stdin); try? writer.close() }
        }
        let outBox = Box(), errBox = Box()
        for (handle, box) in [(process.stdout, outBox), (process.stderr!, errBox)] {
            onOwnThread(group) { box.data = handle.readDataToEndOfFile() }
        }
        var timedOut = false
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            timedOut = true
            process.kill(SIGKILL)
            finished.wait()
        }
        group.wait()
        let exit = process.wait()
        return Result(status: exit.status, signaled: exit.signaled, timedOut: timedOut, stdout: outBox.data, stderr: errBox.data)
    }
}
