#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Chime

/// Buffered stdout: one write per 64 KiB, flushed at exit.
///
/// Text is written escaped: a control character in a line (an ESC in a zone's abbreviation, a
/// newline in a file name) is shown as `\u{1b}` (`ControlCharacters`), so zone data and input
/// can never drive the terminal or forge a line. JSON is written as the JSON writer made it (it
/// escapes control characters itself), and the program's own multi-line text (help, the man page)
/// line by line.
///
/// A failed write (stdout closed, a full disk, a reader that left the pipe) is remembered as
/// `writeError` and later output is dropped; `ChimeMain` reports it and exits 2, so a truncated
/// answer never looks like a complete one.
struct Output {
    private var buffer: [UInt8] = []
    /// The `errno` of the first failed write to stdout.
    private(set) var writeError: Int32?

    init() { buffer.reserveCapacity(1 << 16) }

    /// One line of text, control characters escaped (a newline in `text` too).
    mutating func line(_ text: String) {
        json(ControlCharacters.escaped(text))
    }

    /// Several lines of the program's own text (help, completions, the man page): each newline
    /// ends a line, every other control character is escaped.
    mutating func lines(_ text: String) {
        json(ControlCharacters.escaped(text, keepingNewlines: true))
    }

    /// One line of JSON (or other text that holds no control characters), as it is.
    mutating func json(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        buffer.append(0x0A)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// JSON without a line end (a long document written in parts), as it is.
    mutating func appendJSON(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Lets `write` append one line's bytes (a batch answer: JSON) straight into the buffer, then a newline.
    mutating func line(writing write: (inout [UInt8]) -> Void) {
        write(&buffer)
        buffer.append(0x0A)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Lets `write` append bytes of JSON (a part of a long document) straight into the buffer.
    mutating func append(writing write: (inout [UInt8]) -> Void) {
        write(&buffer)
        if buffer.count >= 1 << 16 { flush() }
    }

    mutating func flush() {
        if writeError == nil { writeError = Self.writeAll(buffer, to: 1) }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes all of `bytes` to `descriptor` (again after an interrupted or partial write); the
    /// `errno` of a failed write, else nil.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return n < 0 ? errno : EIO }
            offset += n
        }
        return nil
    }

    /// The words for `writeError`.
    var writeErrorMessage: String? {
        writeError.map { "cannot write the output to stdout: \(String(cString: strerror($0)))" }
    }

    /// A message on stderr, control characters escaped but for its line ends.
    static func error(_ text: String) {
        errorBytes { lines in
            lines { buffer in
                buffer.append(contentsOf: "chime: ".utf8)
                buffer.append(contentsOf: ControlCharacters.escaped(text, keepingNewlines: true).utf8)
                buffer.append(UInt8(ascii: "\n"))
            }
        }
    }

    /// Lines on stderr that `each` appends as bytes (each whole: `chime: `, escaped text, newline),
    /// written 64 KiB at a time.
    static func errorBytes(_ each: (_ lines: ((inout [UInt8]) -> Void) -> Void) -> Void) {
        var buffer: [UInt8] = []
        func flush() {
            _ = writeAll(buffer, to: 2)   // stderr gone: nowhere left to say so
            buffer.removeAll(keepingCapacity: true)
        }
        each { append in
            append(&buffer)
            if buffer.count >= 1 << 16 { flush() }
        }
        flush()
    }
}
