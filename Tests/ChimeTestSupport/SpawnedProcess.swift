#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A child process started with `posix_spawn`, its standard streams on pipes: every program the
/// tests run (`ChildProcess`, the RRULE peers, `chime batch` sessions).
///
/// Not Foundation's `Process`: on Linux its `run()` lists `/proc/self/fd` by copying each
/// `dirent`'s whole 256-byte name, reading past glibc's buffer when a record ends it
/// (swift-corelibs-foundation#5472); `swift test`, which starts thousands of children, crashed on
/// it in `memcpy` about one run in three. Here the child also starts with no signal blocked and
/// SIGPIPE at its default, whatever the test thread that started it had.
public final class SpawnedProcess: @unchecked Sendable {   // the handles are each used by one thread
    public let pid: pid_t
    /// The write end of the child's stdin, when it has a pipe (else it reads /dev/null).
    public let stdin: FileHandle?
    /// The read end of the child's stdout.
    public let stdout: FileHandle
    /// The read end of the child's stderr, when it has a pipe (else it writes to this process's).
    public let stderr: FileHandle?
    private let exit = ExitState()

    public struct SpawnError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Starts `executable` (a path; no PATH search) with `arguments` and exactly `environment`.
    public init(_ executable: String, _ arguments: [String], environment: [String: String],
                stdinPipe: Bool, stderrPipe: Bool) throws {
        // Pipes made and the child started under the one lock every child start takes.
        let started = try ProcessEnvironment.withLock {
            try Self.spawn(executable, arguments, environment: environment, stdinPipe: stdinPipe, stderrPipe: stderrPipe)
        }
        (pid, stdin, stdout, stderr) = started
    }

    private static func spawn(_ executable: String, _ arguments: [String], environment: [String: String],
                              stdinPipe: Bool, stderrPipe: Bool) throws -> (pid_t, FileHandle?, FileHandle, FileHandle?) {
        var fds: [Int32] = []   // every pipe end, closed on failure
        func makePipe() throws -> (read: Int32, write: Int32) {
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else { throw SpawnError(description: "pipe: \(String(cString: strerror(errno)))") }
            fds += ends
            // Close-on-exec, so that no other child inherits an end (a reader would then wait for
            // an EOF that never comes); set before any other child can start (the lock below).
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            return (ends[0], ends[1])
        }
        do {
            let input = stdinPipe ? try makePipe() : nil
            let output = try makePipe()
            let error = stderrPipe ? try makePipe() : nil

            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            if let input { posix_spawn_file_actions_adddup2(&actions, input.read, 0) } else {
                posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            }
            posix_spawn_file_actions_adddup2(&actions, output.write, 1)
            if let error { posix_spawn_file_actions_adddup2(&actions, error.write, 2) }

            var attributes = posix_spawnattr_t()
            posix_spawnattr_init(&attributes)
            defer { posix_spawnattr_destroy(&attributes) }
            var none = sigset_t(), pipeSignal = sigset_t()
            sigemptyset(&none)
            sigemptyset(&pipeSignal)
            sigaddset(&pipeSignal, SIGPIPE)
            posix_spawnattr_setsigmask(&attributes, &none)
            posix_spawnattr_setsigdefault(&attributes, &pipeSignal)
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

            let argv = ([executable] + arguments).map { strdup($0) } + [nil]
            let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
            defer { (argv + envp).forEach { free($0) } }
            var pid: pid_t = 0
            let status = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
            guard status == 0 else { throw SpawnError(description: "cannot start \(executable): \(String(cString: strerror(status)))") }
            // The child's ends are the child's now.
            if let input { close(input.read) }
            close(output.write)
            if let error { close(error.write) }
            return (pid, input.map { FileHandle(fileDescriptor: $0.write, closeOnDealloc: true) },
                    FileHandle(fileDescriptor: output.read, closeOnDealloc: true),
                    error.map { FileHandle(fileDescriptor: $0.read, closeOnDealloc: true) })
        } catch {
            fds.forEach { close($0) }
            throw error
        }
    }

    /// Sends `signal` to the child (nothing once it has been waited for).
    public func kill(_ signal: Int32) {
        exit.withLock { if $0 == nil { _ = Glibc.kill(pid, signal) } }
    }

    /// Waits for the child to end: its exit status, or the signal that ended it (`signaled`).
    public func wait() -> (status: Int32, signaled: Bool) {
        if let known = exit.withLock({ $0 }) { return known }
        // Wait without reaping, then reap under the lock: `kill` never signals a pid that was
        // reaped (and may belong to another process by now).
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
        return exit.withLock { known in
            if let known { return known }
            var raw: Int32 = 0
            while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
            // <sys/wait.h>'s macros: the low 7 bits are the terminating signal (0: exited normally).
            let result = raw & 0x7F == 0 ? (status: (raw >> 8) & 0xFF, signaled: false) : (status: raw & 0x7F, signaled: true)
            known = result
            return result
        }
    }

    /// The exit, set once.
    private final class ExitState: @unchecked Sendable {
        private let lock = NSLock()
        private var value: (status: Int32, signaled: Bool)?
        func withLock<T>(_ body: (inout (status: Int32, signaled: Bool)?) -> T) -> T {
            lock.lock()
            defer { lock.unlock() }
            return body(&value)
        }
    }
}
