import Testing
import Chime

/// The listing of the catalog's landing page, Sources/Chime/Chime.docc/Chime.md.
///
/// Hand-derived: America/New_York springs forward on Sunday 2026-03-08 (the second Sunday of
/// March; 1 March 2026 is a Sunday) at 02:00 EST = 07:00:00Z, to 03:00 EDT, so 02:30 does not
/// exist that day; cronie (the posix flavor) runs a fixed-time job the gap skipped right after
/// the jump (cron.c `find_jobs`, docs/cron.md): 03:00 EDT = 07:00:00Z.
@Suite struct ChimeSnippets {
    @Test func overview() throws {
        let job = try Schedule(cron: "30 2 * * *", in: "America/New_York")
        let fire = try job.next(after: try Chime.instant("2026-03-07T12:00:00Z"))
        // 2026-03-08T03:00:00-04:00 EDT (2026-03-08T07:00:00Z, gapNextTime): 02:30 does not
        // exist in New York that day, and cron runs the job as the clocks jump to 03:00

        #expect(fire?.instant == (try Chime.instant("2026-03-08T07:00:00Z")))
        #expect(fire?.offset == -14_400)   // EDT, UTC-4
        #expect(fire?.description == "2026-03-08T03:00:00-04:00 EDT (2026-03-08T07:00:00Z, gapNextTime)")
    }
}
