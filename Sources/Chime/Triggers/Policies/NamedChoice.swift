/// A choice spelled by its camelCase name in JSON and on the command line (`nextTime`, `shift`, …).
public protocol NamedChoice: CaseIterable, RawRepresentable where RawValue == String {}

extension NamedChoice {
    /// The choice named `text`, or `TriggerError.unknownName` listing the allowed names for `field`.
    public init(named text: String, field: String) throws(TriggerError) {
        guard let value = Self(rawValue: text) else {
            throw .unknownName(field: field, value: text, allowed: Self.allCases.map(\.rawValue))
        }
        self = value
    }
}

extension MatchingPolicy: NamedChoice {}
extension RepeatedTimePolicy: NamedChoice {}
extension SearchDirection: NamedChoice {}
extension GapPolicy: NamedChoice {}
extension OverlapPolicy: NamedChoice {}
extension Semantics: NamedChoice {}
