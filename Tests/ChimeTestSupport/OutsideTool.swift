import Foundation
import Testing

/// A program outside the toolchain that a differential test asks for its answers: a peer
/// scheduler (croniter, APScheduler, robfig/cron, Quartz, libical, dateutil, icalendar, systemd), the JDK, or
/// glibc's `$TZ` reading (through python3).
///
/// `swift test` must pass on a machine with only the README's "Needs" installed, so a test that
/// needs one of these carries `.requires(.croniter)`: where the tool is missing the test is
/// skipped with one line naming the tool and how to install it. CI installs every tool
/// (`.ci/install`) and sets `CHIME_REQUIRE_ORACLES=1`, which turns each such skip into a failure
/// naming what is missing, so no oracle can quietly stop being asked.
enum OutsideTool: String, CaseIterable, Sendable {
    case croniter
    case apscheduler3
    case apscheduler4
    case dateutil
    case icalendar
    case robfig
    case quartz
    case jdk
    case libical
    case systemdAnalyze
    case glibcPython

    /// What the tool is, in a skip line.
    var name: String {
        switch self {
        case .croniter: "croniter 7.0.0 (PyPI)"
        case .apscheduler3: "APScheduler 3.11.3 (PyPI)"
        case .apscheduler4: "APScheduler 4.0.0a6 (PyPI, in /opt/aps4)"
        case .dateutil: "python-dateutil 2.9.0.post0 (PyPI)"
        case .icalendar: "python's icalendar 7.3.2 (PyPI)"
        case .robfig: "Go and robfig/cron v3 (Debian)"
        case .quartz: "a JDK and Quartz 2.3 (Debian)"
        case .jdk: "a JDK (java and javac)"
        case .libical: "libical 3.0 and a C compiler (Debian)"
        case .systemdAnalyze: "systemd-analyze (Debian's systemd 252)"
        case .glibcPython: "python3 on glibc (time.tzset and time.localtime are glibc's tzset and localtime_r)"
        }
    }

    /// How to get it (`.ci/install oracles` installs them all).
    var install: String {
        switch self {
        case .croniter: "python3 -m pip install croniter==7.0.0"
        case .apscheduler3: "python3 -m pip install apscheduler==3.11.3"
        case .apscheduler4: "python3 -m pip install --target /opt/aps4 apscheduler==4.0.0a6"
        case .dateutil: "python3 -m pip install python-dateutil==2.9.0.post0"
        case .icalendar: "python3 -m pip install icalendar==7.3.2"
        case .robfig: "apt-get install golang-go golang-github-robfig-cron-dev"
        case .quartz: "apt-get install openjdk-17-jdk-headless libquartz2-java"
        case .jdk: "apt-get install openjdk-17-jdk-headless"
        case .libical: "apt-get install libical-dev gcc pkg-config"
        case .systemdAnalyze: "apt-get install systemd"
        case .glibcPython: "apt-get install python3"
        }
    }

    /// Whether the tool answers here (probed once per test process).
    var isAvailable: Bool { Self.probed[self] ?? false }

    /// `CHIME_REQUIRE_ORACLES=1`: a missing tool fails the tests that need it instead of skipping them.
    static var isRequired: Bool { ProcessInfo.processInfo.environment["CHIME_REQUIRE_ORACLES"] == "1" }

    private static let probed: [OutsideTool: Bool] = Dictionary(uniqueKeysWithValues: allCases.map { ($0, $0.probe()) })

    private func probe() -> Bool {
        func python(_ statement: String, path: String? = nil) -> Bool {
            Fixtures.run("/usr/bin/env", ["python3", "-c", statement], environment: path.map { ["PYTHONPATH": $0] }).status == 0
        }
        func executable(_ name: String) -> Bool { Fixtures.run("/bin/sh", ["-c", "command -v \(name)"]).status == 0 }
        func version(_ distribution: String, _ expected: String) -> String {
            "import sys; from importlib.metadata import version; sys.exit(0 if version('\(distribution)') == '\(expected)' else 1)"
        }
        switch self {
        case .croniter: return python("from croniter import croniter")
        case .apscheduler3: return python("from apscheduler.triggers.cron import CronTrigger; " + version("apscheduler", "3.11.3"))
        case .apscheduler4:
            let path = ProcessInfo.processInfo.environment["CHIME_APSCHEDULER4_PATH"] ?? "/opt/aps4"
            return python("import apscheduler, sys; from apscheduler.triggers.cron import CronTrigger; sys.exit(0 if apscheduler.__file__.startswith('\(path)') else 1)", path: path)
        case .dateutil: return python("import dateutil.rrule")
        case .icalendar: return python("import icalendar, dateutil.rrule")
        case .robfig: return executable("go") && FileManager.default.fileExists(atPath: "/usr/share/gocode/src/github.com/robfig/cron/spec.go")
        case .quartz: return OutsideTool.jdk.probe() && FileManager.default.fileExists(atPath: "/usr/share/java/quartz2.jar")
        case .jdk: return executable("java") && executable("javac")
        case .libical: return executable("cc") && Fixtures.run("/bin/sh", ["-c", "pkg-config --exists libical"]).status == 0
        case .systemdAnalyze: return ["/usr/bin/systemd-analyze", "/bin/systemd-analyze"].contains { FileManager.default.isExecutableFile(atPath: $0) }
        case .glibcPython: return python("import platform, sys, time; time.tzset(); sys.exit(0 if platform.libc_ver()[0] == 'glibc' else 1)")
        }
    }

    /// The tools of `tools` that are missing here.
    static func missing(_ tools: [OutsideTool]) -> [OutsideTool] { tools.filter { !$0.isAvailable } }

    /// Thrown by a test's condition when a tool is missing and `CHIME_REQUIRE_ORACLES=1`.
    struct Missing: Error, CustomStringConvertible {
        let tools: [OutsideTool]
        var description: String {
            "CHIME_REQUIRE_ORACLES=1 but missing: " + tools.map { "\($0.name) (\($0.install))" }.joined(separator: "; ")
        }
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test only where every tool answers: skipped with one line naming what is missing
    /// and how to install it, or, under `CHIME_REQUIRE_ORACLES=1`, failed with that line.
    static func requires(_ tools: OutsideTool..., sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        let comment = Comment(rawValue: "needs " + tools.map { "\($0.name): \($0.install)" }.joined(separator: "; "))
        return .enabled(comment, sourceLocation: sourceLocation) {
            let missing = OutsideTool.missing(tools)
            if missing.isEmpty { return true }
            if OutsideTool.isRequired { throw OutsideTool.Missing(tools: missing) }
            return false
        }
    }
}
