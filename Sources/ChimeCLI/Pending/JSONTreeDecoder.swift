import ChimeBatch

/// The CLI's way to decode a parsed JSON line (pending files read batch's JSON): ChimeBatch's own
/// `JSONTreeDecoder` is internal to it (its `Decoder` conformance would otherwise need every
/// member public to the package), so this forwards to `JSONTree.decode`.
enum JSONTreeDecoder {
    static func decode<T: Decodable>(_ type: T.Type, from tree: JSONTree) throws -> T {
        try tree.decode(type)
    }
}
