#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Chime
import Foundation

/// Issue 12's dialect peers checked before timing: every answer croniter and APScheduler 3 gave on
/// the daily starts against Chime's cron trigger, and systemd-analyze's elapses (each process's
/// whole chain) against Chime's OnCalendar trigger chained the same way.
extension AgreementChecks {
    static func dialectPeers(_ context: BenchContext) -> [Check] {
        [
            Check(scenario: "next.cron.daily.croniter") { python(context, "croniter", flavor: .croniter) },
            Check(scenario: "next.cron.daily.apscheduler") { python(context, "apscheduler", flavor: .apscheduler3) },
            Check(scenario: "next.oncalendar.daily.systemd") {
                systemd(context, "next.oncalendar.daily.systemd", .zoneInSpec, starts: context.systemdStarts, iterations: 3)
            },
            Check(scenario: "next.oncalendar.daily.systemd.iter") {
                systemd(context, "next.oncalendar.daily.systemd.iter", .zoneInSpec, starts: chainStarts(context),
                        iterations: DialectPeerScenarios.chainLength(context, .zoneInSpec))
            },
            Check(scenario: "next.oncalendar.daily.systemd.iter.tz") {
                systemd(context, "next.oncalendar.daily.systemd.iter.tz", .zoneInTZ, starts: context.systemdStarts, iterations: 3)
            },
            Check(scenario: "next.oncalendar.daily.systemd.iter.tz") {
                systemd(context, "next.oncalendar.daily.systemd.iter.tz", .zoneInTZ, starts: chainStarts(context),
                        iterations: DialectPeerScenarios.chainLength(context, .zoneInTZ))
            },
        ]
    }

    /// The starts the `.iter` rows time their chains from.
    private static func chainStarts(_ context: BenchContext) -> [Probe] {
        (0..<DialectPeerScenarios.repetitions(context)).map { DialectPeerScenarios.chainStart(context, $0) }
    }

    /// A Python library's answer for every daily start against Chime's cron trigger in `flavor`, and
    /// the timed runs' answers against the checked ones.
    private static func python(_ context: BenchContext, _ library: String, flavor: CronFlavor) -> Agreement {
        let scenario = "next.cron.daily." + library
        let expression = DialectPeerScenarios.cronExpression
        let comparison = "next fire of cron '\(expression)': Chime CronTrigger (\(flavor.rawValue)) vs \(library)"
        let r: (library: PythonCronPeer.Library, python: String, zoneinfo: String)
        switch context.pythonCronPeers.library(library) {
        case .failure(let skip):
            return Agreement(scenario: scenario, comparison: comparison, compared: 0, mismatches: 0, examples: [],
                             note: "skipped: " + skip.reason)
        case .success(let result): r = result
        }
        let (tally, posixDiffers) = cronAnswers(context, r.library, library, try! CronTrigger(expression: expression, flavor: flavor),
                                                try! CronTrigger(expression: expression))
        var note = "\(library) \(r.library.version ?? "?"), Python \(r.python), zoneinfo tz \(r.zoneinfo)"
        if flavor != .posix { note += "; the timed Chime row (posix) differs from \(flavor.rawValue) on \(posixDiffers) of these starts" }
        note += "; transitions at 08:xx wall time in the trigger zones 2026–2030: \(eightOClockTransitions(context.triggers))"
        return tally.result(scenario, comparison, note: note)
    }

