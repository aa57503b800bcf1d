import ChimeJSON

/// An app's opaque JSON payload (a notification's title, body, user info …), carried through the
/// pending set untouched: Chime stores the bytes it was given and never parses them.
///
/// The boundary that reads a request line (e.g. the CLI's JSON parser, which knows where each
/// value starts and ends) slices the payload's raw text out of the line and hands it over here.
public struct PendingPayload: Sendable, Hashable {
    /// The JSON text exactly as given, UTF-8.
    public let bytes: [UInt8]

    /// The payload from JSON text as UTF-8 bytes, kept exactly (never parsed or validated here).
    public init(bytes: [UInt8]) { self.bytes = bytes }

    /// The payload from JSON text, kept exactly as given.
    public init(rawJSON text: String) { self.bytes = Array(text.utf8) }

    /// The JSON text exactly as given (invalid UTF-8, which a JSON text cannot contain, is repaired).
    public var text: String { String(decoding: bytes, as: UTF8.self) }
}

/// A payload crosses a generic `Encoder` as the JSON value it holds (an object stays an object),
/// and comes back from a `Decoder` as that value's compact JSON text (`JSON`'s `Codable`). Through
/// a generic coder, object keys come back sorted and numbers as `Int64` or `Double`: the same JSON
/// value, not always the same bytes (the `chime` tool slices payload bytes out of its lines untouched).
extension PendingPayload: Codable {
    /// Reads the payload as any JSON value at the decoder's position and keeps its compact JSON
    /// text.
    public init(from decoder: Decoder) throws {
        self.init(rawJSON: try JSON(from: decoder).serialized)
    }

    /// Writes the payload as the JSON value it holds; throws `EncodingError.invalidValue` when its
    /// bytes are not JSON text.
    public func encode(to encoder: Encoder) throws {
        let value: JSON
        do { value = try JSON(parsing: bytes) } catch {
            throw EncodingError.invalidValue(text, .init(codingPath: encoder.codingPath, debugDescription: "the payload is not JSON text: \(error)"))
        }
        try value.encode(to: encoder)
    }
}
