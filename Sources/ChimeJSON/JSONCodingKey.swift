/// A coding-path key for `JSONTreeDecoder` errors: a member name, or an array position spelled
/// `Index N` as Foundation's JSONDecoder spells it.
///
/// ```swift
/// JSONCodingKey(index: 0).stringValue       // "Index 0"
/// JSONCodingKey(stringValue: "zone").intValue // nil
/// ```
struct JSONCodingKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    init(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }

    init(index: Int) {
        stringValue = "Index \(index)"
        intValue = index
    }
}
