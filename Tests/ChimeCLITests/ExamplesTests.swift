import Foundation
import Testing
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// The examples users see — the README's `$ chime …` blocks, `examples/`, every command's
/// `--help` examples — are run, so none of them can go stale; and the shell completions and the
/// man page are checked against `--help`, which all three are generated from.
@Suite struct ExamplesTests {
    static let root = Fixtures.packageRoot.path

    /// Shell words: spaces separate, single and double quotes group.
    static func words(_ line: String) -> [String] {
        var words: [String] = [], current = "", quote: Character?, inWord = false
        for c in line {
            if let q = quote {
                if c == q { quote = nil } else { current.append(c) }
            } else if c == "'" || c == "\"" {
                quote = c; inWord = true
            } else if c == " " {
                if inWord { words.append(current); current = ""; inWord = false }
            } else {
                current.append(c); inWord = true
            }
        }
        if inWord { words.append(current) }
        return words
    }

    /// `examples/…` made absolute, so the runs do not depend on the working directory.
    static func absolute(_ arguments: [String]) -> [String] {
        arguments.map { $0.hasPrefix("examples/") ? root + "/" + $0 : $0 }
    }

    /// Every `$ chime …` line in a README text block and the lines printed after it.
    static func readmeExamples(_ file: String = "README.md") throws -> [(command: [String], expected: String)] {
        let readme = try String(contentsOfFile: root + "/" + file, encoding: .utf8)
        var examples: [(command: [String], expected: String)] = []
        var inText = false, current: [String]?, output: [String] = []
        func finish() {
            if let command = current { examples.append((command, output.joined(separator: "\n"))) }
            current = nil; output = []
        }
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("```") {
                if inText { finish() }
                inText = line == "```text"
                continue
            }
            guard inText else { continue }
            if line.hasPrefix("$ chime ") {
                finish()
                current = Array(words(String(line.dropFirst(2))).dropFirst())
            } else if current != nil {
                if line.isEmpty { finish() } else { output.append(line) }
            }
        }
        return examples
    }

    @Test func readmeExamplesPrintWhatTheReadmeShows() throws {
        let examples = try Self.readmeExamples()
        #expect(examples.count >= 5, "README examples found: \(examples.map(\.command))")
        for (command, expected) in examples {
            let run = try ChimeCLI.run(Self.absolute(command))
            ChimeCLI.expectNoCrash(run)
            #expect(run.stdout.trimmingCharacters(in: .newlines) == expected, "chime \(command.joined(separator: " "))\n\(run)")
        }
    }

    /// The `$ chime …` blocks of the command reference and the guides print what they show.
    @Test(arguments: ["docs/cli.md", "docs/oncalendar.md", "docs/semantics.md", "docs/cron.md"])
    func docExamplesPrintWhatTheyShow(file: String) throws {
        let examples = try Self.readmeExamples(file)
        #expect(!examples.isEmpty)
        for (command, expected) in examples {
            let run = try ChimeCLI.run(Self.absolute(command))
            #expect(run.stdout.trimmingCharacters(in: .newlines) == expected, "chime \(command.joined(separator: " "))\n\(run)")
        }
    }

    /// The README's first command (the main job) still answers as the README's table shows.
    @Test func readmeFirstCommand() throws {
        let readme = try String(contentsOfFile: Self.root + "/README.md", encoding: .utf8)
        let first = try #require(readme.split(separator: "\n").first { $0.hasPrefix("swift run chime ") })
        let command = Array(Self.words(String(first.prefix { $0 != "#" })).dropFirst(3))
        let run = try ChimeCLI.run(command)
        #expect(run.status == 0 && run.stdout.contains("2026-03-08T03:00:00-04:00  EDT    2026-03-08T07:00:00Z"), "\(run)")
    }

    /// `examples/requests.jsonl` answers `examples/requests.out.jsonl`, line for line. The values
    /// were checked by hand: `gap` is the contract's example; 2026-03-28 is a Saturday, so
    /// `standup` is Mon 30 and Wed 1 at 09:00 CEST (07:00Z); `every-90m` is anchored at its `after`
    /// (00:00Z + 5400 s = 01:30Z …); `daily-drift` starts at 09:00 EST = 14:00Z and fires at 14:00Z,
    /// 10:00 EDT after the switch (drift); the blank line gets no answer.
    @Test func batchExample() throws {
        let input = try Data(contentsOf: URL(fileURLWithPath: Self.root + "/examples/requests.jsonl"))
        let expected = try String(contentsOfFile: Self.root + "/examples/requests.out.jsonl", encoding: .utf8)
        let result = Fixtures.run(try ChimeCLI.executable(), ["batch"], environment: ChimeCLI.baseEnvironment, stdin: input)
        #expect(result.status == 0 && result.output == expected, "\(result.output)\n\(result.error)")
    }

    /// Every example in every command's `--help` runs without a usage or input error (exit 0, or 1
    /// for "no answer"); those that pipe or redirect are left to the shell.
    @Test func helpExamplesRun() throws {
        let main = try ChimeCLI.run(["--help"])
        let commands = main.stdout.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("  "), let word = line.split(separator: " ").first, !word.hasPrefix("-") else { return nil }
            return String(word)
        }
        #expect(commands.contains("next") && commands.contains("completions"))
        for command in commands {
            let help = try ChimeCLI.run([command, "--help"]).stdout
            let examples = help.components(separatedBy: "EXAMPLES:\n").dropFirst().first?.split(separator: "\n")
                .prefix { $0.hasPrefix("  ") }.map { $0.trimmingCharacters(in: .whitespaces) } ?? []
            for example in examples where !example.contains("|") && !example.contains(">") {
                let arguments = Self.absolute(Array(Self.words(example).dropFirst()))
                let run = try ChimeCLI.run(arguments)
                ChimeCLI.expectNoCrash(run)
                #expect(run.status == 0 || run.status == 1, "chime \(arguments.joined(separator: " "))\n\(run)")
            }
        }
    }

    /// Options each command's `--help` lists.
    static func helpOptions() throws -> [String: [String]] {
        var result: [String: [String]] = [:]
        for command in ["zones", "zone", "transitions", "resolve", "next", "batch", "pending", "simulate", "plan", "completions", "man"] {
            let help = try ChimeCLI.run([command, "--help"]).stdout
            let options = help.components(separatedBy: "OPTIONS:\n").dropFirst().first?.split(separator: "\n")
                .prefix { $0.hasPrefix("  ") }
                .compactMap { line -> String? in
                    let word = line.trimmingCharacters(in: .whitespaces).split(separator: " ").first.map(String.init) ?? ""
                    return word.hasPrefix("--") ? word : nil
                } ?? []
            result[command] = options
        }
        return result
    }

    @Test func completionsCoverEveryCommandAndOption() throws {
        let options = try Self.helpOptions()
        #expect(options["next"]?.contains("--report-drift") == true)
        for shell in ["bash", "zsh", "fish"] {
            let run = try ChimeCLI.run(["completions", shell])
            #expect(run.status == 0, "\(run)")
            for (command, flags) in options {
                #expect(run.stdout.contains(command), "\(shell): \(command)")
                for flag in flags where flag != "--help" {
                    let name = String(flag.dropFirst(2))
                    let present = shell == "fish" ? run.stdout.contains("__fish_seen_subcommand_from \(command)' -l \(name) ")
                                                  : run.stdout.contains(flag)
                    #expect(present, "\(shell): \(command) \(flag)")
                }
            }
        }
        // The bash script is valid bash.
        let bash = try ChimeCLI.run(["completions", "bash"])
        let check = Fixtures.run("/bin/bash", ["-n"], stdin: Data(bash.stdout.utf8))
        #expect(check.status == 0, "\(check.error)")
        ChimeCLI.expectBadInput(try ChimeCLI.run(["completions", "tcsh"]), mentions: ["'tcsh'", "bash, zsh or fish"])
    }

    /// docs/chime.1 is `chime man` (regenerate: `swift run chime man > docs/chime.1`), names every
    /// command and option, and is clean roff.
    @Test func manPageIsGeneratedAndComplete() throws {
        let run = try ChimeCLI.run(["man"])
        let committed = try String(contentsOfFile: Self.root + "/docs/chime.1", encoding: .utf8)
        #expect(run.stdout == committed, "docs/chime.1 is stale: run `swift run chime man > docs/chime.1`")
        for (command, flags) in try Self.helpOptions() {
            #expect(run.stdout.contains(".SS \(command)\n"), "\(command)")
            for flag in flags where flag != "--help" {
                #expect(run.stdout.contains("\\-\\-" + flag.dropFirst(2)), "\(command) \(flag)")
            }
        }
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/groff") {
            let groff = Fixtures.run("/usr/bin/groff", ["-man", "-Tutf8", "-ww", "-z"], stdin: Data(run.stdout.utf8))
            #expect(groff.status == 0 && groff.error.isEmpty, "\(groff.error)")
        }
    }

    /// The project carries its own contract: nothing points at ../shared.
    @Test func docsAreInTheRepository() throws {
        let readme = try String(contentsOfFile: Self.root + "/README.md", encoding: .utf8)
        #expect(!readme.contains("../shared") && readme.contains("docs/contract.md"))
        #expect(FileManager.default.fileExists(atPath: Self.root + "/docs/contract.md"))
        let help = try ChimeCLI.run(["next", "--help"])
        #expect(!help.stdout.contains("CONTRACT.md") && help.stdout.contains("docs/contract.md"))
    }
}
