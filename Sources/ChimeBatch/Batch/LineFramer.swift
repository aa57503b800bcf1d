#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Splits request bytes into lines, the one way every reader does (`chime batch`, pending files,
/// `--ical` files, the C ABI's `chime_batch` and streams; docs/contract.md): lines end at `\n`,
/// a `\r` before it is dropped, and a last line without `\n` is handed out as it is. A line longer
/// than `BatchProcessor.maximumLineLength` is never held: it is skipped to its end and handed out
/// as `.tooLong(length)`, so one endless line cannot take the process's memory.
///
/// Bytes come in pieces of any size (`feed`), then `finish` ends the input. A line inside one
/// piece is handed out in place, without a copy; only a line that spans pieces is assembled.
/// ```swift
/// var framer = LineFramer()
/// framer.feed(bytes("{\"id\":1,…}\r\n{\"id\":2")) { piece in … }   // .line(`{"id":1,…}`)
/// framer.feed(bytes(",…}\n")) { piece in … }                       // .line(`{"id":2,…}`)
/// framer.finish { piece in … }                                      // nothing left
/// ```
package struct LineFramer {
    /// What the framer hands out: a line's bytes (valid only during the call, without the
    /// terminator; blank lines included), or the length of a line too long to hold.
    package enum Piece {
        case line(UnsafeBufferPointer<UInt8>)
        case tooLong(Int)
    }

    private let maximumLength: Int
    /// The start of a line begun in an earlier piece, without its `\n` yet.
    private var partial: [UInt8] = []
    /// A line too long to hold, being skipped: its length so far and whether its last byte is a
    /// `\r` (not counted if the `\n` follows).
    private var skipping: (length: Int, endsWithCR: Bool)?

    package init(maximumLength: Int = BatchProcessor.maximumLineLength) {
        self.maximumLength = maximumLength
    }

    /// Hands each line `bytes` completes to `body`, in order, until `body` returns false; returns
    /// whether it went through them all. What follows the last `\n` is kept for the next piece.
    @discardableResult
    package mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (Piece) -> Bool) -> Bool {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return true }
        var start = 0
        if skipping != nil || !partial.isEmpty {
            guard let found = memchr(base, 0x0A, bytes.count) else {
                hold(bytes)
                return true
            }
            let newline = UnsafeRawPointer(found) - UnsafeRawPointer(base)
            start = newline + 1
            if let skipped = skipping {
                skipping = nil
                let cr = newline > 0 ? bytes[newline - 1] == 0x0D : skipped.endsWithCR
                guard body(.tooLong(skipped.length + newline - (cr ? 1 : 0))) else { return false }
            } else {
                partial.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[..<newline]))
                if partial.last == 0x0D { partial.removeLast() }
                let going = partial.withUnsafeBufferPointer { handOut($0, body) }
                partial.removeAll(keepingCapacity: partial.capacity <= 1 << 20)
                guard going else { return false }
            }
        }
        while start < bytes.count, let found = memchr(base + start, 0x0A, bytes.count - start) {
            let newline = UnsafeRawPointer(found) - UnsafeRawPointer(base)
            let end = newline > start && bytes[newline - 1] == 0x0D ? newline - 1 : newline
            guard handOut(UnsafeBufferPointer(rebasing: bytes[start..<end]), body) else { return false }
            start = newline + 1
        }
        hold(UnsafeBufferPointer(rebasing: bytes[start...]))
        return true
    }

    /// The end of the input: a line left without `\n` is handed out as it is (or as `.tooLong`).
    package mutating func finish(_ body: (Piece) -> Bool) {
        if let skipped = skipping {
            skipping = nil
            _ = body(.tooLong(skipped.length))
        } else if !partial.isEmpty {
            _ = partial.withUnsafeBufferPointer { handOut($0, body) }
            partial = []
        }
    }

    /// Whether a line holds nothing but spaces, tabs and `\r`: such a line gets no answer
    /// (docs/contract.md), in `chime batch`, pending files and the C ABI alike.
    package static func isBlank(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        !line.contains { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }
    }

    /// A complete line, or its length when it is too long.
    private func handOut(_ line: UnsafeBufferPointer<UInt8>, _ body: (Piece) -> Bool) -> Bool {
        line.count > maximumLength ? body(.tooLong(line.count)) : body(.line(line))
    }

    /// Keeps the start of a line; past the longest line (and a `\r` that may yet be dropped) it
    /// counts the bytes instead of keeping them.
    private mutating func hold(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard !bytes.isEmpty else { return }
        if let skipped = skipping {
            skipping = (skipped.length + bytes.count, bytes.last == 0x0D)
        } else if partial.count + bytes.count > maximumLength + 1 {
            skipping = (partial.count + bytes.count, bytes.last == 0x0D)
            partial = []
        } else {
            partial.append(contentsOf: bytes)
        }
    }
}
