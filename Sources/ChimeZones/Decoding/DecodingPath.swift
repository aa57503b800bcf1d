/// Turns Chime's own errors met while decoding into `DecodingError`s that say where: the
/// `DecodingError.dataCorrupted` a `JSONDecoder` user expects, with the coding path of the
/// offending value (`calendar.components.weekday`), Chime's words as `debugDescription` and
/// Chime's error (`TriggerError`, `CronError`, `OnCalendarError`, `TimeError`, `PendingError`) as
/// `underlyingError`, for callers that map errors to codes (the `chime` tool does).
package enum DecodingPath {
    /// Runs `body`; a `DecodingError` passes through, any other error becomes `dataCorrupted` at
    /// `path` (made finer by `refine` for the errors that name their field).
    package static func run<T>(_ path: [any CodingKey], refine: (any Error) -> [any CodingKey] = { _ in [] },
                       _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DecodingError {
            throw error
        } catch {
            throw corrupted(error, at: path + refine(error))
        }
    }

    package static func corrupted(_ error: any Error, at path: [any CodingKey]) -> DecodingError {
        .dataCorrupted(.init(codingPath: path, debugDescription: "\(error)", underlyingError: error))
    }

    /// A member Chime writes for the reader's sake (a normalized form, the zone an expression names):
    /// read back, it must say what the rest of the object says (`derived`), else `dataCorrupted` at
    /// its path. Absent is fine.
    package static func checkDerived<Key: CodingKey>(_ c: KeyedDecodingContainer<Key>, _ key: Key, equals derived: String?) throws {
        guard c.contains(key) else { return }
        let written = try c.decodeNil(forKey: key) ? nil : try c.decode(String.self, forKey: key)
        guard written == derived else {
            throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription:
                "'\(written ?? "null")' is not what the rest of the trigger gives (\(derived.map { "'\($0)'" } ?? "none")); Chime writes it for reading, leave it out")
        }
    }

    /// A coding path as one dotted text (`trigger.weekly.weekdays[0]`).
    package static func dotted(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue { text += "[\(index)]" } else { text += (text.isEmpty ? "" : ".") + key.stringValue }
        }
        return text
    }

    /// A coding key spelled by a string or an array index.
    package struct Key: CodingKey {
        package let stringValue: String
        package let intValue: Int?
        package init(_ name: String) { stringValue = name; intValue = nil }
        package init(index: Int) { stringValue = "Index \(index)"; intValue = index }
        package init?(stringValue: String) { self.init(stringValue) }
        package init?(intValue: Int) { self.init(index: intValue) }
    }
}

extension CodingUserInfoKey {
    /// An `Instant` in a decoder's `userInfo` under this key anchors the interval triggers that
    /// come without an `anchor` (`Trigger`'s `Decodable` never reads the clock; without it such an
    /// interval is `DecodingError.keyNotFound`).
    public static let chimeDefaultAnchor = CodingUserInfoKey(rawValue: "chime.defaultAnchor")!
}
