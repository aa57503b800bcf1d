import Foundation
@testable import ChimeTestSupport
@testable import ChimeTestCases
@testable import Chime

/// `Tests/ProfileOracle/AndroidOracle.java` run on this machine's JDK: flutter_local_notifications'
/// Android computation with the real `java.time` (its own tz data, `tzdb.dat`), and the zones'
/// transitions as java.time sees them. One `java` process answers a whole batch of commands.
enum AndroidOracle {
    static let source = Fixtures.packageRoot.appendingPathComponent("Tests/ProfileOracle/AndroidOracle.java").path
    /// `java` that can run a source file (needs the JDK's compiler).
    static let java: String? = {
        for path in ["/usr/bin/java", "/usr/lib/jvm/java-17-openjdk-amd64/bin/java"] where FileManager.default.isExecutableFile(atPath: path) {
            if FileManager.default.isExecutableFile(atPath: "/usr/bin/javac") || FileManager.default.isExecutableFile(atPath: "/usr/lib/jvm/java-17-openjdk-amd64/bin/javac") {
                return path
            }
        }
        return nil
    }()

    struct Case: CustomStringConvertible {
        var zone: String
        var match: FlutterAndroidTrigger.Match
        var hour: Int, minute: Int, second: Int
        var weekday: Int, day: Int, month: Int      // 0 = not given
        var start: Int64
        var count: Int

        var command: String { "C \(zone) \(match.rawValue) \(hour) \(minute) \(second) \(weekday) \(day) \(month) \(start) \(count)" }
        var description: String {
            "\(zone) \(match.rawValue) \(hour):\(minute):\(second) weekday \(weekday) day \(day) month \(month) from \(Instant(seconds: start)) ×\(count)"
        }

        func trigger() throws -> FlutterAndroidTrigger {
            try FlutterAndroidTrigger(match: match, hour: hour, minute: minute, second: second,
                                      weekday: weekday == 0 ? nil : Weekday(rawValue: weekday), day: day == 0 ? nil : day,
                                      month: month == 0 ? nil : month)
        }
    }

    /// One fire: the alarm's instant and the stored wall time; `late` when the alarm was set in the past.
    struct Fire: Equatable, CustomStringConvertible {
        var seconds: Int64
        var local: String
        var late = false
        var description: String { "\(Instant(seconds: seconds)) (\(local))\(late ? " [alarm in the past]" : "")" }
    }

    struct Transition: Equatable, Hashable { var seconds: Int64; var before: Int32; var after: Int32 }

    struct Answers {
        var version: String
        var transitions: [String: [Transition]] = [:]
        var chains: [[Fire]] = []
    }

    /// Runs the oracle: transitions of `zones` over `years`, then `cases`' chains in order.
    static func run(zones: [String], years: ClosedRange<Int>, cases: [Case]) -> Answers? {
        guard let java else { return nil }
        var input = zones.map { "T \($0) \(years.lowerBound) \(years.upperBound)" }
        input += cases.map(\.command)
        let result = Fixtures.run(java, [source], stdin: Data((input.joined(separator: "\n") + "\n").utf8))
        guard result.status == 0 else { print("AndroidOracle failed: \(result.error)"); return nil }
        var lines = result.output.split(separator: "\n").makeIterator()
        guard let first = lines.next(), first.hasPrefix("VERSION ") else { return nil }
        var answers = Answers(version: String(first.dropFirst(8)))
        for zone in zones {
            var list: [Transition] = []
            while let line = lines.next(), line != "END" {
                let f = line.split(separator: " ")
                list.append(Transition(seconds: Int64(f[1])!, before: Int32(f[2])!, after: Int32(f[3])!))
            }
            answers.transitions[zone] = list
        }
        for _ in cases {
            guard let line = lines.next(), line.hasPrefix("F") else { return nil }
            let f = line.split(separator: " ").dropFirst()
            var fires: [Fire] = []
            var i = f.startIndex
            while i < f.endIndex {
                let instant = f[i], local = f[f.index(after: i)]
                fires.append(Fire(seconds: Int64(instant.hasSuffix("!") ? instant.dropLast() : instant)!, local: String(local),
                                  late: instant.hasSuffix("!")))
                i = f.index(i, offsetBy: 2)
            }
            answers.chains.append(fires)
        }
        return answers
    }

    /// The zone's UTC-offset changes in `years` as `zdump -v` prints them from the system tz data
    /// (TZif 2025b here): to keep to zones where java.time's tzdb.dat says the same.
    static func zdumpTransitions(_ zone: String, years: ClosedRange<Int>) -> [Transition]? {
        let zdump = ["/usr/bin/zdump", "/usr/sbin/zdump"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let zdump else { return nil }
        let result = Fixtures.run(zdump, ["-v", "-c", "\(years.lowerBound),\(years.upperBound + 1)", zone])
        guard result.status == 0 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        var points: [(Int64, Int32)] = []
        for line in result.output.split(separator: "\n") {
            // "America/New_York  Sun Mar  8 07:00:00 2026 UT = Sun Mar  8 03:00:00 2026 EDT isdst=1 gmtoff=-14400"
            let f = line.split(separator: " ", omittingEmptySubsequences: true)
            guard f.count >= 15, f[6] == "UT", let month = months.firstIndex(of: String(f[2])), let day = Int(f[3]),
                  let year = Int(f[5]), let gmtoff = f.last.flatMap({ $0.hasPrefix("gmtoff=") ? Int32($0.dropFirst(7)) : nil }) else { continue }
            let clock = f[4].split(separator: ":").compactMap { Int($0) }
            guard clock.count == 3 else { continue }
            var c = DateComponents(); c.year = year; c.month = month + 1; c.day = day
            c.hour = clock[0]; c.minute = clock[1]; c.second = clock[2]
            guard let date = calendar.date(from: c) else { continue }
            points.append((Int64(date.timeIntervalSince1970), gmtoff))
        }
        var transitions: [Transition] = []
        for (a, b) in zip(points, points.dropFirst()) where b.0 == a.0 + 1 && a.1 != b.1 {
            transitions.append(Transition(seconds: b.0, before: a.1, after: b.1))
        }
        return transitions
    }
}
