/// glibc's mktime(3) (Debian 12's glibc 2.36, time/mktime.c `__mktime_internal`) over a zone's
/// rules, for reproducing systemd's calendar walk (`SystemdCalendarWalk`), which normalizes every
/// step through it. What it does, from that source:
///
/// - It keeps one guess between calls, the offset of its last answer (`localtime_offset`, a static
///   in `__mktime64`; here `guess`, UTC seconds minus wall seconds). A call probes the requested
///   wall time at that guess, converts the probe with localtime, and corrects the probe by the
///   wall-clock error, up to six probes. So a repeated wall time gets the pass of the offset the
///   previous call ended on.
/// - A wall time in a gap makes the probes oscillate between the two sides; once a probe repeats
///   the one two steps back (`t == t1 && t != t2`) it answers that probe, provided that, with
///   `tm_isdst = -1`, the previous probe was not DST or this one is (`dst2 <= tm_isdst`). The
///   answer is the gap's wall time read with the other side's offset: later for an ordinary
///   spring-forward, *earlier* where the gap's later side is the standard one (negative DST).
/// - With `tm_isdst` 0 or 1 (systemd passes that after a step that carried, copying it from an
///   earlier answer), a match with the other DST flag is replaced by the wall time read with the
///   offset of the nearest instant that has the requested flag, probing ±601,200 s, ±1,202,400 s,
///   … (the earlier side first) below 229,222,800 s; with none there, the match moved by an hour
///   (glibc 2.36's "assume one-hour DST"; checked against this machine's glibc by
///   `GlibcMktimeTests`).
/// - Seconds outside 0…59 are probed as 0 or 59 and the difference added at the end.
///
/// Example, America/New_York, guess 0 (a fresh process): 2026-11-01 01:30, `tm_isdst = -1`:
/// probe 01:30Z (local 10-31 21:30 EDT, 4 h short), then 05:30Z (01:30 EDT): a match, EDT. The
/// guess becomes +4 h, so the next call for 01:30 answers EDT at once; after a call that ended
/// in EST the same request answers 06:30Z (EST).
struct GlibcMktime {
    /// struct tm's fields as mktime reads and writes them: `year` since 1900, `month` 0–11 (any
    /// value on input), `isDST` −1 (unknown), 0 or 1; `weekday` 0 = Sunday (output only).
    struct BrokenDown: Equatable {
        var year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int
        var isDST: Int
        var weekday: Int = 0
    }

    let zone: ZoneRules
    /// glibc's `localtime_offset`: the last answer's UTC seconds minus its requested wall seconds.
    /// 0 in a new process (systemd computes each zoned elapse in a forked child).
    var guess: Int64 = 0

    init(zone: ZoneRules) { self.zone = zone }

    /// localtime(3): the broken-down time at `t` (UTC seconds), and its offset.
    func localTime(_ t: Int64) -> (tm: BrokenDown, offset: Int64) {
        let type = zone.compactType(at: Instant(seconds: t))
        let offset = Int64(type.utcOffset)
        let local = t + offset
        let (days, second) = CivilArithmetic.floorDivMod(local, 86_400)
        let civil = CivilArithmetic.civilFromDays(days)
        let weekday = Int(CivilArithmetic.floorDivMod(days + 4, 7).remainder)      // 1970-01-01 was a Thursday (4)
        let tm = BrokenDown(year: Int(civil.year) - 1900, month: Int(civil.month) - 1, day: Int(civil.day), hour: Int(second / 3600),
                            minute: Int(second % 3600 / 60), second: Int(second % 60), isDST: type.isDST ? 1 : 0, weekday: weekday)
        return (tm, offset)
    }

    /// mktime(3): the instant of `tm` (UTC seconds), `tm` normalized to it; nil (and `tm`
    /// unchanged) where glibc fails with EOVERFLOW.
    mutating func mktime(_ tm: inout BrokenDown) -> Int64? {
        let requestedSecond = tm.second
        let second = min(max(requestedSecond, 0), 59)
        // The requested wall time as seconds since 1970 (ydhms_diff is exact calendar arithmetic;
        // month and day may be out of range).
        let (yearCarry, month) = CivilArithmetic.floorDivMod(Int64(tm.month), 12)
        let year = Int64(tm.year) + 1900 + yearCarry
        let wall = (CivilArithmetic.daysFromCivil(year: year, month: month + 1, day: 1) + Int64(tm.day) - 1) * 86_400
            + Int64(tm.hour) * 3600 + Int64(tm.minute) * 60 + Int64(second)
        let isDST = tm.isDST
        let t0 = wall + guess
        var (t, t1, t2) = (t0, t0, t0)
        var previousWasDST = false
        var probes = 6
        var found: (tm: BrokenDown, offset: Int64)
        search: while true {
            found = localTime(t)
            let dt = wall - (t + found.offset)
            if dt == 0 {
                // A match; with a DST flag requested, one with the other flag is read again with
                // the offset of the nearest instant that has the requested flag.
                if isDST >= 0 && (isDST == 0) != (found.tm.isDST == 0) {
                    let stride: Int64 = 601_200, bound: Int64 = 457_243_200 / 2 + 601_200
                    var delta = stride
                    while delta < bound {
                        for direction: Int64 in [-1, 1] {
                            let other = t + delta * direction
                            let probe = localTime(other)
                            if (isDST == 0) == (probe.tm.isDST == 0) {
                                t = wall - probe.offset
                                found = localTime(t)
                                break search
                            }
                        }
                        delta += stride
                    }
                    // No such instant within the bound: assume a one-hour DST difference.
                    t += 3600 * Int64((isDST == 0 ? 1 : 0) - (found.tm.isDST == 0 ? 1 : 0))
                    found = localTime(t)
                    break
                }
                break
            }
            if t == t1 && t != t2 && (isDST < 0 ? !previousWasDST || found.tm.isDST != 0 : (isDST != 0) != (found.tm.isDST != 0)) {
                break                                   // oscillating around a gap: answer this probe
            }
            probes -= 1
            if probes == 0 { return nil }
            (t1, t2) = (t2, t)
            t += dt
            previousWasDST = found.tm.isDST != 0
        }
        guess = t - t0 + guess
        if requestedSecond != found.tm.second {
            t += Int64(requestedSecond - second)
            found = localTime(t)
        }
        tm = found.tm
        return t
    }
}
