#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads lines from a file or stdin in constant memory (one 64 KiB buffer plus the current line).
struct LineReader {
    private let fd: Int32
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    private var start = 0, end = 0
    private var finished = false

    init(path: String) throws(CLIError) {
        if path == "-" {
            fd = 0
        } else {
            fd = open(path, O_RDONLY)
            guard fd >= 0 else { throw .input("cannot read \(path): \(String(cString: strerror(errno)))", code: "unreadable") }
        }
    }

    /// The next line's bytes without its terminator (`\n` or `\r\n`), or nil at end of input.
    mutating func next() -> [UInt8]? {
        var line: [UInt8] = []
        while true {
            if start < end {
                if let newline = buffer[start..<end].firstIndex(of: 0x0A) {
                    line.append(contentsOf: buffer[start..<newline])
                    start = newline + 1
                    if line.last == 0x0D { line.removeLast() }
                    return line
                }
                line.append(contentsOf: buffer[start..<end])
                start = end
            }
            if finished { return line.isEmpty ? nil : line }
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { finished = true } else { (start, end) = (0, n) }
        }
    }
}
