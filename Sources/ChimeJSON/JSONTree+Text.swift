/// A subtree written back as compact JSON text: how an opaque value (a request's `payload`) is
/// carried through untouched in meaning — strings re-escaped, numbers in their source text.
extension JSONTree {
    package func compactText(at index: Int) -> String {
        var out: [UInt8] = []
        write(index, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private func write(_ index: Int, to out: inout [UInt8]) {
        switch kind(at: index) {
        case .null: out += Array("null".utf8)
        case .false: out += Array("false".utf8)
        case .true: out += Array("true".utf8)
        case .number: out += Array(numberText(at: index).utf8)
        case .string: JSON.writeString(string(at: index), to: &out)
        case .array:
            out.append(UInt8(ascii: "["))
            var element = firstElement(of: index)
            for i in 0..<nodes[index].length {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                write(element, to: &out)
                element = next(after: element)
            }
            out.append(UInt8(ascii: "]"))
        case .object:
            out.append(UInt8(ascii: "{"))
            var key = index + 1
            for i in 0..<nodes[index].length {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                write(key, to: &out)
                out.append(UInt8(ascii: ":"))
                let value = next(after: key)
                write(value, to: &out)
                key = next(after: value)
            }
            out.append(UInt8(ascii: "}"))
        }
    }
}
