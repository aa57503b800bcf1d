#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ChimeBatch

/// Reads lines from a file or stdin in constant memory: one buffer (1 MiB, grown only to fit a
/// longer line) that lines are handed out from in place, without a copy or an allocation per line.
/// The file is closed when the reader goes away (non-copyable, so exactly once).
struct LineReader: ~Copyable {
    private let fd: Int32
    private let path: String
    private var buffer = [UInt8](repeating: 0, count: 1 << 20)

    init(path: String) throws(CLIError) {
        self.path = path == "-" ? "stdin" : path
        if path == "-" {
            fd = 0
        } else {
            fd = open(path, O_RDONLY)
            guard fd >= 0 else { throw .input("cannot read \(path): \(String(cString: strerror(errno)))", code: "unreadable") }
        }
    }

    deinit {
        if fd != 0 { close(fd) }
    }

    /// The longest line handed out, in bytes (`BatchProcessor.maximumLineLength`): a longer one is
    /// reported (`overlong`) and skipped.
    static var maximumLineLength: Int { BatchProcessor.maximumLineLength }

    /// Calls `body` with each line's bytes, without the terminator (`\n` or `\r\n`; a last line
    /// without `\n` is passed as it is), until `body` returns `false`. The bytes are valid only
    /// during the call. A line longer than `maximumLineLength` is skipped and `overlong` gets its
    /// length instead (it too returns whether to go on). A failed read (a directory, an I/O error)
    /// is an error naming the path and the reason, after the lines read before it were handed out.
    ///
    /// `waiting` runs before every `read` — when the lines at hand are used up and the next may
    /// be a while coming (a pipe), and again when a signal interrupted the read: `chime batch`
    /// writes out its answers there and looks for a reload.
    mutating func forEachLine(waiting: () -> Void = {}, _ body: (UnsafeBufferPointer<UInt8>) -> Bool,
                              overlong: (Int) -> Bool = { _ in true }) throws(CLIError) {
        var start = 0, end = 0
        var skipped: Int?   // the bytes of an overlong line skipped so far
        var skippedCR = false  // whether the last of them is a `\r` (not counted if a `\n` follows)
        var scanned = 0     // bytes before this index hold no newline (see below)
        while true {
            if let count = skipped {
                // Drop everything up to the line's newline, then go on after it.
                let newline = buffer.withUnsafeBufferPointer { [end] bytes in
                    memchr(bytes.baseAddress!, 0x0A, end).map { UnsafeRawPointer($0) - UnsafeRawPointer(bytes.baseAddress!) }
                }
                guard let length = newline else {
                    skipped = count + end
                    if end > 0 { skippedCR = buffer[end - 1] == 0x0D }
                    end = 0
                    if try !fill(&end, waiting) { _ = overlong(skipped!); return }
                    continue
                }
                skipped = nil
                let cr = length > 0 ? buffer[length - 1] == 0x0D : skippedCR
                guard overlong(count + length - (cr ? 1 : 0)) else { return }
                buffer.withUnsafeMutableBytes { _ = memmove($0.baseAddress!, $0.baseAddress! + length + 1, end - length - 1) }
                end -= length + 1
                scanned = 0
            }
            var stopped = false
            start = buffer.withUnsafeBufferPointer { [scanned] bytes in
                var start = start
                // The partial line's bytes up to `scanned` hold no newline: search only after them,
                // so a long line read in small pieces is not searched again and again.
                while start < end, case let from = max(start, scanned), let found = memchr(bytes.baseAddress! + from, 0x0A, end - from) {
                    let newline = UnsafeRawPointer(found) - UnsafeRawPointer(bytes.baseAddress!)
                    let lineEnd = newline > start && bytes[newline - 1] == 0x0D ? newline - 1 : newline
                    let line = UnsafeBufferPointer(rebasing: bytes[start..<lineEnd])
                    start = newline + 1
                    guard body(line) else { stopped = true; break }
                }
                return start
            }
            if stopped { return }
            scanned = end
            // Keep the partial line at the front; double the buffer only when it fills it.
            if start > 0 {
                buffer.withUnsafeMutableBytes { _ = memmove($0.baseAddress!, $0.baseAddress! + start, end - start) }
                end -= start
                scanned -= start
                start = 0
            }
            if end >= Self.maximumLineLength {
                skipped = end
                skippedCR = buffer[end - 1] == 0x0D
                end = 0
                scanned = 0
            } else if end == buffer.count {
                buffer += [UInt8](repeating: 0, count: buffer.count)
            }
            if try !fill(&end, waiting) { break }
        }
        if let count = skipped {
            _ = overlong(count)
        } else if end > 0 {
            _ = buffer.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[..<end])) }
        }
    }

    /// Reads more bytes after `end`; false at the end of the input.
    private mutating func fill(_ end: inout Int, _ waiting: () -> Void) throws(CLIError) -> Bool {
        while true {
            waiting()
            let n = buffer.withUnsafeMutableBytes { [end] in read(fd, $0.baseAddress! + end, $0.count - end) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw .input("cannot read \(path): \(String(cString: strerror(errno)))", code: "unreadable") }
            end += n
            return n > 0
        }
    }
}
