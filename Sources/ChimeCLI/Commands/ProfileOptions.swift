import Chime
import ChimeBatch

/// `--profile ios|android` (`chime next`, `chime audit`, `chime simulate`): the app's schedule as
/// that platform runs it (`PlatformProfile`: iOS = Foundation's rules, 64 pending, soonest kept;
/// Android = flutter_local_notifications' own code, 500 pending, beyond refused). docs/profiles.md.
enum ProfileOptions {
    static let option = CommandSpec.Option(
        name: "profile", valueName: "ios|android",
        help: "Run the schedule as a platform does (flutter_local_notifications' zonedSchedule): ios = Foundation (apple semantics), android = the plugin's Java code, which carries a DST gap's shift into every later fire (docs/profiles.md).")

    static func profile(_ args: ParsedArguments, command: String) throws(CLIError) -> PlatformProfile? {
        guard let text = args.values["profile"] else { return nil }
        guard let profile = PlatformProfile(rawValue: text.lowercased()) else {
            throw .usage("--profile must be ios or android, got '\(text)'", command: command)
        }
        return profile
    }

    /// The trigger as `--profile` runs it (unchanged without `--profile`).
    static func apply(_ args: ParsedArguments, to trigger: Trigger, command: String) throws(CLIError) -> Trigger {
        guard let profile = try profile(args, command: command) else { return trigger }
        return try apply(profile, to: trigger)
    }

    static func apply(_ profile: PlatformProfile, to trigger: Trigger) throws(CLIError) -> Trigger {
        do { return try profile.trigger(for: trigger) } catch { throw .input("--profile \(profile.rawValue): " + error.description, code: "invalidTrigger") }
    }

    /// `--compare ios,android` (any order, no other names): the two platforms' versions of `trigger`.
    static func versions(_ names: [String], of trigger: Trigger) throws(CLIError) -> [(name: String, trigger: Trigger)]? {
        let profiles = names.compactMap(PlatformProfile.init(rawValue:))
        guard !profiles.isEmpty else { return nil }
        guard profiles.count == names.count else {
            throw .usage("--compare mixes platforms (ios, android) with other versions: compare ios,android, or semantics/flavors without them", command: "audit")
        }
        var versions: [(name: String, trigger: Trigger)] = []
        for profile in profiles { versions.append((profile.rawValue, try apply(profile, to: trigger))) }
        return versions
    }
}
