#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Minimal POSIX file access for reading zone data (TZif files, tzdata.zi), so the engine needs no
/// Foundation. The only place the zone code calls the C library on files: a tz directory is
/// untrusted input, so nothing here opens a file before knowing it is a regular one (opening a
/// FIFO blocks until a writer comes; a device may do anything).
enum FileSystem {
    /// What a path names, from `stat` or `lstat`.
    struct Info {
        enum Kind {
            case regular, directory, symbolicLink, fifo, characterDevice, blockDevice, socket, other

            /// "a FIFO", for messages.
            var words: String {
                switch self {
                case .regular: "a regular file"
                case .directory: "a directory"
                case .symbolicLink: "a symbolic link"
                case .fifo: "a FIFO"
                case .characterDevice: "a character device"
                case .blockDevice: "a block device"
                case .socket: "a socket"
                case .other: "not a file"
                }
            }
        }

        let kind: Kind
        let size: Int64
        /// The file system it is on (`st_dev`).
        let device: UInt64

        init(_ info: stat) {
            switch info.st_mode & S_IFMT {
            case S_IFREG: kind = .regular
            case S_IFDIR: kind = .directory
            case S_IFLNK: kind = .symbolicLink
            case S_IFIFO: kind = .fifo
            case S_IFCHR: kind = .characterDevice
            case S_IFBLK: kind = .blockDevice
            case S_IFSOCK: kind = .socket
            default: kind = .other
            }
            size = Int64(info.st_size)
            device = UInt64(truncatingIfNeeded: info.st_dev)
        }
    }

    /// What `path` names, symbolic links followed (`stat`) or not (`lstat`); nil when it does not
    /// exist (or cannot be examined).
    static func info(_ path: String, followingLinks: Bool = true) -> Info? {
        var info = stat()
        return (followingLinks ? stat(path, &info) : lstat(path, &info)) == 0 ? Info(info) : nil
    }

    /// The whole of a regular file, refusing anything larger than `limit` bytes (TZif files are a
    /// few KiB; tzdata.zi ~100 KiB) and anything that is not a regular file — checked before the
    /// file is opened, and again on the open descriptor.
    static func readFile(_ path: String, limit: Int = 16 << 20) throws(ZoneError) -> [UInt8] {
        try readRegularFile(path, atMost: limit, refusingLarger: true)
    }

    /// The first `count` bytes of a regular file (fewer when it is shorter).
    static func readPrefix(_ path: String, count: Int) throws(ZoneError) -> [UInt8] {
        try readRegularFile(path, atMost: count, refusingLarger: false)
    }

    private static func readRegularFile(_ path: String, atMost limit: Int, refusingLarger: Bool) throws(ZoneError) -> [UInt8] {
        guard let before = info(path) else { throw .unreadable(path: path, reason: errnoDescription()) }
        guard before.kind == .regular else { throw .unreadable(path: path, reason: "not a regular file (\(before.kind.words))") }
        // O_NONBLOCK: should the file be swapped for a FIFO after the check, the open does not wait
        // for a writer (and fstat below refuses it); O_NOCTTY: a terminal never becomes ours.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { throw .unreadable(path: path, reason: errnoDescription()) }
        defer { close(fd) }
        var raw = stat()
        guard fstat(fd, &raw) == 0 else { throw .unreadable(path: path, reason: errnoDescription()) }
        let opened = Info(raw)
        guard opened.kind == .regular else { throw .unreadable(path: path, reason: "not a regular file (\(opened.kind.words))") }
        guard !refusingLarger || opened.size <= Int64(limit) else {
            throw .unreadable(path: path, reason: "larger than \(limit) bytes")
        }
        var result = [UInt8](repeating: 0, count: Int(min(opened.size, Int64(limit))))
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
        info(path)?.kind == .directory
    }

    /// Entry names in a directory (no "." or ".."), unsorted, at most `limit` of them
    /// (`complete` is false when there are more); nil when it cannot be opened.
    static func contents(of path: String, limit: Int = Int.max) -> (names: [String], complete: Bool)? {
        guard let dir = opendir(path) else { return nil }
        defer { closedir(dir) }
        var names: [String] = []
        // The name is read in place, up to its NUL: glibc sizes each entry to its name
        // (`d_reclen`), so copying the whole `dirent` (its 256-byte `d_name`) reads past it
        // (AddressSanitizer: heap-buffer-overflow).
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        while let entry = readdir(dir) {
            let name = String(cString: UnsafeRawPointer(entry).advanced(by: nameOffset).assumingMemoryBound(to: CChar.self))
            guard name != "." && name != ".." else { continue }
            guard names.count < limit else { return (names, false) }
            names.append(name)
        }
        return (names, true)
    }

    /// `path` with every symbolic link, `.` and `..` resolved (`realpath`); nil when it does not
    /// resolve (a missing file or directory, a loop).
    static func resolvedPath(_ path: String) -> String? {
        try? resolved(path)
    }

    /// `path` resolved as `resolvedPath` does; a path that does not resolve is `unreadable`
    /// with the system's reason ("No such file or directory", "Too many levels of symbolic links").
    static func resolved(_ path: String) throws(ZoneError) -> String {
        guard let resolved = realpath(path, nil) else { throw .unreadable(path: path, reason: errnoDescription()) }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The kernel's file systems whose files are not data (reading some blocks, or changes the
    /// system), by where they are mounted.
    static let kernelFileSystems = ["/proc", "/sys", "/dev", "/dev/pts", "/dev/mqueue", "/sys/fs/cgroup", "/sys/kernel/debug",
                                    "/sys/kernel/tracing", "/sys/kernel/security", "/sys/fs/bpf", "/sys/fs/pstore",
                                    "/proc/sys/fs/binfmt_misc"]

    /// The mount point in `kernelFileSystems` whose file system `path` is on (the same device),
    /// or nil. A mount point counts only when it is one (its device is not its parent's: in a
    /// chroot without `/proc` mounted, the empty directory is the root's file system). The
    /// portable test: `statfs`'s file system type is not in the Swift overlay of the C library.
    static func kernelFileSystem(of path: String) -> String? {
        // On the root file system (where tz data usually is), none of them: two `stat` calls.
        guard let device = info(path)?.device, device != info("/")?.device else { return nil }
        return kernelFileSystems.first { mount in
            let parent = String(mount[..<mount.lastIndex(of: "/")!])
            guard let mounted = info(mount)?.device, mounted == device else { return false }
            return info(parent.isEmpty ? "/" : parent)?.device != mounted
        }
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
