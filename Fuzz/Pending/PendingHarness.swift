// Fuzz harness `pending`: a pending-request file (JSON Lines, docs/contract.md) read by the
// `chime pending`/`simulate`/`plan` reader (`PendingFile`, compiled with the ChimeCLI sources by
// Fuzz/run.sh), then added to a `PendingStore` and delivered for a day.
//
// Input: a 1-byte header (store limit 1–8 and rule; platform profile), then the file's bytes
// (any bytes: the reader splits lines at \n and \r\n, and a line may hold invalid UTF-8).
// Checks, beyond "no crash, no hang":
// - every non-blank line is accounted for exactly once: a request, an error naming the line, or
//   a line replaced by a later one with the same identifier; error codes are documented, with
//   words; requests are in line order with unique identifiers;
// - each request written back as a request line (identifier, zone, created, the trigger's JSON
//   echo `TriggerJSON.describe`, the raw payload) reads back as the same request;
// - added to a store at `now` (the limit and rule from the header; the store checks its own
//   invariants in this build) and delivered for a day, a quarter of an hour at a time: deliveries come in (instant, identifier)
//   order, each request's deliveries are exactly its trigger's chain of fires after `now`.
#if canImport(Glibc)
import Glibc
#endif
@testable import Chime
import ChimeBatch
import ChimeJSON

enum PendingHarness {
    /// 2026-03-07T12:00:00Z.
    static let now = Instant(seconds: 1_772_884_800)
    static let documentedCodes: Set<String> = [
        "malformedJSON", "missingField", "invalidField", "invalidTrigger", "invalidCronExpression", "invalidRRule", "unknownZone",
        "malformedInstant", "malformedLocalTime", "yearOutOfRange", "wallTimeSkipped", "malformedZoneData", "unreadable",
        "zoneSourceUnavailable", "badConfiguration", "limitReached", "zoneConflict",
    ]

