import Chime

/// One `chime batch` input line (CONTRACT.md):
/// `{"id": "r1", "zone": "America/New_York", "after": "2026-03-07T12:00:00Z", "count": 3, "trigger": {…}}`.
struct BatchRequest: Decodable {
    let id: BatchRequestID
    let zone: String
    let after: String?
    let count: Int?
    let trigger: Trigger

    enum CodingKeys: String, CodingKey { case zone, after, count, trigger }

    init(from decoder: Decoder) throws {
        id = try BatchRequestID(from: decoder)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        zone = try c.decode(String.self, forKey: .zone)
        after = try c.decodeIfPresent(String.self, forKey: .after)
        count = try c.decodeIfPresent(Int.self, forKey: .count)
        trigger = try c.decode(Trigger.self, forKey: .trigger)
    }
}

/// Just the request's id, read separately so that an error response can echo it even when the
/// rest of the line is invalid. A string or a number, echoed as given.
struct BatchRequestID: Decodable {
    let id: JSON?

    enum CodingKeys: String, CodingKey { case id, identifier }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let key: CodingKeys = c.contains(.id) ? .id : .identifier
        if let text = try? c.decode(String.self, forKey: key) { id = .string(text) }
        else if let number = try? c.decode(Int64.self, forKey: key) { id = .int(number) }
        else { id = nil }
    }
}
