/// Control characters as Chime's text shows them: written out as `\u{1b}`, never sent raw.
///
/// Zone data is untrusted input (a TZif abbreviation, a `tzdata.zi` version, a file name), and so
/// is what a user typed: a raw ESC written to a terminal starts an escape sequence that can
/// recolour, retitle or rewrite the screen. Every text line `chime` prints and every error message
/// passes through here (JSON escapes them its own way). Escaped: C0 (U+0000–U+001F), DEL
/// (U+007F) and C1 (U+0080–U+009F, which some terminals obey as 8-bit controls).
package enum ControlCharacters {
    /// Whether `text` holds a character `escaped` would change (one pass over its bytes; C1
    /// characters are the UTF-8 pairs `C2 80`…`C2 9F`).
    package static func occur(in text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte < 0x20 || byte == 0x7F || (previous == 0xC2 && byte < 0xA0) { return true }
            previous = byte
        }
        return false
    }

    /// `text` with each control character written as `\u{` its hex value `}` (lowercase, as in
    /// Swift source); with `keepingNewlines`, a line feed stays one (a message of several lines).
    package static func escaped(_ text: String, keepingNewlines: Bool = false) -> String {
        guard occur(in: text) else { return text }
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count + 16)
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x20 || (value >= 0x7F && value < 0xA0), !(keepingNewlines && value == 0x0A) {
                result += "\\u{\(String(value, radix: 16))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
