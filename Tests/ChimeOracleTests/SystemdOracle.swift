import Foundation
@testable import ChimeTestSupport
@testable import ChimeTestCases
@testable import Chime

/// `systemd-analyze calendar` (Debian's systemd 252) as an oracle: several expressions per call,
/// each with `--iterations` next elapses from one `--base-time`, printed in UTC (`TZ=UTC`).
/// Its output has whole seconds only ("Next elapse: Sun 2026-03-29 01:30:00 UTC"), so fires are
/// compared at the second; "never" ends an expression's list. It reads the machine's tz data
/// (/usr/share/zoneinfo), so the comparisons use a database over that directory too.
enum SystemdOracle {
    static let executable = ["/usr/bin/systemd-analyze", "/bin/systemd-analyze"].first { FileManager.default.isExecutableFile(atPath: $0) }

    struct Answer: Equatable {
        var normalized: String
        /// Elapses, UTC seconds; fewer than asked when systemd says "never".
        var elapses: [Int64]
    }

    /// One answer per expression, in order; nil when the call failed (an expression systemd refuses).
    static func next(_ expressions: [String], base: Int64, iterations: Int) -> [Answer]? {
        guard let executable else { return nil }
        let result = Fixtures.run(executable, ["calendar", "--iterations=\(iterations)", "--base-time=@\(base)"] + expressions,
                                  environment: ["TZ": "UTC", "SYSTEMD_COLORS": "0", "SYSTEMD_PAGER": ""])
        guard result.status == 0 else { return nil }
        var answers: [Answer] = []
        for line in result.output.split(separator: "\n", omittingEmptySubsequences: true) {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("Normalized form: ") {
                answers.append(Answer(normalized: String(text.dropFirst("Normalized form: ".count)), elapses: []))
            } else if text.hasPrefix("Next elapse: ") || text.hasPrefix("Iter. #") {
                let value = text.split(separator: ":", maxSplits: 1)[1].trimmingCharacters(in: .whitespaces)
                if value == "never" { continue }
                guard let seconds = parse(value), !answers.isEmpty else { return nil }
                answers[answers.count - 1].elapses.append(seconds)
            }
        }
        return answers.count == expressions.count ? answers : nil
    }

    /// One expression alone: its answer, or systemd's error message (it refuses the expression,
    /// or gives up: "Infinite loop in calendar calculation" after 1,000 steps of its walk) with
    /// the elapses it computes before the failing one (asked again with fewer iterations:
    /// systemd-analyze prints nothing for an expression when one of its iterations fails).
    static func single(_ expression: String, base: Int64, iterations: Int) -> Result<Answer, OracleError> {
        if let answers = next([expression], base: base, iterations: iterations), let answer = answers.first { return .success(answer) }
        let result = Fixtures.run(executable!, ["calendar", "--iterations=\(iterations)", "--base-time=@\(base)", expression],
                                  environment: ["TZ": "UTC", "SYSTEMD_COLORS": "0"])
        var before: [Int64] = []
        for count in stride(from: iterations - 1, through: 1, by: -1) {
            if let answer = next([expression], base: base, iterations: count)?.first, answer.elapses.count == count {
                before = answer.elapses
                break
            }
        }
        return .failure(OracleError(message: result.error.split(separator: "\n").first.map(String.init) ?? "status \(result.status)",
                                    elapsesBefore: before))
    }

    struct OracleError: Error {
        let message: String
        /// The elapses systemd computes before the iteration that fails.
        var elapsesBefore: [Int64] = []
        /// systemd gave up (`-EDEADLK`): a timer has no elapse from the expression then
        /// (src/core/timer.c, `timer_enter_waiting`: `if (r < 0) continue;`).
        var gaveUp: Bool { message.hasSuffix("Resource deadlock avoided") }
    }

    /// Whether systemd accepts an expression alone, and its normalized form.
    static func normalized(_ expression: String) -> String? {
        guard let executable else { return nil }
        let result = Fixtures.run(executable, ["calendar", "--iterations=1", "--base-time=@0", expression],
                                  environment: ["TZ": "UTC", "SYSTEMD_COLORS": "0"])
        guard result.status == 0 else { return nil }
        return result.output.split(separator: "\n").first { $0.contains("Normalized form: ") }
            .map { String($0.split(separator: ":", maxSplits: 1)[1].dropFirst()) }
    }

    /// "Sun 2026-03-29 01:30:00 UTC" → UTC seconds.
    static func parse(_ text: String) -> Int64? {
        let parts = text.split(separator: " ")
        guard parts.count == 4, parts[3] == "UTC" else { return nil }
        let date = parts[1].split(separator: "-").compactMap { Int64($0) }
        let time = parts[2].split(separator: ":").compactMap { Int64($0) }
        guard date.count == 3, time.count == 3 else { return nil }
        return CivilArithmetic.daysFromCivil(year: date[0], month: date[1], day: date[2]) * 86_400 + time[0] * 3600 + time[1] * 60 + time[2]
    }
}
