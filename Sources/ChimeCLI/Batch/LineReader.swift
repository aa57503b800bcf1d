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

    /// Calls `body` with each line's bytes, without the terminator (`\n` or `\r\n`; a last line
    /// without `\n` is passed as it is), until `body` returns `false`. The bytes are valid only
    /// during the call. A failed read (a directory, an I/O error) is an error naming the path and
    /// the reason, after the lines read before it have been handed out.
    mutating func forEachLine(_ body: (UnsafeBufferPointer<UInt8>) -> Bool) throws(CLIError) {
        var start = 0, end = 0
        while true {
            var stopped = false
            start = buffer.withUnsafeBufferPointer { bytes in
                var start = start
                while start < end, let found = memchr(bytes.baseAddress! + start, 0x0A, end - start) {
                    let newline = UnsafeRawPointer(found) - UnsafeRawPointer(bytes.baseAddress!)
                    let lineEnd = newline > start && bytes[newline - 1] == 0x0D ? newline - 1 : newline
                    let line = UnsafeBufferPointer(rebasing: bytes[start..<lineEnd])
                    start = newline + 1
                    guard body(line) else { stopped = true; break }
                }
                return start
            }
            if stopped { return }
            // Keep the partial line at the front; double the buffer only when it fills it.
            if start > 0 {
                buffer.withUnsafeMutableBytes { _ = memmove($0.baseAddress!, $0.baseAddress! + start, end - start) }
                end -= start
                start = 0
            }
            if end == buffer.count { buffer.append(contentsOf: repeatElement(0, count: buffer.count)) }
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress! + end, $0.count - end) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw .input("cannot read \(path): \(String(cString: strerror(errno)))", code: "unreadable") }
            if n == 0 { break }
            end += n
        }
        if end > 0 { _ = buffer.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[..<end])) } }
    }
}
