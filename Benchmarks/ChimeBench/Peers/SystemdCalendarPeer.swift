/// `systemd-analyze calendar` (Debian's systemd 252) as the peer of `next.oncalendar.daily`: one
/// process per invocation, which prints the next `--iterations` elapses of a calendar spec after
/// `--base-time`, each from the previous one.
///
/// Two ways to give it the zone, both timed:
/// - `zoneInSpec`: `'*-*-* 08:30:00 Europe/Paris'`, the child's TZ=UTC (its lines are then in UTC).
///   systemd computes every elapse of a spec with a zone in a forked child that sets `TZ` to the
///   zone (src/shared/calendarspec.c, `calendar_spec_next_usec`: `safe_fork("(sd-calendar)", …)`,
///   then `setenv("TZ", ":" + zone)`), so each iteration costs a fork.
/// - `zoneInTZ`: `'*-*-* 08:30:00'` with the child's TZ=:Europe/Paris: the spec is local time and
///   `calendar_spec_next_usec_impl` runs in process; the lines carry an `(in UTC):` companion.
struct SystemdCalendarPeer {
    enum Form {
        case zoneInSpec, zoneInTZ
    }

    let path: String
    /// The spec without a zone, e.g. `*-*-* 08:30:00`.
    let spec: String

    /// `nil` when systemd-analyze is not installed.
    static func find(spec: String) -> SystemdCalendarPeer? {
        let path = ProcessLauncher.which("systemd-analyze")
            ?? ["/usr/bin/systemd-analyze", "/bin/systemd-analyze"].first(where: ProcessLauncher.isExecutable)
        return path.map { SystemdCalendarPeer(path: $0, spec: spec) }
    }

    static let missingNote = "no systemd-analyze (Debian: apt-get install systemd; see .ci/run)"

    func arguments(zone: String, after seconds: Int64, iterations: Int, form: Form) -> [String] {
        ["calendar", "--iterations=\(iterations)", "--base-time=@\(seconds)", form == .zoneInSpec ? "\(spec) \(zone)" : spec]
    }

    func environment(zone: String, form: Form) -> [String] {
        ["TZ=" + (form == .zoneInSpec ? "UTC" : ":" + zone), "LC_ALL=C"]
    }

    /// A launcher for one invocation; its output is discarded unless `standardOutput` names a file.
    func launcher(zone: String, after seconds: Int64, iterations: Int, form: Form,
                  standardOutput: String = "/dev/null") -> ProcessLauncher {
        ProcessLauncher(path: path, arguments: arguments(zone: zone, after: seconds, iterations: iterations, form: form),
                        standardOutput: standardOutput, environment: environment(zone: zone, form: form))
    }

    /// The command line, for a human to reproduce a disagreement.
    func commandLine(zone: String, after seconds: Int64, iterations: Int, form: Form) -> String {
        environment(zone: zone, form: form).joined(separator: " ") + " systemd-analyze "
            + arguments(zone: zone, after: seconds, iterations: iterations, form: form).map { $0.contains(" ") ? "'\($0)'" : $0 }
                .joined(separator: " ")
    }

    /// The elapses in the output, in UTC as `2026-03-08T07:30:00Z` (Chime's `utcString` form): the
    /// `(in UTC):` lines when there are any, else the `Next elapse:` and `Iter. #n:` lines, which are
    /// UTC when the child's TZ is. A line not in UTC comes back as `?` + its text (a mismatch).
    static func elapses(_ output: String) -> [String] {
        var inUTC: [String] = [], local: [String] = []
        for raw in output.split(separator: "\n") {
            let line = raw.drop { $0 == " " }
            guard let colon = line.firstIndex(of: ":") else { continue }
            let label = line[..<colon], value = line[line.index(after: colon)...].drop { $0 == " " }
            if label == "(in UTC)" {
                inUTC.append(utc(value))
            } else if label == "Next elapse" || label.hasPrefix("Iter. #") {
                local.append(utc(value))
            }
        }
        return inUTC.isEmpty ? local : inUTC
    }

    /// `Sun 2026-03-08 07:30:00 UTC` -> `2026-03-08T07:30:00Z`.
    private static func utc(_ value: Substring) -> String {
        let words = value.split(separator: " ")
        guard words.count == 4, words[3] == "UTC" else { return "?" + value }
        return "\(words[1])T\(words[2])Z"
    }
}
