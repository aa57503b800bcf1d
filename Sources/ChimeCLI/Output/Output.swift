#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Buffered stdout: one write per 64 KiB, flushed at exit.
///
/// A failed write (stdout closed, a full disk, a reader that left the pipe) is remembered as
/// `writeError` and later output is dropped; `ChimeMain` reports it and exits 2, so a truncated
/// answer never looks like a complete one.
struct Output {
    private var buffer: [UInt8] = []
    /// The `errno` of the first failed write to stdout.
    private(set) var writeError: Int32?

    init() { buffer.reserveCapacity(1 << 16) }

    mutating func line(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        buffer.append(0x0A)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Lets `write` append one line's bytes straight into the buffer, then a newline.
    /// Text without a line end (a long line written in parts).
    mutating func append(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    mutating func line(writing write: (inout [UInt8]) -> Void) {
        write(&buffer)
        buffer.append(0x0A)
        if buffer.count >= 1 << 16 { flush() }
    }

    mutating func flush() {
        var offset = 0
        while writeError == nil && offset < buffer.count {
            let n = buffer.withUnsafeBytes { write(1, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { writeError = n < 0 ? errno : EIO; break }
            offset += n
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// The words for `writeError`.
    var writeErrorMessage: String? {
        writeError.map { "cannot write the output to stdout: \(String(cString: strerror($0)))" }
    }

    static func error(_ text: String) {
        let bytes = Array(("chime: " + text + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(2, $0.baseAddress!, $0.count) }
    }
}
