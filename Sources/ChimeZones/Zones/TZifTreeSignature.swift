#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a TZif tree on disk looks like from outside, cheaply: where its directory resolves to
/// (symbolic links followed) and the identity and times of its index files. Two signatures differ
/// when the tree was replaced (a new directory behind a symlink, a renamed-in `tzdata.zi`) or its
/// index was rewritten in place — the changes a `tzdata` update makes. Taking one costs a
/// `realpath` and three `stat` calls (a few microseconds), so a running process can check for new
/// data every second.
struct TZifTreeSignature: Sendable, Hashable {
    /// The directory with every symlink resolved; nil when it does not resolve (missing).
    let resolvedDirectory: String?
    /// `tzdata.zi`, `+VERSION` and the directory itself (nil: missing).
    let index: FileStamp?
    let versionFile: FileStamp?
    let directory: FileStamp?

    /// A file's identity (device, inode) and size, modification and change times.
    struct FileStamp: Sendable, Hashable {
        let device: UInt64
        let inode: UInt64
        let size: Int64
        let modified: Int64
        let modifiedNanoseconds: Int64
        let changed: Int64
        let changedNanoseconds: Int64

        init?(_ path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            device = UInt64(truncatingIfNeeded: info.st_dev)
            inode = UInt64(truncatingIfNeeded: info.st_ino)
            size = Int64(info.st_size)
#if canImport(Darwin)
            modified = Int64(info.st_mtimespec.tv_sec)
            modifiedNanoseconds = Int64(info.st_mtimespec.tv_nsec)
            changed = Int64(info.st_ctimespec.tv_sec)
            changedNanoseconds = Int64(info.st_ctimespec.tv_nsec)
#else
            modified = Int64(info.st_mtim.tv_sec)
            modifiedNanoseconds = Int64(info.st_mtim.tv_nsec)
            changed = Int64(info.st_ctim.tv_sec)
            changedNanoseconds = Int64(info.st_ctim.tv_nsec)
#endif
        }
    }

    /// The signature of the tree `directory` names now.
    init(directory: String) {
        resolvedDirectory = FileSystem.resolvedPath(directory)
        let base = resolvedDirectory ?? directory
        index = FileStamp(base + "/tzdata.zi")
        versionFile = FileStamp(base + "/+VERSION")
        self.directory = FileStamp(base)
    }
}
