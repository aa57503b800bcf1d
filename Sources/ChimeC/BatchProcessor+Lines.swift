#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ChimeBatch

/// Lines as `chime batch` reads them (`LineReader`, `BatchCommand`): split at `\n`, a `\r`
/// before it dropped, a last line without `\n` passed as it is; a line of nothing but spaces,
/// tabs and `\r` skipped; every response followed by `\n`.
extension BatchProcessor {
    /// Answers every complete line in `bytes`; returns how many bytes that took (up to and
    /// including the last `\n`): the rest is a partial line.
    mutating func respond(toCompleteLinesIn bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        var start = 0
        while start < bytes.count, let found = memchr(base + start, 0x0A, bytes.count - start) {
            let newline = UnsafeRawPointer(found) - UnsafeRawPointer(base)
            let end = newline > start && bytes[newline - 1] == 0x0D ? newline - 1 : newline
            respond(toRequestLine: UnsafeBufferPointer(rebasing: bytes[start..<end]), into: &out)
            start = newline + 1
        }
        return start
    }

    /// Answers one line (without its terminator) unless it is blank; a line longer than
    /// `maximumLineLength` gets `lineTooLong`, as from `chime batch`.
    mutating func respond(toRequestLine line: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        guard line.count <= Self.maximumLineLength else {
            out += Self.lineTooLongResponse(length: line.count).utf8
            out.append(0x0A)
            return
        }
        guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return }
        respond(toLine: line, into: &out)
        out.append(0x0A)
    }
}
