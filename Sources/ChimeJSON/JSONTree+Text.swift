/// A subtree as a `JSON` value, and written back as compact JSON text: how an opaque value (a
/// request's `payload`) is carried through untouched in meaning — strings re-escaped, numbers in
/// their source text, members in their order.
extension JSONTree {
    package func compactText(at index: Int) -> String { value(at: index).serialized }

    /// The value at `index`; a number keeps its source text (`JSON.number`).
    package func value(at index: Int) -> JSON {
        switch kind(at: index) {
        case .null: return .null
        case .false: return .bool(false)
        case .true: return .bool(true)
        case .number: return .number(numberText(at: index))
        case .string: return .string(string(at: index))
        case .array:
            var items: [JSON] = [], element = firstElement(of: index)
            for _ in 0..<nodes[index].length {
                items.append(value(at: element))
                element = next(after: element)
            }
            return .array(items)
        case .object:
            var members: [(String, JSON)] = [], key = index + 1
            for _ in 0..<nodes[index].length {
                let value = next(after: key)
                members.append((string(at: key), self.value(at: value)))
                key = next(after: value)
            }
            return .object(members)
        }
    }
}
