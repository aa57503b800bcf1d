/// The outcome of comparing Chime's answers with a peer's on the benchmark inputs, before timing:
/// a fast wrong answer is worth nothing.
struct Agreement: Codable {
    /// The scenario whose inputs were checked, e.g. "offset.lookup".
    let scenario: String
    /// What was compared, e.g. "Chime tzif 2025b vs Foundation 2025b".
    let comparison: String
    let compared: Int
    let mismatches: Int
    /// The first few disagreements, for a human to reproduce.
    let examples: [String]
    /// Extra facts about the inputs (e.g. the unique/gap/overlap mix).
    let note: String?
}

/// Collects mismatches while comparing, keeping a few examples.
struct AgreementTally {
    private(set) var compared = 0
    private(set) var mismatches = 0
    private(set) var examples: [String] = []

    mutating func record(_ agree: Bool, _ example: @autoclosure () -> String) {
        compared += 1
        guard !agree else { return }
        mismatches += 1
        if examples.count < 3 { examples.append(example()) }
    }

    func result(_ scenario: String, _ comparison: String, note: String? = nil) -> Agreement {
        Agreement(scenario: scenario, comparison: comparison, compared: compared, mismatches: mismatches,
                  examples: examples, note: note)
    }
}
