#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts a program with `posix_spawn` (stdout to /dev/null or a file, stderr to /dev/null) and
/// waits for it. Arguments and file actions are prepared once, so a timed launch is spawn + exec +
/// wait only.
final class ProcessLauncher {
    let path: String
    private let argv: [UnsafeMutablePointer<CChar>?]
    /// `KEY=value` strings for the program, or `nil` to pass this process's environment.
    private let envp: [UnsafeMutablePointer<CChar>?]?
    #if canImport(Darwin)
    private var actions: posix_spawn_file_actions_t? = nil
    #else
    private var actions = posix_spawn_file_actions_t()
    #endif

    /// `standardOutput`: a file to create or truncate for the program's stdout (default: discard it).
    /// `environment`: the program's whole environment (`KEY=value`), or `nil` for this process's.
    init(path: String, arguments: [String], standardOutput: String = "/dev/null", environment: [String]? = nil) {
        self.path = path
        argv = ([path] + arguments).map { strdup($0) } + [nil]
        envp = environment.map { $0.map { strdup($0) } + [nil] }
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_addopen(&actions, 1, standardOutput, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    }

    deinit {
        posix_spawn_file_actions_destroy(&actions)
        argv.forEach { free($0) }
        envp?.forEach { free($0) }
    }

    /// The raw wait status (0 = exited with status 0), or -1 when the spawn itself failed.
    func run() -> Int32 {
        var pid = pid_t()
        let spawned = argv.withUnsafeBufferPointer { argv in
            guard let envp else { return posix_spawn(&pid, path, &actions, nil, argv.baseAddress!, Self.environment) }
            return envp.withUnsafeBufferPointer { envp in
                posix_spawn(&pid, path, &actions, nil, argv.baseAddress!, UnsafeMutablePointer(mutating: envp.baseAddress!))
            }
        }
        guard spawned == 0 else { return -1 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { return -1 }
        }
        return status
    }

    /// Runs the program `n` times; the number of runs that did not exit with status 0 (a checksum).
    func run(times n: Int) -> UInt64 {
        var failures: UInt64 = 0
        for _ in 0..<n where run() != 0 { failures += 1 }
        return failures
    }

    private static var environment: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
        #if canImport(Darwin)
        return _NSGetEnviron().pointee
        #else
        return environ
        #endif
    }

    /// The first executable `name` in `$PATH` (posix_spawn does not search it), or `nil`.
    static func which(_ name: String) -> String? {
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = "\(directory)/\(name)"
            if isExecutable(candidate) { return candidate }
        }
        return nil
    }

    /// Whether `path` names an executable file.
    static func isExecutable(_ path: String) -> Bool {
        access(path, X_OK) == 0
    }

    /// The directory of the running executable (e.g. `.build/release`), for finding sibling products.
    static func ownDirectory() -> String? {
        #if os(Linux)
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let path = length > 0 ? String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) : CommandLine.arguments[0]
        #else
        let path = CommandLine.arguments[0]
        #endif
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return String(path[..<slash])
    }
}
