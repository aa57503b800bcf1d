import Foundation
import Testing
@testable import ChimeTestSupport
@testable import ChimeTestCases

// End-to-end bad input against the built `chime` executable (`swift build` builds it before
// `swift test`). Every case must exit 2 with a message on stderr that names the problem, print
// nothing on stdout, and never crash (no signal, no Swift "Fatal error" or backtrace).
// Zones come from the pinned fixtures via TZDIR, so answers do not depend on the host's tzdata.

/// A bad command line and the words its error must contain.
struct BadInvocation: CustomTestStringConvertible, Sendable {
    let arguments: [String]
    var environment: [String: String] = [:]
    let mentions: [String]

    var testDescription: String {
        (environment.map { "\($0.key)=\($0.value) " }.joined() + "chime " + arguments.joined(separator: " "))
    }
}

// MARK: - Tests

@Suite("CLI bad input")
struct CLIBadInputTests {
    static let ny = "America/New_York"

    static let invocations: [BadInvocation] = [
        // Unknown zones: the id is named, and the closest ids suggested.
        .init(arguments: ["zone", "America/New_Yrok"], mentions: ["'America/New_Yrok'", "America/New_York"]),
        // chime audit
        .init(arguments: ["audit", "--every", "1h", "--zones", ny], mentions: ["interval", "elapsed time"]),
        .init(arguments: ["audit", "--at", "02:30", "--zones", "Mars/Base"], mentions: ["'Mars/Base'"]),
        .init(arguments: ["audit", "--at", "02:30", "--from", "2030", "--to", "2020"], mentions: ["--from 2030", "--to 2020"]),
        .init(arguments: ["audit", "--at", "02:30", "--from", "0"], mentions: ["audit years", "0"]),
        .init(arguments: ["audit", "--at", "02:30", "--compare", "apple"], mentions: ["two or more"]),
        .init(arguments: ["audit", "--at", "02:30", "--compare", "apple,posix"], mentions: ["'posix'", "apple and consistent"]),
        .init(arguments: ["audit", "--cron", "0 0 L * *", "--flavor", "croniter", "--compare", "croniter,systemd"], mentions: ["systemd cannot say"]),
        .init(arguments: ["audit", "--at", "02:30", "--gap", "reject"], mentions: ["--gap reject"]),
        .init(arguments: ["audit", "--at", "02:30", "--direction", "backward"], mentions: ["forward"]),
        .init(arguments: ["audit", "--at", "02:30", "--once"], mentions: ["--once"]),
        .init(arguments: ["audit", "--at", "02:30", "--zones", ny, "--tz", ny], mentions: ["--zones or --tz"]),
        .init(arguments: ["zone", "America/New_Yrok", "--json"], mentions: ["'America/New_Yrok'", "America/New_York"]),
        .init(arguments: ["resolve", "Europe/Lodnon", "2026-03-29T01:30:00"], mentions: ["'Europe/Lodnon'", "Europe/London"]),
        .init(arguments: ["transitions", "Mars/Olympus_Mons", "--from", "2026"], mentions: ["unknown time zone", "'Mars/Olympus_Mons'"]),
        .init(arguments: ["zone", ""], mentions: ["unknown time zone"]),
        // ICU 2022e predates America/Coyhaique (2025a): an error, never a silent GMT.
        .init(arguments: ["zone", "America/Coyhaique", "--source", "icu"], mentions: ["'America/Coyhaique'"]),
        // Ids are never paths out of TZDIR.
        .init(arguments: ["zone", "../../etc/passwd"], mentions: ["'../../etc/passwd'"]),
        .init(arguments: ["zone", "/etc/passwd"], mentions: ["malformed TZif file /etc/passwd", "not a TZif file"]),   // an absolute path is a TZif file to read (docs/contract.md)
        .init(arguments: ["zone", "America/../../../../etc/passwd", "--source", "tzif"], mentions: ["'America/../../../../etc/passwd'"]),
        .init(arguments: ["resolve", "../../../etc/passwd", "2026-01-01T00:00:00"], mentions: ["'../../../etc/passwd'"]),
        // Malformed instants.
        .init(arguments: ["zone", ny, "--at", "2026-13-01T00:00:00Z"], mentions: ["'2026-13-01T00:00:00Z'", "month 13"]),
        .init(arguments: ["zone", ny, "--at", "yesterday"], mentions: ["'yesterday'", "not an instant"]),
        .init(arguments: ["zone", ny, "--at", "2026-03-08T07:00:00Q"], mentions: ["'2026-03-08T07:00:00Q'", "not an instant"]),
        .init(arguments: ["zone", ny, "--at", "@12x"], mentions: ["'@12x'"]),
        .init(arguments: ["next", "--at", "09:00", "--tz", ny, "--after", "2026-03-08 25:00"], mentions: ["hour 25"]),
        // A local time in the gap, with gap policy reject, is refused.
        .init(arguments: ["next", "--at", "09:00", "--tz", ny, "--after", "2026-03-08T02:30", "--gap", "reject"], mentions: ["2026-03-08T02:30:00", "does not exist"]),
        .init(arguments: ["zone", ny, "--at", ""], mentions: ["not an instant"]),
        .init(arguments: ["zone", ny, "--at", "2026-03-08T07:00:00+26:00"], mentions: ["not an instant"]),
        // Malformed wall times.
        .init(arguments: ["resolve", ny, "2026-02-30T02:30:00"], mentions: ["'2026-02-30T02:30:00'", "day 30"]),
        .init(arguments: ["resolve", ny, "25:00"], mentions: ["'25:00'", "not a local wall time"]),
        .init(arguments: ["resolve", ny, "2026-03-08T02:30:00Z"], mentions: ["'2026-03-08T02:30:00Z'", "not a local wall time"]),
        .init(arguments: ["resolve", ny, "2026-03-08T24:00:00"], mentions: ["hour 24"]),
        // Years outside 1...9999.
        .init(arguments: ["transitions", ny, "--from", "0"], mentions: ["year 0", "1–9999"]),
        .init(arguments: ["transitions", ny, "--from", "10000"], mentions: ["year 10000", "1–9999"]),
        .init(arguments: ["transitions", ny, "--from", "2026", "--to", "10000"], mentions: ["year 10000"]),
        .init(arguments: ["transitions", ny, "--from", "-5"], mentions: ["year -5"]),
        .init(arguments: ["transitions", ny, "--from", "99999999999999999999999"], mentions: ["--from", "integer"]),
        .init(arguments: ["transitions", ny, "--from", "2027", "--to", "2026"], mentions: ["--from 2027 is after --to 2026"]),
        .init(arguments: ["zone", ny, "--at", "10000-01-02T02:00:00Z"], mentions: ["'10000-01-02T02:00:00Z'"]),
        .init(arguments: ["zone", ny, "--at", "0001-01-01T00:00:00+26:00"], mentions: ["+26:00"]),
        .init(arguments: ["zone", ny, "--at", "0000-12-30T22:00:00Z"], mentions: ["year 0"]),
        // Unknown options and commands.
        .init(arguments: ["zone", ny, "--bogus"], mentions: ["'--bogus'"]),
        .init(arguments: ["zones", "-x"], mentions: ["'-x'"]),
        .init(arguments: ["resolve", ny, "2026-03-08T02:30:00", "--at", "now"], mentions: ["'--at'"]),
        .init(arguments: ["zone", ny, "--json=yes"], mentions: ["--json takes no value"]),
        .init(arguments: ["frobnicate"], mentions: ["unknown command 'frobnicate'"]),
        // Missing and extra arguments.
        // Without a ZONE the zone is $TZ (else the system zone): a bad $TZ is named.
        .init(arguments: ["zone"], environment: ["TZ": "Mars/Olympus"], mentions: ["'Mars/Olympus'", "$TZ"]),
        .init(arguments: ["transitions"], environment: ["TZ": "Mars/Olympus"], mentions: ["'Mars/Olympus'", "$TZ"]),
        .init(arguments: ["next", "--at", "09:00"], environment: ["TZ": "Mars/Olympus"], mentions: ["'Mars/Olympus'", "$TZ", "--tz"]),
        .init(arguments: ["resolve", ny], mentions: ["missing LOCAL_TIME"]),
        .init(arguments: ["resolve"], mentions: ["missing LOCAL_TIME"]),
        .init(arguments: ["resolve", ny, "2026-03-08T02:30", "--tz", ny], mentions: ["not both"]),
        .init(arguments: ["zone", ny, "--at"], mentions: ["--at needs a value"]),
        // Several zones are fine (like zdump); each must exist.
        .init(arguments: ["zone", ny, "extra"], mentions: ["unknown time zone 'extra'"]),
        // Bad source selection, by flag and by environment.
        .init(arguments: ["zone", ny, "--source", "bogus"], mentions: ["--source", "'bogus'"]),
        .init(arguments: ["zones", "--source", ""], mentions: ["--source"]),
        .init(arguments: ["zone", ny], environment: ["CHIME_ZONE_SOURCE": "bogus"], mentions: ["CHIME_ZONE_SOURCE", "'bogus'"]),
        .init(arguments: ["transitions", ny, "--from", "2026"], environment: ["CHIME_ZONE_SOURCE": "bogus"], mentions: ["CHIME_ZONE_SOURCE"]),
    ]