    /// The bytes as a file the reader opens by path (on tmpfs, removed after reading).
    static func withFile<T>(_ bytes: [UInt8], _ body: (String) throws(FuzzFailure) -> T) throws(FuzzFailure) -> T {
        let path = "/dev/shm/chime-fuzz-pending-\(getpid())"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard fd >= 0 else { throw fuzzFailure("cannot create \(path)") }
        defer { unlink(path) }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, bytes.count - written) }
            guard n > 0 else { close(fd); throw fuzzFailure("write to \(path) failed") }
            written += n
        }
        close(fd)
        return try body(path)
    }

    static func read(_ bytes: [UInt8], profile: PlatformProfile? = nil) throws(FuzzFailure) -> PendingFile {
        try withFile(bytes) { (path) throws(FuzzFailure) -> PendingFile in
            do { return try PendingFile(path: path, database: FuzzZones.database, now: now, profile: profile) } catch let error as CLIError {
                throw fuzzFailure("the file could not be read: \(error.message)")
            } catch {
                throw fuzzFailure("the file could not be read: \(error)")
            }
        }
    }

    static func run(_ data: [UInt8]) throws(FuzzFailure) {
        var input = FuzzBytes(data)
        let header = input.byte()
        let limit = Int(header % 8) + 1
        let rule: PendingStore.Rule = [.soonest, .recent, .rejectBeyondLimit][Int(header / 8) % 3]
        let profile: PlatformProfile? = header / 24 % 4 == 1 ? .ios : header / 24 % 4 == 2 ? .android : nil
        let bytes = Array(data.dropFirst())
        let context = { "limit \(limit) \(rule) profile \(profile.map { "\($0)" } ?? "-"): '\(String(decoding: bytes.prefix(300), as: UTF8.self))'" }

        let file = try read(bytes)
        // The requests kept, in file order, with their lines (`PendingFile.table`).
        let requests = file.table.rows.map { (line: file.table.line($0), request: file.table.request($0)) }
        // Lines as LineReader splits them: at \n (a \r before it dropped); a last line without \n.
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { Array($0) }
        if lines.last?.isEmpty == true { lines.removeLast() }
        let nonBlank = lines.enumerated().filter { _, line in
            line.contains { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") && $0 != UInt8(ascii: "\r") }
        }.map { $0.offset + 1 }
        let accounted = requests.map(\.line) + file.errors.map(\.line) + file.duplicates.map(\.replacedLine)
        try fuzzCheck(accounted.sorted() == nonBlank, "lines \(nonBlank) but requests \(requests.map(\.line)), errors \(file.errors.map(\.line)), replaced \(file.duplicates.map(\.replacedLine)): \(context())")
        for error in file.errors {
            try fuzzCheck(documentedCodes.contains(error.code) && !error.message.isEmpty, "line \(error.line): \(error.code) '\(error.message)': \(context())")
        }
        try fuzzCheck(requests.map(\.line) == requests.map(\.line).sorted(), "requests out of line order: \(context())")
        try fuzzCheck(Set(requests.map(\.request.identifier)).count == requests.count, "a duplicate identifier kept: \(context())")
        for duplicate in file.duplicates {
            try fuzzCheck(duplicate.replacedLine < duplicate.line, "line \(duplicate.line) replaces a later line \(duplicate.replacedLine): \(context())")
        }

        // Each request, written back as a line, reads back the same.
        for (line, request) in requests {
            var fields: [(String, JSON)] = [("identifier", .string(request.identifier)), ("zone", .string(request.zoneIdentifier)),
                                            ("created", .string(request.createdAt.utcString)), ("trigger", TriggerJSON.describe(request.trigger))]
            if let payload = request.payload { fields.append(("payload", .raw(payload.text))) }
            let text = JSON.object(fields).serialized
            let again = try read(Array(text.utf8))
            try fuzzCheck(again.errors.isEmpty && again.count == 1, "line \(line) written as \(text) reads back as \(again.errors.map(\.text)): \(context())")
            try fuzzCheck(again.table.request(again.table.rows[0]) == request, "line \(line) written as \(text) reads back as another request: \(context())")
        }

        // The store: add at now, deliver for a day, a quarter of an hour at a time. A dense trigger
        // (every second: 86,400 fires a day) ends the input after the quarter that passes 1,000
        // deliveries: the chain check below would need the whole day, minutes in this build.
        // With a profile, the file read as that platform runs it (`PendingFile(…, profile:)`).
        let profiled = profile == nil ? file : try read(bytes, profile: profile)
        var store: PendingStore
        do { store = try PendingStore(limit: limit, rule: rule) } catch { throw fuzzFailure("\(error)") }
        do { _ = try profiled.add(to: &store) { _, _ in } } catch { throw fuzzFailure("add failed: \(error): \(context())") }
        let kept = store.pending.map(\.request)
        var deliveries: [PendingDelivery] = []
        var failed: Set<String> = []
        for quarters in 1...96 {
            let report: PendingDeliveryReport
            do { report = try store.deliver(until: Instant(seconds: now.seconds + Int64(quarters) * 900)) } catch {
                throw fuzzFailure("deliver failed: \(error): \(context())")
            }
            deliveries += report.deliveries
            for discard in report.discarded { failed.insert(discard.identifier) }
            if deliveries.count > 1_000 { return }
        }
        for (a, b) in zip(deliveries, deliveries.dropFirst()) {
            try fuzzCheck(PendingEntry.precedes(a.fire.instant, a.identifier, b.fire.instant, b.identifier),
                          "deliveries out of order: \(a) then \(b): \(context())")
        }
        let until = Instant(seconds: now.seconds + 86_400)
        for request in kept where !failed.contains(request.identifier) {
            var iterator = FireIterator(trigger: request.trigger, zone: request.zone, start: now)
            var expected: [Fire] = []
            while let fire = iterator.next(), fire.instant <= until { expected.append(fire) }
            let got = deliveries.filter { $0.identifier == request.identifier }.map(\.fire)
            try fuzzCheck(got == expected, "'\(request.identifier)' delivered \(got), its chain is \(expected): \(context())")
        }
    }
}
