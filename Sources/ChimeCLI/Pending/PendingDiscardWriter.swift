import Chime
import ChimeJSON
import ChimeBatch

/// Discards as `chime pending` writes them — a text row, or a JSON element — straight into the
/// output's bytes: on a big file they are nearly the whole answer, and a `String` or a `JSON`
/// value each cost more than finding them did. The bytes are those of the general path's
/// (`"  " + identifier.padding(to: width) + next.padding(to: 27) + reason`, escaped; and
/// `JSON.object(…).serialized`).
struct PendingDiscardWriter {
    /// The text rows' identifier column.
    let width: Int
    /// The reason last written, as a phrase in text and in JSON: a file's discards share one or two.
    private var phrase: (code: String, limit: Int, text: [UInt8], json: [UInt8])?

    init(width: Int) { self.width = width }

    /// The discard as a row of text.
    mutating func text(_ discard: PendingDiscard, to output: inout Output) {
        let identifier = discard.identifier.utf8
        guard Self.isPlain(identifier), let phrase = phrase(of: discard.reason) else {
            // Escapes, or characters wider or narrower than a byte: the general path.
            let next = discard.next.map { $0.instant.iso8601(offsetSeconds: Int($0.offset)) } ?? "never"
            output.line("  " + discard.identifier.escapedPadding(to: width) + next.padding(to: 27) + discard.reason.description)
            return
        }
        output.line { out in
            out.append(contentsOf: "  ".utf8)
            out.append(contentsOf: identifier)
            Self.pad(identifier.count, to: width, &out)
            if let next = discard.next {
                Self.pad(Self.append(next.instant, offsetSeconds: Int(next.offset), to: &out), to: 27, &out)
            } else {
                out.append(contentsOf: "never".utf8)
                Self.pad(5, to: 27, &out)
            }
            out.append(contentsOf: phrase.text)
        }
    }

    /// The discard as a JSON object: `identifier`, `next` (a fire or null), `reason` (its code)
    /// and `message`.
    mutating func json(_ discard: PendingDiscard, to out: inout [UInt8]) {
        let phrase = phrase(of: discard.reason)?.json
        let message = phrase == nil ? discard.reason.description : ""
        let maximum = 64 + ByteWriter.maximumLength(of: discard.identifier) + ByteWriter.maximumLength(of: discard.reason.code)
            + (discard.next.map(FireFormatting.maximumLength) ?? 4) + (phrase?.count ?? ByteWriter.maximumLength(of: message))
        ByteWriter.append(to: &out, maximum: maximum) { w in
            w.literal(#"{"identifier":"#)
            w.string(discard.identifier)
            w.literal(#","next":"#)
            if let next = discard.next { FireFormatting.write(next, into: &w) } else { w.literal("null") }
            w.literal(#","reason":"#)
            w.string(discard.reason.code)
            w.literal(#","message":"#)
            if let phrase { phrase.withUnsafeBufferPointer { w.bytes($0) } } else { w.string(message) }
            w.byte(UInt8(ascii: "}"))
        }
    }

    /// `"chime: " + prefix + discard.description` and a newline, as `Output.error` writes a line
    /// (control characters escaped): simulate's discards on stderr, a million of them.
    mutating func message(_ discard: PendingDiscard, prefix: String, to out: inout [UInt8]) {
        let identifier = discard.identifier.utf8
        guard Self.isPlain(identifier), let phrase = phrase(of: discard.reason), !ControlCharacters.occur(in: prefix) else {
            out.append(contentsOf: "chime: ".utf8)
            out.append(contentsOf: ControlCharacters.escaped(prefix + discard.description, keepingNewlines: true).utf8)
            out.append(UInt8(ascii: "\n"))
            return
        }
        out.append(contentsOf: "chime: ".utf8)
        out.append(contentsOf: prefix.utf8)
        out.append(UInt8(ascii: "'"))
        out.append(contentsOf: identifier)
        out.append(contentsOf: "' (next: ".utf8)
        if let next = discard.next {
            Self.append(next.instant, offsetSeconds: nil, to: &out)
        } else {
            out.append(contentsOf: "none".utf8)
        }
        out.append(contentsOf: ") discarded: ".utf8)
        out.append(contentsOf: phrase.text)
        out.append(UInt8(ascii: "\n"))
    }

    /// The reason's phrase, worked out once while the reason stays the same; nil for one that
    /// carries its own words (`triggerFailed`), which the general path writes.
    private mutating func phrase(of reason: PendingDiscard.Reason) -> (text: [UInt8], json: [UInt8])? {
        let limit: Int
        switch reason {
        case .neverFires: limit = 0
        case .notAmongSoonest(let l), .notAmongMostRecent(let l): limit = l
        case .triggerFailed: return nil
        }
        if let phrase, phrase.code == reason.code, phrase.limit == limit { return (phrase.text, phrase.json) }
        let text = reason.description
        guard !ControlCharacters.occur(in: text) else { return nil }
        var json: [UInt8] = []
        ByteWriter.append(to: &json, maximum: ByteWriter.maximumLength(of: text)) { $0.string(text) }
        let bytes = Array(text.utf8)
        phrase = (reason.code, limit, bytes, json)
        return (bytes, json)
    }

    /// Whether an identifier is printable ASCII: its bytes are then its text as shown, one column
    /// each (anything else is escaped or takes other widths: the general path's).
    private static func isPlain(_ identifier: String.UTF8View) -> Bool {
        identifier.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }

    /// Appends the instant (`ByteWriter.instant`); returns how many bytes that took.
    @discardableResult
    private static func append(_ instant: Instant, offsetSeconds: Int?, to out: inout [UInt8]) -> Int {
        let start = out.count
        ByteWriter.append(to: &out, maximum: ISO8601Format.maximumInstantLength) { $0.instant(instant, offsetSeconds: offsetSeconds) }
        return out.count - start
    }

    /// Spaces after `count` bytes up to `width`, as `String.padding(to:)` pads: two when there is
    /// no room.
    private static func pad(_ count: Int, to width: Int, _ out: inout [UInt8]) {
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count >= width ? 2 : width - count))
    }
}