    @Test("Bad input: exit 2, stderr names the problem, stdout empty, no crash", arguments: invocations)
    func badInput(_ invocation: BadInvocation) throws {
        let run = try ChimeCLI.run(invocation.arguments, environment: invocation.environment)
        ChimeCLI.expectBadInput(run, mentions: invocation.mentions)
        #expect(!run.stdout.contains("root:"), "path traversal leaked a file")
    }

    @Test("An unknown zone is never answered with GMT/UTC")
    func unknownZoneIsNeverGMT() throws {
        for arguments in [["zone", "America/Coyhaique", "--source", "icu"], ["zone", "America/New_Yrok"]] {
            let run = try ChimeCLI.run(arguments)
            ChimeCLI.expectBadInput(run, mentions: [])
            #expect(!run.stderr.contains("GMT") && !run.stdout.contains("GMT"), "\(run)")
        }
        // The same id is fine from the pinned tz data, which has it.
        let tzif = try ChimeCLI.run(["zone", "America/Coyhaique", "--source", "tzif", "--at", "2026-07-01T00:00:00Z"])
        ChimeCLI.expectNoCrash(tzif)
        #expect(tzif.status == 0 && tzif.stdout.hasPrefix("America/Coyhaique"), "\(tzif)")
    }

    // MARK: Corrupt zone files