    /// A cron peer's answer for every daily start against `trigger` (the tally), and the starts where
    /// `posix` (the timed row's trigger) answers otherwise; the timed runs' answers against the checked ones.
    static func cronAnswers(_ context: BenchContext, _ result: PythonCronPeer.Library, _ peer: String, _ trigger: CronTrigger,
                            _ posix: CronTrigger) -> (AgreementTally, Int) {
        let w = context.triggers, starts = w.daily.starts, answers = result.answers!
        var tally = AgreementTally()
        if answers.count != starts.count { tally.record(false, "\(answers.count) answers for \(starts.count) starts") }
        var posixDiffers = 0
        for (p, answer) in zip(starts, answers) {
            let after = Instant(seconds: p.seconds), zone = w.rules[p.zone]
            let fire = (try? trigger.nextFire(after: after, in: zone)) ?? nil
            let chime = fire.map { $0.instant.nanoseconds == 0 ? $0.instant.seconds : Int64.min }
            if ((try? posix.nextFire(after: after, in: zone)) ?? nil)?.instant != fire?.instant { posixDiffers += 1 }
            tally.record(chime == answer, "\(w.zoneIDs[p.zone]) after \(after.utcString): chime \(fire.map { $0.instant.utcString } ?? "nil"), \(peer) \(answer.map { Instant(seconds: $0).utcString } ?? "none")")
        }
        if result.timedAnswersAgree != true { tally.record(false, "\(peer)'s timed runs answered differently from its checked answers") }
        return (tally, posixDiffers)
    }

    /// Transitions whose wall time before or after lies in 08:00–08:59 (where a daily 08:30 could be
    /// skipped or repeated, and cron flavors part): "none", or the zones and instants.
    private static func eightOClockTransitions(_ w: TriggerWorkload) -> String {
        var found: [String] = []
        for (i, rules) in w.rules.enumerated() {
            for t in TriggerWorkload.transitions(rules) {
                let hours = [t.before.utcOffset, t.after.utcOffset].map { CivilFloor.floorDiv(t.instant.seconds + Int64($0), 3600) % 24 }
                if hours.contains(8) { found.append("\(w.zoneIDs[i]) \(t.instant.utcString)") }
            }
        }
        return found.isEmpty ? "none" : found.joined(separator: ", ")
    }

    /// One systemd-analyze process per start with `--iterations=iterations`; its elapses against
    /// Chime's OnCalendar trigger from the same start, each next fire after the previous one. A
    /// start agrees when the whole chain does.
    private static func systemd(_ context: BenchContext, _ scenario: String, _ form: SystemdCalendarPeer.Form,
                                starts: [Probe], iterations: Int) -> Agreement {
        let spec = DialectPeerScenarios.onCalendarSpec
        let comparison = "OnCalendar '\(spec)', \(iterations) chained elapses per process: Chime OnCalendarTrigger vs systemd-analyze "
            + (form == .zoneInSpec ? "(zone in the spec)" : "(TZ=:ZONE)")
        guard let peer = context.systemdCalendar else {
            return Agreement(scenario: scenario, comparison: comparison, compared: 0, mismatches: 0, examples: [],
                             note: "skipped: " + SystemdCalendarPeer.missingNote)
        }
        let w = context.triggers, trigger = try! OnCalendarTrigger(expression: spec)
        let output = context.temporaryPath("systemd-analyze.out")
        defer { unlink(output) }
        var tally = AgreementTally()
        var fires = 0
        for p in starts {
            let zone = w.zoneIDs[p.zone]
            let status = peer.launcher(zone: zone, after: p.seconds, iterations: iterations, form: form, standardOutput: output).run()
            let text = status == 0 ? (try? String(contentsOfFile: output, encoding: .utf8)) : nil
            let theirs = text.map(SystemdCalendarPeer.elapses) ?? []
            var ours: [String] = [], cursor = Instant(seconds: p.seconds)
            while ours.count < iterations, let fire = (try? trigger.nextFire(after: cursor, in: w.rules[p.zone])) ?? nil {
                ours.append(fire.instant.utcString)
                cursor = fire.instant
            }
            fires += ours.count
            let differs = (0..<min(ours.count, theirs.count)).first { ours[$0] != theirs[$0] } ?? min(ours.count, theirs.count)
            tally.record(ours == theirs, "\(peer.commandLine(zone: zone, after: p.seconds, iterations: iterations, form: form)): "
                + (status != 0 ? "wait status \(status)"
                   : "elapse \(differs + 1): chime \(differs < ours.count ? ours[differs] : "none"), systemd-analyze \(differs < theirs.count ? theirs[differs] : "none")"))
        }
        let zones = Set(starts.map(\.zone)).count
        return tally.result(scenario, comparison, note: "\(starts.count) processes (daily starts in \(zones) zones), \(fires) fires compared")
    }
}
