/// Decoding a parsed JSON value for the CLI's pending files, which read the same JSON as batch
/// does (`JSONTreeDecoder` itself stays internal to ChimeBatch).
extension JSONTree {
    package func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try JSONTreeDecoder.decode(type, from: self)
    }
}
