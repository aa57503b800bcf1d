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
