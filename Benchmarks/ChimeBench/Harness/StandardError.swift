#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `print(..., to: &stderr)` without Foundation (and without touching C's global `stderr`,
/// which Swift 6 rejects as shared mutable state).
struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        var text = string
        text.withUTF8 { writeToStandardError($0) }
    }
}

private func writeToStandardError(_ bytes: UnsafeBufferPointer<UInt8>) {
    _ = write(2, bytes.baseAddress, bytes.count)
}
