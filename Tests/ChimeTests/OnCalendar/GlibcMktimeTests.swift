import Foundation
import Testing
@testable import ChimeTestSupport
@testable import ChimeTestCases
@testable import Chime

/// `GlibcMktime` against the real glibc mktime(3) of this machine (Debian 12's glibc 2.36), called
/// through Python's `time.mktime` in a child process with `TZ=:ZONE` (one process per zone, so both
/// start with glibc's fresh guess, and both see the same sequence of calls: the remembered offset
/// matters). Requests lean towards transitions, with all three `tm_isdst` values and out-of-range
/// fields (hour 26, day 0, day 32, second 65) as systemd's walk passes them.
@Suite struct GlibcMktimeTests {
    static let zones = ZoneSets.glibcMktime

    static let script = """
        import os, sys, time
        os.environ['TZ'] = ':' + sys.argv[1]
        time.tzset()
        for line in sys.stdin:
            y, mo, d, h, mi, s, dst = (int(x) for x in line.split())
            try:
                t = int(time.mktime((y, mo, d, h, mi, s, 0, 0, dst)))
                tm = time.localtime(t)
                print(t, tm.tm_year, tm.tm_mon, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, tm.tm_isdst)
            except OverflowError:
                print('fail')
        """

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/usr/share/zoneinfo/America/New_York"), "no system tz data"))
    func matchesGlibc() throws {
        var random = SplitMix64(seed: 2036)
        var compared = 0
        for id in Self.zones {
            let zone = try Fixtures.systemDatabase.rules(for: id)
            var requests: [GlibcMktime.BrokenDown] = []
            for _ in 0..<400 {
                let year = Int64(random.next(in: 1975...2060))
                let from = Instant(seconds: CivilArithmetic.daysFromCivil(year: year, month: 1, day: 1) * 86_400)
                let transitions = zone.transitions(from: from, to: Instant(seconds: from.seconds + 366 * 86_400))
                var wall = from.seconds + Int64(random.next(in: 0...365 * 86_400))
                if !transitions.isEmpty, random.next(in: 0...3) > 0 {
                    let t = transitions[random.next(in: 0...transitions.count - 1)]
                    wall = t.instant.seconds + Int64(t.before.utcOffset) + Int64(random.next(in: -3 * 3600...3 * 3600)) / 60 * 60
                }
                let civil = CivilDateTime(localSeconds: wall)
                var tm = GlibcMktime.BrokenDown(year: civil.year - 1900, month: civil.month - 1, day: civil.day, hour: civil.hour,
                                                minute: civil.minute, second: civil.second, isDST: random.next(in: -1...1))
                switch random.next(in: 0...19) {
                case 0: tm.hour += 24
                case 1: tm.day = 0
                case 2: tm.day += 31
                case 3: tm.second = 65
                default: break
                }
                requests.append(tm)
            }
            let input = requests.map { "\($0.year + 1900) \($0.month + 1) \($0.day) \($0.hour) \($0.minute) \($0.second) \($0.isDST)" }
                .joined(separator: "\n") + "\n"
            let result = Fixtures.run("/usr/bin/env", ["python3", "-c", Self.script, id], stdin: Data(input.utf8))
            try #require(result.status == 0, "python3 failed: \(result.error)")
            let answers = result.output.split(separator: "\n").map(String.init)
            try #require(answers.count == requests.count)
            var clock = GlibcMktime(zone: zone)
            for (request, answer) in zip(requests, answers) {
                var tm = request
                let mine: String
                if let t = clock.mktime(&tm) {
                    mine = "\(t) \(tm.year + 1900) \(tm.month + 1) \(tm.day) \(tm.hour) \(tm.minute) \(tm.second) \(tm.isDST)"
                } else {
                    mine = "fail"
                }
                #expect(mine == answer, "\(id) \(request): glibc \(answer), GlibcMktime \(mine)")
                compared += 1
            }
        }
        print("GlibcMktime: \(compared) mktime calls compared with glibc")
    }
}
