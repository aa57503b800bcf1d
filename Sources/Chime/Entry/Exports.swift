/// `import Chime` gives the whole engine: the zone layer (`Instant`, `ZoneDatabase`, `ZoneRules`,
/// `GapPolicy`, `Fire`, `ChimeError`, …) is its own module, ChimeZones, so that the compiler keeps
/// it below the triggers (Package.swift); re-exporting it here keeps that split invisible to every
/// program, test and example that imports Chime.
@_exported import ChimeZones
