import ChimeBatch

/// Lines as `chime batch` reads them (`LineFramer`): a line of nothing but spaces, tabs and `\r`
/// is skipped; every response is followed by `\n`.
extension BatchProcessor {
    /// Answers one piece of the input: a request line (unless blank), or `lineTooLong` for a line
    /// too long to hold, as `chime batch` does. Always true: the C ABI reads to the end.
    mutating func respond(to piece: LineFramer.Piece, into out: inout [UInt8]) -> Bool {
        switch piece {
        case .tooLong(let length):
            out += Self.lineTooLongResponse(length: length).utf8
            out.append(0x0A)
        case .line(let line):
            guard !LineFramer.isBlank(line) else { return true }
            respond(toLine: line, into: &out)
            out.append(0x0A)
        }
        return true
    }
}
