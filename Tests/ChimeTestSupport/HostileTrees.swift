import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing

/// TZif trees that are hostile input (docs/contract.md, "Zones"), built from the pinned tree for
/// the zone-data tests of ChimeTests and ChimeCLITests: files that are not regular files, links
/// that loop or leave the tree, a tree's other files (`posix/`, `right/`, `localtime`,
/// `posixrules`). What Chime must answer for each is stated where it is used.
enum HostileTrees {
    /// What a file of a tree is replaced with, and the words a read of it must fail with.
    enum Special: String, CaseIterable, Sendable, CustomStringConvertible {
        case fifo, socket, directory, danglingLink, linkLoop, linkToDevZero

        var description: String { rawValue }

        /// The reason `FileSystem` and `TZifTree` give (the system's words for errno where one is the cause).
        var reason: String {
            switch self {
            case .fifo: "not a regular file (a FIFO)"
            case .socket: "not a regular file (a socket)"
            case .directory: "not a regular file (a directory)"
            case .danglingLink: String(cString: strerror(ENOENT))
            case .linkLoop: String(cString: strerror(ELOOP))
            case .linkToDevZero: "a symbolic link to /dev/zero, outside"
            }
        }

        func make(at path: String) {
            switch self {
            case .fifo: precondition(mkfifo(path, 0o644) == 0, "mkfifo \(path): \(String(cString: strerror(errno)))")
            case .socket: HostileTrees.bindSocket(at: path)
            case .directory: try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            case .danglingLink: HostileTrees.link(path, to: "nowhere-at-all")
            case .linkLoop: HostileTrees.link(path, to: (path as NSString).lastPathComponent)
            case .linkToDevZero: HostileTrees.link(path, to: "/dev/zero")
            }
        }
    }

    /// A fresh copy of the pinned tree (with its `tzdata.zi`, or without: a tree to walk).
    static func copyOfPinned(indexed: Bool = true) -> String {
        let dir = newDirectory()
        try! FileManager.default.removeItem(atPath: dir)
        try! FileManager.default.copyItem(atPath: Fixtures.zoneinfoDirectory, toPath: dir)
        if !indexed { try! FileManager.default.removeItem(atPath: dir + "/tzdata.zi") }
        return dir
    }

    /// A new empty directory.
    static func newDirectory() -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("chime-hostile-\(UUID().uuidString.prefix(8))").path
        try! FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    /// `path` (a file of a tree) replaced by `special`.
    static func replace(_ path: String, with special: Special) {
        try? FileManager.default.removeItem(atPath: path)
        special.make(at: path)
    }

    /// A symbolic link at `path` to `target` (replacing what was there).
    static func link(_ path: String, to target: String) {
        try? FileManager.default.removeItem(atPath: path)
        try! FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
    }

    /// The pinned tree with the files a compiled tree holds beside its zones, as Debian has them:
    /// `posix` a link to the tree itself, `right/` a copy, `localtime` a link to Etc/UTC and
    /// `posixrules` one to America/New_York.
    static func withOtherFiles(indexed: Bool) -> String {
        let dir = copyOfPinned(indexed: indexed)
        link(dir + "/posix", to: ".")
        try! FileManager.default.copyItem(atPath: Fixtures.zoneinfoDirectory, toPath: dir + "/right")
        link(dir + "/localtime", to: "Etc/UTC")
        link(dir + "/posixrules", to: "America/New_York")
        return dir
    }

    /// Every TZif file of a tree by its path in the tree, found with Foundation (not Chime): a
    /// regular file, or a link that resolves to one inside the tree, starting with `TZif`.
    static func tzifFiles(in dir: String) -> Set<String> {
        let root = URL(fileURLWithPath: dir).resolvingSymlinksInPath().path + "/"
        var found = Set<String>()
        for case let relative as String in FileManager.default.enumerator(atPath: dir)! {
            let resolved = URL(fileURLWithPath: dir + "/" + relative).resolvingSymlinksInPath().path
            guard resolved.hasPrefix(root), let handle = FileHandle(forReadingAtPath: resolved),
                  (try? FileManager.default.attributesOfItem(atPath: resolved)[.type] as? FileAttributeType) == .typeRegular
            else { continue }
            if (try? handle.read(upToCount: 4)) == Data("TZif".utf8) { found.insert(relative) }
            try? handle.close()
        }
        return found
    }

    /// Runs `body` on its own thread and returns its result, or nil — recording a failure — when
    /// it has not returned after `seconds`: then each FIFO of `fifos` is opened for writing and
    /// closed, so that a read blocked on one sees its end and the test goes on (a hang fails the
    /// test instead of stopping the run).
    static func finishes<T: Sendable>(within seconds: Double, unblocking fifos: [String] = [],
                                      sourceLocation: SourceLocation = #_sourceLocation, _ body: @escaping @Sendable () -> T) -> T? {
        let box = ResultBox<T>(), done = DispatchSemaphore(value: 0)
        Thread { box.value = body(); done.signal() }.start()
        if done.wait(timeout: .now() + seconds) == .success { return box.value }
        Issue.record("did not finish within \(seconds) s", sourceLocation: sourceLocation)
        for fifo in fifos {
            let fd = open(fifo, O_WRONLY | O_NONBLOCK)
            if fd >= 0 { close(fd) }
        }
        done.wait()
        return nil
    }

    /// A result handed from the thread of `finishes` (written before it signals, read after).
    private final class ResultBox<T>: @unchecked Sendable { var value: T? }

    private static func bindSocket(at path: String) {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        precondition(bytes.count < MemoryLayout.size(ofValue: address.sun_path), "socket path too long: \(path)")
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
#if canImport(Glibc)
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
#else
        let fd = socket(AF_UNIX, SOCK_STREAM, 0)
#endif
        precondition(fd >= 0)
        defer { close(fd) }
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        precondition(status == 0, "bind \(path): \(String(cString: strerror(errno)))")
    }
}
