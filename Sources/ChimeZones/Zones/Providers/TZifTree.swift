/// A TZif directory read as untrusted input: whatever `TZDIR` names, and whatever is in it, a
/// read either answers or fails at once with a reason naming the path — never blocks, never
/// leaves the tree, never walks without end.
///
/// - The directory must be a directory, and not on a kernel pseudo file system (`/proc`, `/sys`:
///   their files are not data, and reading some blocks).
/// - Only regular files are read (a FIFO, a device, a socket is refused before it is opened),
///   each up to a size limit.
/// - A symbolic link is followed only when it resolves inside the tree (a link loop does not
///   resolve): a link to another tree's Asia/Tokyo is not America/New_York's data.
/// - A walk (for a tree without `tzdata.zi`) descends only into real directories of the tree's
///   own file system whose paths can start a tz database name (`ZoneName`), at most
///   `walkDepth` levels deep, and gives up on a tree of more than `walkEntryLimit` entries.
struct TZifTree: Sendable {
    /// The tree's directory, symbolic links resolved.
    let root: String
    /// `root` with a trailing slash: every path read starts with it.
    private let prefix: String
    private let device: UInt64

    /// The deepest tz database names have three segments (`America/Argentina/Buenos_Aires`); one
    /// more for local additions.
    static let walkDepth = 4
    /// Entries a walk reads before deciding the directory is not a tz tree: a compiled tree
    /// without `posix/` and `right/` has about 700.
    static let walkEntryLimit = 10_000
    /// The largest TZif file read (the largest zone's is under 4 KiB).
    static let zoneFileLimit = 1 << 20

    init(directory: String) throws(ZoneError) {
        guard let resolved = FileSystem.resolvedPath(directory), FileSystem.isDirectory(resolved) else {
            throw .sourceUnavailable(.tzif, reason: "\(directory) is not a directory (set TZDIR or install tzdata)")
        }
        if let mount = FileSystem.kernelFileSystem(of: resolved) {
            throw .sourceUnavailable(.tzif, reason: "\(directory) is on the kernel's file system of \(mount), not a tz database directory (set TZDIR to one)")
        }
        root = resolved
        prefix = resolved == "/" ? "/" : resolved + "/"
        device = FileSystem.info(resolved)?.device ?? 0
    }

    /// The path of `name` in the tree as given (for messages: a link is named as itself).
    func path(of name: String) -> String { prefix + name }

    /// Whether a resolved path lies inside the tree.
    func contains(_ resolvedPath: String) -> Bool { resolvedPath.hasPrefix(prefix) }

    /// The path a file of the tree resolves to, when it is a regular file inside the tree.
    func resolvedFile(_ name: String) throws(ZoneError) -> String {
        let path = path(of: name)
        let resolved = try FileSystem.resolved(path)
        guard contains(resolved) else {
            throw .unreadable(path: path, reason: "a symbolic link to \(resolved), outside \(root)")
        }
        return resolved
    }

    /// A file of the tree, read whole (at most `limit` bytes) after the checks above; messages
    /// name it by its path in the tree.
    func read(_ name: String, limit: Int) throws(ZoneError) -> [UInt8] {
        let resolved = try resolvedFile(name)
        do {
            return try FileSystem.readFile(resolved, limit: limit)
        } catch .unreadable(_, let reason) {
            throw .unreadable(path: path(of: name), reason: reason)
        }
    }

    /// An index file at the top of the tree (`tzdata.zi`, `+VERSION`): nil when there is none,
    /// an error when there is one that cannot be read (a FIFO, a link out of the tree, a
    /// directory): such a tree is broken, not one without an index.
    func readIndex(_ name: String, limit: Int) throws(ZoneError) -> [UInt8]? {
        guard FileSystem.info(path(of: name), followingLinks: false) != nil else { return nil }
        return try read(name, limit: limit)
    }

    /// Every TZif file of the tree whose path is a tz database name (bounded as described above).
    /// Throws when the tree has more than `walkEntryLimit` entries.
    func walk() throws(ZoneError) -> Set<String> {
        var found = Set<String>()
        var budget = Self.walkEntryLimit
        func visit(_ directory: String, depth: Int) throws(ZoneError) {
            // A directory that cannot be listed (no permission) holds no names for us.
            guard let (names, complete) = FileSystem.contents(of: directory.isEmpty ? root : path(of: directory), limit: budget) else { return }
            guard complete else {
                throw .sourceUnavailable(.tzif, reason: "\(root) has no tzdata.zi and more than \(Self.walkEntryLimit) entries: not a tz database directory (set TZDIR to one)")
            }
            budget -= names.count
            for name in names {
                let id = directory.isEmpty ? name : directory + "/" + name
                guard ZoneName.isValid(id), let entry = FileSystem.info(path(of: id), followingLinks: false) else { continue }
                switch entry.kind {
                case .directory:
                    if depth < Self.walkDepth, entry.device == device { try visit(id, depth: depth + 1) }
                case .regular, .symbolicLink:
                    if isTZif(id) { found.insert(id) }
                default:
                    continue
                }
            }
        }
        try visit("", depth: 1)
        return found
    }

    /// Whether `name` is a regular file inside the tree that starts with TZif's magic (its first
    /// four bytes only are read).
    private func isTZif(_ name: String) -> Bool {
        guard let resolved = try? resolvedFile(name), let info = FileSystem.info(resolved),
              info.kind == .regular, info.size >= 44, info.size <= Int64(Self.zoneFileLimit),
              let magic = try? FileSystem.readPrefix(resolved, count: 4) else { return false }
        return magic == [0x54, 0x5A, 0x69, 0x66]
    }
}
