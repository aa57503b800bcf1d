#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Minimal POSIX file access for reading zone data (TZif files, tzdata.zi), so the engine needs no
/// Foundation.
enum FileSystem {
    /// Refuses anything larger than `limit` bytes (TZif files are a few KiB; tzdata.zi ~100 KiB).
    static func readFile(_ path: String, limit: Int = 16 << 20) throws(ZoneError) -> [UInt8] {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw .unreadable(path: path, reason: errnoDescription()) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .unreadable(path: path, reason: errnoDescription()) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw .unreadable(path: path, reason: "not a regular file") }
        guard Int(info.st_size) <= limit else { throw .unreadable(path: path, reason: "larger than \(limit) bytes") }
        var result = [UInt8](repeating: 0, count: Int(info.st_size))
        var done = 0
        while done < result.count {
            let n = result.withUnsafeMutableBytes { read(fd, $0.baseAddress! + done, $0.count - done) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw .unreadable(path: path, reason: errnoDescription()) }
            if n == 0 { break }
            done += n
        }
        return done == result.count ? result : Array(result[..<done])
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// Entry names in a directory (no "." or ".."), unsorted.
    static func contents(of path: String) -> [String] {
        guard let dir = opendir(path) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// `path` with every symbolic link, `.` and `..` resolved (`realpath`); nil when it does not
    /// resolve (a missing file or directory, a loop).
    static func resolvedPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func environment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        let s = String(cString: value)
        return s.isEmpty ? nil : s
    }

    private static func errnoDescription() -> String {
        String(cString: strerror(errno))
    }
}
