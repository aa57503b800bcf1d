/// Every scenario, in run order. A peer or floor comes after the Chime scenario it is compared with.
enum Catalog {
    static func all(_ context: BenchContext) -> [Scenario] {
        ZoneLoadScenarios.all(context)
            + OffsetScenarios.all(context)
            + ResolveScenarios.all(context)
            + TriggerScenarios.all(context)
            + RobfigPeerScenarios.all(context)
            + CalendarShapeScenarios.all(context)
            + CalendarShapeScenarios.parity(context)
            + RRuleScenarios.all(context)
            + RScaleScenarios.all(context)
            + RRuleFastScenarios.all(context)
            + ColdProcessScenarios.all(context)
            + BatchScenarios.all(context)
            + PendingScenarios.all(context)
    }
}