    /// A temporary TZDIR holding `Bad/Zone` (with `contents`, or as a directory when `nil`) and, if
    /// `indexed`, a `tzdata.zi` that lists it (version 2025b, so the directory is the preferred source).
    static func zoneDirectory(_ contents: [UInt8]?, indexed: Bool = true) throws -> (directory: String, file: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("chime-bad-\(UUID().uuidString)")
        let file = directory.appendingPathComponent("Bad/Zone")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        if let contents {
            try Data(contents).write(to: file)
        } else {
            try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
        }
        if indexed {
            try Data("# version 2025b\nZ Bad/Zone -5 - EST\n".utf8).write(to: directory.appendingPathComponent("tzdata.zi"))
        }
        return (directory.path, file.path)
    }

    static func newYorkBytes() throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.zoneinfoDirectory + "/America/New_York")))
    }

    /// How `Bad/Zone` is broken, and what the message must say.
    enum Corruption: String, CaseIterable, Sendable {
        case empty, truncatedHeader, truncatedData, wrongMagic, absurdCount, badFooter, unterminatedFooter, directory

        func file(from ny: [UInt8]) -> [UInt8]? {
            let layout = TZifLayout(ny)
            switch self {
            case .empty: return []
            case .truncatedHeader: return Array(ny[..<30])
            case .truncatedData: return Array(ny[..<(layout.second!.types + 3)])
            case .wrongMagic: return TZifBytes.patched(ny, at: 0, with: Array("ZZif".utf8))
            case .absurdCount: return TZifBytes.patched(ny, at: layout.second!.countOffset(3), with: TZifBytes.be32(0xFFFF_FFFF))
            case .badFooter: return Array(ny[..<layout.footer!.lowerBound]) + Array("\nEST5EDT,M13.1.0,M11.1.0\n".utf8)
            case .unterminatedFooter: return Array(ny.dropLast())
            case .directory: return nil
            }
        }

        var mentions: [String] {
            switch self {
            case .empty, .truncatedHeader: return ["truncated header"]
            case .truncatedData: return ["truncated"]
            case .wrongMagic: return ["magic"]
            case .absurdCount: return ["absurd count 4294967295"]
            case .badFooter: return ["bad footer", "EST5EDT,M13.1.0,M11.1.0", "month"]
            case .unterminatedFooter: return ["footer is not terminated"]
            case .directory: return ["not a regular file"]
            }
        }
    }

    @Test("A corrupt TZif file in TZDIR: exit 2 naming the file and the problem", arguments: Corruption.allCases)
    func corruptZoneFile(_ corruption: Corruption) throws {
        let (directory, file) = try Self.zoneDirectory(corruption.file(from: try Self.newYorkBytes()))
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for command in [["zone", "Bad/Zone"], ["transitions", "Bad/Zone", "--from", "2026", "--source", "tzif"],
                        ["resolve", "Bad/Zone", "2026-03-08T02:30:00", "--json"]] {
            let run = try ChimeCLI.run(command, environment: ["TZDIR": directory])
            ChimeCLI.expectBadInput(run, mentions: [file] + corruption.mentions)
        }
    }

    @Test("A corrupt file found by walking TZDIR (no tzdata.zi index) is reported by name too")
    func corruptUnindexedFile() throws {
        // Truncated inside the 32-bit data: the walk accepts the file as TZif, then parsing names the problem.
        let ny = try Self.newYorkBytes()
        let (directory, file) = try Self.zoneDirectory(Array(ny[..<(TZifLayout(ny).first.types + 3)]), indexed: false)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = try ChimeCLI.run(["zone", "Bad/Zone", "--source", "tzif"], environment: ["TZDIR": directory])
        ChimeCLI.expectBadInput(run, mentions: [file, "truncated"])
        // Without the magic the file is not a zone of a walked tree: a tree with no other file holds
        // no zones, and TZDIR naming it is an error at once, naming the directory (docs/cli.md, "Zones").
        let (other, _) = try Self.zoneDirectory(Array("not a zone\n".utf8), indexed: false)
        defer { try? FileManager.default.removeItem(atPath: other) }
        ChimeCLI.expectBadInput(try ChimeCLI.run(["zone", "Bad/Zone", "--source", "tzif"], environment: ["TZDIR": other]),
                                mentions: ["TZDIR=\(other)", "\(other) holds no zones"])
        // Beside a real zone, it is an unknown zone.
        try FileManager.default.copyItem(atPath: Fixtures.zonePath(Self.ny), toPath: other + "/UTC")
        ChimeCLI.expectBadInput(try ChimeCLI.run(["zone", "Bad/Zone", "--source", "tzif"], environment: ["TZDIR": other]),
                                mentions: ["unknown time zone 'Bad/Zone'"])
    }

    /// A TZDIR that cannot be a tz database directory — the kernel's `/proc`, `/` (no tzdata.zi
    /// and more than 10,000 entries), a tree whose tzdata.zi is a FIFO — is an error before any
    /// zone is asked for, naming TZDIR and the problem, within 5 s (docs/cli.md, "Zones"); with
    /// `--source icu` TZDIR is not used and ICU answers.
    @Test("A misconfigured TZDIR is an immediate error naming it", arguments: ["/proc", "/", "fifo"])
    func misconfiguredTZDIR(_ kind: String) throws {
        var tzdir = kind
        if kind == "fifo" {
            tzdir = HostileTrees.copyOfPinned()
            HostileTrees.replace(tzdir + "/tzdata.zi", with: .fifo)
        }
        let words = ["/proc": "kernel's file system of /proc", "/": "more than 10000 entries", "fifo": "tzdata.zi: not a regular file (a FIFO)"]
        for arguments in [["zone", "UTC"], ["next", "--at", "09:00", "--tz", Self.ny], ["zones"]] {
            let run = try ChimeCLI.run(arguments, environment: ["TZDIR": tzdir], timeout: 5)
            ChimeCLI.expectBadInput(run, mentions: ["TZDIR=\(tzdir): ", words[kind]!])
        }
        let icu = try ChimeCLI.run(["zone", "UTC", "--source", "icu"], environment: ["TZDIR": tzdir], timeout: 5)
        #expect(icu.status == 0 && icu.stdout.hasPrefix("Etc/UTC  (requested as 'UTC')"), "\(icu)")
    }

    // MARK: Control characters in zone data

    /// A TZif file whose abbreviations hold ESC sequences, BEL, DEL and a C1 CSI (written by hand
    /// with `TZifWriter`): text output shows each as `\u{…}` and carries no raw control
    /// character; JSON carries the abbreviation itself, escaped as JSON does (docs/cli.md).
    @Test("Control characters in a zone's abbreviation reach text output escaped")
    func controlCharactersInAbbreviations() throws {
        let standard = "X\u{1b}[31mS\u{7}", daylight = "X\u{1b}]0;owned\u{7}\u{7f}\u{9b}D"
        var writer = TZifWriter.minimalV1
        writer.chars = Array((standard + "\0" + daylight + "\0").utf8)
        writer.types[1].abbrind = UInt8(standard.utf8.count + 1)
        let (directory, _) = try Self.zoneDirectory(writer.bytes())
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let shownStandard = "X\\u{1b}[31mS\\u{7}", shownDaylight = "X\\u{1b}]0;owned\\u{7}\\u{7f}\\u{9b}D"
        // minimalV1's transitions (by `date -u -d @1741417200`): 2025-03-08T07:00:00Z to daylight time
        // (-04:00; 02:00 -> 03:00 local), 2025-11-03T06:00:00Z back to standard time (-05:00).
        let commands: [([String], [String])] = [
            (["zone", "Bad/Zone", "--at", "2025-07-01T00:00:00Z"], [shownDaylight]),
            (["transitions", "Bad/Zone", "--from", "2025"], [shownStandard, shownDaylight]),
            (["next", "--at", "09:00", "--tz", "Bad/Zone", "--after", "2025-03-07T12:00:00Z", "--count", "2"], [shownStandard, shownDaylight]),
            (["resolve", "Bad/Zone", "2025-03-08T02:30"], [shownStandard, shownDaylight]),
        ]
        for (arguments, shown) in commands {
            let run = try ChimeCLI.run(arguments, environment: ["TZDIR": directory])
            ChimeCLI.expectNoCrash(run)
            #expect(run.status == 0, "\(arguments)\n\(run)")
            for text in shown { #expect(run.stdout.contains(text), "\(arguments): \(run.stdout)") }
            let raw = run.stdout.unicodeScalars.first { ($0.value < 0x20 && $0 != "\n") || ($0.value >= 0x7F && $0.value < 0xA0) }
            #expect(raw == nil, "\(arguments): a raw control character in \(run.stdout.debugDescription)")
        }
        let json = try ChimeCLI.run(["zone", "Bad/Zone", "--at", "2025-07-01T00:00:00Z", "--json"], environment: ["TZDIR": directory])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect((object?["at"] as? [String: Any])?["abbreviation"] as? String == daylight, "\(json)")
    }

    @Test("A TZDIR that does not exist: exit 2 naming it (tzif source), never a crash")
    func missingTZDIR() throws {
        let missing = "/nonexistent/chime-\(UUID().uuidString)"
        let run = try ChimeCLI.run(["zone", Self.ny, "--source", "tzif"], environment: ["TZDIR": missing])
        ChimeCLI.expectBadInput(run, mentions: [missing])
    }

    /// A TZif file whose only transition lies near the ends of Int64, followed by an annual DST
    /// footer. Rejecting it (exit 2) or answering (exit 0) are both fine; a crash is not.
    /// At the time of writing every one of these kills `chime` with an arithmetic-overflow trap
    /// (SIGILL): see `TZifCorruptionTests.extremeTransitionTimes` for the three overflow sites.
    @Test("A TZif file with a transition near the ends of Int64 does not crash chime",
          arguments: [Int64.min, Int64.min + 2 * 366 * 86_400, Int64.max])
    func extremeTransitionDoesNotCrash(_ time: Int64) throws {
        var writer = TZifWriter.minimalV1
        writer.version = UInt8(ascii: "2")
        writer.transitions = [(time, 1)]
        writer.footer = "EST5EDT,M3.2.0,M11.1.0"
        let (directory, file) = try Self.zoneDirectory(writer.bytes())
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = try ChimeCLI.run(["zone", "Bad/Zone", "--at", "2026-07-01T00:00:00Z"], environment: ["TZDIR": directory])
        ChimeCLI.expectNoCrash(run)
        #expect(run.status == 0 || run.status == 2, "\(run)")
        if run.status == 2 { ChimeCLI.expectBadInput(run, mentions: [file]) }
    }

    // MARK: What works must keep working

    @Test("--help works for chime and every command (exit 0, usage on stdout)")
    func help() throws {
        for arguments in [["--help"], ["-h"], ["help"]] {
            let run = try ChimeCLI.run(arguments)
            ChimeCLI.expectNoCrash(run)
            #expect(run.status == 0 && run.stdout.contains("USAGE: chime <command>") && run.stderr.isEmpty, "chime \(arguments)\n\(run)")
        }
        // Bare `chime` is bad usage: the usage on stderr, exit 2.
        let bare = try ChimeCLI.run([])
        ChimeCLI.expectNoCrash(bare)
        #expect(bare.status == 2 && bare.stdout.isEmpty && bare.stderr.contains("USAGE: chime <command>"), "\(bare)")
        for command in ["zones", "zone", "transitions", "resolve", "next", "batch", "pending", "simulate", "plan", "completions", "man"] {
            for arguments in [[command, "--help"], [command, "-h"], ["help", command]] {
                let run = try ChimeCLI.run(arguments)
                ChimeCLI.expectNoCrash(run)
                #expect(run.status == 0, "chime \(arguments)\n\(run)")
                #expect(run.stdout.contains("USAGE: chime \(command)"), "chime \(arguments)\n\(run)")
                #expect(run.stderr.isEmpty, "chime \(arguments)\n\(run)")
            }
        }
    }

    @Test("chime --version names the fixture tz data version")
    func version() throws {
        let run = try ChimeCLI.run(["--version"])
        ChimeCLI.expectNoCrash(run)
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("tzif 2025b"), "\(run)")
        #expect(run.stderr.isEmpty, "\(run)")
    }

    @Test("--json output parses as JSON, with the documented fields")
    func jsonOutputs() throws {
        let zone = try ChimeCLI.json(try ChimeCLI.run(["zone", Self.ny, "--at", "2026-03-08T07:00:00Z", "--json"]))
        #expect(zone["id"] as? String == Self.ny)
        #expect(zone["version"] as? String == "2025b")
        let at = try #require(zone["at"] as? [String: Any])
        #expect(at["offset"] as? Int == -14_400 && at["abbreviation"] as? String == "EDT" && at["dst"] as? Bool == true)
        #expect((zone["nextTransition"] as? [String: Any])?["utc"] as? String == "2026-11-01T06:00:00Z")

        // A zone with no next transition has "nextTransition": null.
        let fixed = try ChimeCLI.json(try ChimeCLI.run(["zone", "Asia/Kolkata", "--at", "2026-01-01T00:00:00Z", "--json"]))
        #expect(fixed["nextTransition"] is NSNull)

        let transitions = try ChimeCLI.json(try ChimeCLI.run(["transitions", Self.ny, "--from", "2026", "--json"]))
        let list = try #require(transitions["transitions"] as? [[String: Any]])
        #expect(list.map { $0["utc"] as? String } == ["2026-03-08T07:00:00Z", "2026-11-01T06:00:00Z"])

        for (local, kind, candidates) in [("2026-03-08T02:30:00", "gap", 2), ("2026-11-01T01:30:00", "overlap", 2), ("2026-07-01T12:00:00", "unique", 1)] {
            let resolved = try ChimeCLI.json(try ChimeCLI.run(["resolve", Self.ny, local, "--json"]))
            #expect(resolved["kind"] as? String == kind, "\(local)")
            #expect((resolved["candidates"] as? [Any])?.count == candidates, "\(local)")
        }

        let zones = try ChimeCLI.json(try ChimeCLI.run(["zones", "--search", "york", "--json"]))
        #expect((zones["zones"] as? [String])?.contains(Self.ny) == true)

        // Edges of the supported range still give valid JSON.
        for arguments in [["transitions", Self.ny, "--from", "9999", "--json"], ["transitions", Self.ny, "--from", "1", "--json"],
                          ["zone", "Pacific/Kiritimati", "--at", "9999-12-31T23:59:59Z", "--json"],
                          ["resolve", "Etc/GMT+12", "0001-01-01T00:00:00", "--json"]] {
            let run = try ChimeCLI.run(arguments)
            ChimeCLI.expectNoCrash(run)
            #expect(run.status == 0, "chime \(arguments)\n\(run)")
            _ = try ChimeCLI.json(run)
        }
    }
}
