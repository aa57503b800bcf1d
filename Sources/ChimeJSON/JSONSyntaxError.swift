/// Why a text is not JSON (RFC 8259), and where: the 0-based byte offset of the offending byte.
///
/// ```swift
/// do { _ = try JSONParser.parse(Array(#"{"a": [1, 2,]}"#.utf8)) }
/// catch { print(error) }   // unexpected ']' (expected a value) at byte 12
/// ```
package struct JSONSyntaxError: Error, CustomStringConvertible, Equatable {
    let reason: String
    let offset: Int

    package var description: String { "\(reason) at byte \(offset)" }

    /// "unexpected 'x' (expected …)", naming a non-printable byte by its hex value.
    static func unexpected(_ byte: UInt8, at offset: Int, expected: String) -> JSONSyntaxError {
        JSONSyntaxError(reason: "unexpected \(describe(byte)) (expected \(expected))", offset: offset)
    }

    static func describe(_ byte: UInt8) -> String {
        if (0x21...0x7E).contains(byte) { return "'\(Character(Unicode.Scalar(byte)))'" }
        let hex = String(byte, radix: 16, uppercase: true)
        return "byte 0x" + (hex.count < 2 ? "0" + hex : hex)
    }
}
