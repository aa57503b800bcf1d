/// What a `ZoneRules` was loaded as: id, source and tz data version. Kept in the rules' table
/// (`TransitionTable.identity`) so that `ZoneRules` is a single reference: copying one into a call
/// costs one retain instead of three plus the string value witnesses.
struct ZoneIdentity: Sendable {
    let identifier: String
    let source: ZoneSource
    let version: String?
}
