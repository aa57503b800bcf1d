/// A member of a JSON object that Chime does not read. Always an error, never ignored: a typo
/// must not change the answer silently (`{"components": {"hour": 9, "minite": 30}}` would fire at
/// 09:00, not 09:30; `"cuont": 5` would answer one fire).
///
/// Decoding throws it as the `underlyingError` of a `DecodingError.dataCorrupted` at the member's
/// coding path; `chime batch`, pending files and the C ABI answer it with code `unknownField`.
public struct UnknownFieldError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The member as written (`"minite"`).
    public let field: String
    /// Where it was, dotted (`"trigger.calendar.components"`; empty at the top level).
    public let path: String
    /// The known member nearest it, if one is near enough to be a typo (`"minute"`).
    public let suggestion: String?
    /// Every member the object may have.
    public let known: [String]

    /// The error for `field` at `path`, suggesting the nearest of `known` (`ClosestName`).
    public init(field: String, path: String, known: [String]) {
        self.field = field
        self.path = path
        self.known = known
        suggestion = ClosestName.closest(to: field, among: known)
    }

    /// `unknown field 'minite' in trigger.calendar.components: did you mean 'minute'?`
    public var description: String {
        let place = path.isEmpty ? "" : " in \(path)"
        if let suggestion { return "unknown field '\(field)'\(place): did you mean '\(suggestion)'?" }
        return "unknown field '\(field)'\(place); known fields: \(known.joined(separator: ", "))"
    }

    /// Throws when the object `decoder` reads has a member outside `known`: a
    /// `DecodingError.dataCorrupted` at that member's path with this error underneath.
    public static func check(_ decoder: any Decoder, known: [String]) throws {
        try check(try decoder.container(keyedBy: DecodingPath.Key.self), known: known)
    }

    /// `check(_:known:)` for the object under `key` of `container`.
    public static func check<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>, forKey key: Key, known: [String]) throws {
        try check(try container.nestedContainer(keyedBy: DecodingPath.Key.self, forKey: key), known: known)
    }

    /// `check(_:known:)` with the member names of a `CodingKey` enum.
    public static func check<Known: CodingKey & CaseIterable>(_ decoder: any Decoder, _ keys: Known.Type) throws {
        try check(decoder, known: keys.allCases.map(\.stringValue))
    }

    private static func check(_ object: KeyedDecodingContainer<DecodingPath.Key>, known: [String]) throws {
        for key in object.allKeys where !known.contains(key.stringValue) {
            let error = UnknownFieldError(field: key.stringValue, path: DecodingPath.dotted(object.codingPath), known: known)
            throw DecodingPath.corrupted(error, at: object.codingPath + [key])
        }
    }
}
