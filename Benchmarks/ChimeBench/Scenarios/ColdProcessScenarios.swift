/// A whole `chime zone America/New_York` from a cold process (exec, dynamic linking, Swift runtime,
/// ICU and tzdata.zi loading, one zone, output), against the cost of spawning `/bin/true`: issue
/// 11 asks for Chime within 6× of it (the floor's row judges the ratio).
/// "Cold" is the process; the OS page cache is warm after the first launch, as for any user.
enum ColdProcessScenarios {
    static func all(_ context: BenchContext) -> [Scenario] {
        let arguments = ["zone", BenchZones.loadOne]
        return [
            Scenario(name: "cold.chime.zone", role: .chime,
                     summary: "`chime zone \(BenchZones.loadOne)`, a new process each time (posix_spawn + wait)",
                     unit: .ms, target: .ms(20), maxIterations: 50) {
                guard let path = context.chimeExecutable else { return .skip(context.missingChimeNote) }
                let launcher = ProcessLauncher(path: path, arguments: arguments)
                let status = launcher.run()
                guard status == 0 else { return .skip("\(path) \(arguments.joined(separator: " ")) failed (wait status \(status))") }
                return .ready { n in launcher.run(times: n) }
            },
            Scenario(name: "cold.floor.spawn", role: .floor,
                     summary: "floor: posix_spawn + wait of /bin/true",
                     unit: .ms, baseline: "cold.chime.zone", ratioGoal: .chimeWithin(6, of: "spawning /bin/true"), maxIterations: 200) {
                let path = ProcessLauncher.isExecutable("/bin/true") ? "/bin/true" : "/usr/bin/true"
                guard ProcessLauncher.isExecutable(path) else { return .skip("no /bin/true") }
                let launcher = ProcessLauncher(path: path, arguments: [])
                return .ready { n in launcher.run(times: n) }
            },
        ]
    }
}
