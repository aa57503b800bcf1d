#!/usr/bin/env python3
"""Generates the golden corpus tzdata-fixtures/golden/*.jsonl (issue 16, item 3).

Each output line is a `chime batch` request (id, zone, after, count, trigger) plus
  "expected": the UTC instants of the fires, in order (["2025-10-04T15:30:00Z", ...]),
  "oracle":   how they were computed (this script, its zoneinfo, the tz release, the doc rule),
and, for a gap policy `reject` that must fail, "expectedError": "wallTimeSkipped" (then
"expected" is []).

THE ORACLE IS INDEPENDENT OF CHIME. This script never imports or runs chime. It compiles the
pinned source tzdata-fixtures/tzdata.zi with `zic -b fat -d DIR` (as the Swift tests do, see
Tests/ChimeTestSupport/Fixtures.swift) and reads every zone with Python's zoneinfo from that tree
(ZoneInfo.from_file on DIR/ZONE: neither the host's /usr/share/zoneinfo nor the `tzdata` PyPI
package is consulted). The rules applied are those of docs/semantics.md ("consistent"
semantics), implemented here from wall-clock arithmetic alone:

  * Rule 1 (section 1): {hour, minute[, second]} names that time every day (finer fields 0);
    a weekly trigger {weekdays, time} names that time on each listed weekday.
  * Section 3: a wanted wall time w is resolved against the zone. The instants at which the
    wall clock reads w are found by trying every UTC offset the zone uses near w (u = w - off,
    kept when utcoffset(u) == off); they are cross-checked against zoneinfo's own PEP 495 fold=0
    / fold=1 readings. None: w is in a gap, whose transition T (found by scanning utcoffset and
    bisecting to the second) satisfies T + before <= w < T + after. The policies:
      overlap first = earliest instant, last = latest, both = every instant;
      gap skip = none, nextValid = T, shift = w - before, previous = w - after,
      reject = none, and the search fails (section 4's reject rule);
      without explicit gap/overlap: matchingPolicy strict->skip, nextTime->nextValid,
      nextTimePreservingSmallerComponents->shift, previousTimePreservingSmallerComponents->
      previous; repeatedTimePolicy first/last.
    The fire set is the SET of all instants so obtained (two wall times giving one instant give
    one fire: Apia 2011-12-30 09:00 shifted is 2011-12-31 09:00).
  * Section 4: forward = earliest fire strictly after the start, backward = latest strictly
    before; a chain of `count` repeats the search from each fire. reject: the search fails when
    a rejected wall time's T lies between the start and the answer (forward: start < T <= answer;
    backward: answer < T <= start).

What the corpus covers, per listed transition (every UTC-offset change of the zone in the years
listed in ZONES below): daily wall times just before (-60 min, -1 min), at the start of, in the
middle of, at the last minute of, at the end of, and after (+1 min, +60 min) each gap and
overlap; every explicit gap policy x overlap policy, forward chains of 3 from about a day before
the transition and of 2 from 10 minutes before it, backward chains of 3, chains of 2 starting
exactly at the transition instant T (forward and backward); the implicit policies
(matchingPolicy x repeatedTimePolicy); reject with count 1; weekly triggers on the transition's
weekday and on every weekday; hourly patterns {minute[, second]} (rule 1: the hour free) at the
region's start and middle minute, every gap x overlap policy, chains of 6 forward from 3 hours
before T and backward from 3 hours after. Skipped days (Pacific/Apia 2011-12-30, Pacific/Kiritimati
1994-12-31) are 24-hour gaps and get the same treatment plus a few more times of day on the
missing date; midnight gaps (America/Havana, America/Sao_Paulo 2018, Asia/Beirut, Africa/Cairo,
America/Asuncion) get {hour: 0} (the gap's start) among the points.

LEFT OUT, because the docs do not settle them (no guessing):
  * reject with count > 1 when the chain would cross a rejected gap after the first fire:
    semantics.md section 4 says the *search* fails, docs/contract.md says the batch answer is
    the error `wallTimeSkipped`, but neither says whether fires found before the failing link
    of a chain are returned or the whole line is an error. Only count-1 reject lines are here.
  * the `apple` semantics (defined by Foundation's behaviour, not by rules this script can
    apply), missing days ({day: 31}: no zone transition involved), nanoseconds, and patterns
    whose finest field is coarser than the hour.
  * offset changes of less than a second or transitions that change only the abbreviation or
    the DST flag (no gap, no overlap: nothing to test; e.g. America/Nuuk 2023-10-29).

Regenerate (writes every file, prints the line counts):
    python3 tzdata-fixtures/golden/generate.py
Check that the committed files are what the script produces (CI runs this):
    python3 tzdata-fixtures/golden/generate.py --check
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zoneinfo
from datetime import datetime, timedelta, timezone

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.dirname(HERE)
SOURCE = os.path.join(FIXTURES, "tzdata.zi")

# (zone, years to scan for offset changes, extra times of day (h, m, s) to test on top of the
# per-transition points, why the zone is here).
ZONES = [
    ("Australia/Lord_Howe", [2025], [], "30-minute DST"),
    ("Pacific/Chatham", [2025], [], "+12:45/+13:45, changes at 02:45 standard time"),
    ("Antarctica/Troll", [2025], [], "2-hour DST"),
    ("Europe/Dublin", [2025], [], "negative DST in the source (IST standard, GMT in winter)"),
    ("America/Sao_Paulo", [2018], [(0, 0, 0)], "2018-11-04 midnight does not exist"),
    ("America/Havana", [2025], [(0, 0, 0)], "midnight does not exist on the spring day"),
    ("Asia/Gaza", [2025], [], "Ramadan-dependent rules"),
    ("Asia/Beirut", [2025], [(0, 0, 0)], "changes at midnight"),
    ("Pacific/Apia", [2011], [(9, 0, 0), (18, 30, 0)], "2011-12-30 skipped (-10 -> +14)"),
    ("Pacific/Kiritimati", [1994], [(9, 0, 0), (18, 30, 0)], "1994-12-31 skipped (-10 -> +14)"),
    ("Africa/Casablanca", [2025], [], "negative DST during Ramadan"),
    ("America/St_Johns", [2025], [], "-03:30 with DST"),
    ("Asia/Kathmandu", [1986], [], "+05:30 -> +05:45, a 15-minute gap"),
    ("Australia/Eucla", [2006, 2007, 2008, 2009], [], "+08:45 with DST 2006-2009"),
    ("America/Caracas", [2007, 2016], [], "-04 <-> -04:30"),
    ("Europe/Moscow", [2011, 2014], [], "permanent +04 in 2011, back to +03 in 2014"),
    ("Asia/Pyongyang", [2015, 2018], [(0, 0, 0)], "+09 -> +08:30 at midnight and back at 23:30"),
    ("America/Mexico_City", [2022], [], "last DST period"),
    ("Africa/Cairo", [2023], [(0, 0, 0)], "DST resumed; midnight gap"),
    ("Asia/Almaty", [2024], [(23, 30, 0)], "+06 -> +05 at midnight"),
    ("America/Asuncion", [2024], [(0, 0, 0)], "last DST change, then permanent -03"),
    ("America/Nuuk", [2023, 2024], [], "standard time -03 -> -02, DST again from 2024"),
]

GAPS = ["skip", "shift", "nextValid", "previous"]
OVERLAPS = ["first", "last", "both"]
MATCHING = {  # semantics.md section 3: the gap policy a matching policy gives
    "strict": "skip",
    "nextTime": "nextValid",
    "nextTimePreservingSmallerComponents": "shift",
    "previousTimePreservingSmallerComponents": "previous",
}
REPEATED = ["first", "last"]
DAY = 86400


def pinned_version():
    with open(SOURCE, encoding="utf-8") as f:
        for line in f:
            if line.startswith("# version "):
                return line.split()[2]
    raise SystemExit("tzdata.zi has no '# version' line")


def compile_tree():
    directory = tempfile.mkdtemp(prefix="chime-golden-tzif-")
    subprocess.run(["zic", "-b", "fat", "-d", directory, SOURCE], check=True)
    # Nothing else may answer: no host tree, no tzdata package.
    zoneinfo.reset_tzpath(to=[directory])
    return directory


def iso(u):
    return datetime.fromtimestamp(u, tz=timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def wall_datetime(w):
    """A wall time (seconds since 1970-01-01T00:00 on the zone's wall clock) as a naive datetime."""
    return datetime(1970, 1, 1) + timedelta(seconds=w)


class Zone:
    def __init__(self, name, tree):
        self.name = name
        with open(os.path.join(tree, name), "rb") as f:
            self.zi = zoneinfo.ZoneInfo.from_file(f, key=name)
        self._transitions = None

    def offset(self, u):
        """UTC offset (seconds) in force at instant u."""
        d = datetime.fromtimestamp(u, tz=self.zi).utcoffset()
        assert d.microseconds == 0
        return int(d.total_seconds())

    def scan(self, start, end, step=900):
        """Every offset change in [start, end): (T, before, after), T the first second of `after`."""
        found = []
        u, o = start, self.offset(start)
        while u < end:
            v = u + step
            p = self.offset(v)
            if p != o:
                lo, hi = u, v  # offset(lo) == o, offset(hi) != o
                while hi - lo > 1:
                    mid = (lo + hi) // 2
                    if self.offset(mid) == o:
                        lo = mid
                    else:
                        hi = mid
                after = self.offset(hi)
                assert self.offset(v) == after, f"{self.name}: two changes within {step}s near {iso(hi)}"
                found.append((hi, o, after))
            u, o = v, p
        return found

    def resolve(self, w, near):
        """('unique'|'overlap', [instants]) or ('gap', (T, before, after)) for wall time w."""
        near = [(t, b, a) for (t, b, a) in near if abs(t - w) < 3 * DAY]
        offsets = {self.offset(w - 3 * DAY), self.offset(w + 3 * DAY)}
        for (_, before, after) in near:
            offsets.update((before, after))
        instants = sorted({w - o for o in offsets if self.offset(w - o) == o})
        # Cross-check with zoneinfo's PEP 495 reading of the naive wall time.
        naive = wall_datetime(w)
        o0 = int(naive.replace(tzinfo=self.zi, fold=0).utcoffset().total_seconds())
        o1 = int(naive.replace(tzinfo=self.zi, fold=1).utcoffset().total_seconds())
        if len(instants) == 1:
            assert o0 == o1 == w - instants[0], (self.name, naive, o0, o1, instants)
            return "unique", instants
        if len(instants) > 1:
            assert len(instants) == 2 and (w - o0, w - o1) == (instants[0], instants[-1]), (self.name, naive)
            return "overlap", instants
        gaps = [(t, b, a) for (t, b, a) in near if b < a and t + b <= w < t + a]
        assert len(gaps) == 1, (self.name, naive, gaps)
        t, b, a = gaps[0]
        assert (o0, o1) == (b, a), (self.name, naive, o0, o1, b, a)
        return "gap", gaps[0]


def fire_set(zone, walls, gap, overlap, near):
    """The fire set of the given wanted wall times, and the rejected wall times' T's."""
    fires, rejected = set(), set()
    for w in walls:
        kind, value = zone.resolve(w, near)
        if kind == "unique":
            fires.add(value[0])
        elif kind == "overlap":
            fires.update({"first": value[:1], "last": value[-1:], "both": value}[overlap])
        else:
            t, before, after = value
            if gap == "nextValid":
                fires.add(t)
            elif gap == "shift":
                fires.add(w - before)
            elif gap == "previous":
                fires.add(w - after)
            elif gap == "reject":
                rejected.add(t)
            else:
                assert gap == "skip"
    return sorted(fires), rejected


def search(fires, rejected, start, count, forward):
    """Section 4: a chain of `count` fires from `start`; None when a reject search fails."""
    out, s = [], start
    for _ in range(count):
        if forward:
            later = [f for f in fires if f > s]
            answer = later[0] if later else None
            if any(s < t and (answer is None or t <= answer) for t in rejected):
                return None
        else:
            earlier = [f for f in fires if f < s]
            answer = earlier[-1] if earlier else None
            if any(t <= s and (answer is None or answer < t) for t in rejected):
                return None
        if answer is None:
            break
        out.append(answer)
        s = answer
    return out


def hms(sec):
    return sec // 3600, sec // 60 % 60, sec % 60


def components(sec):
    h, m, s = hms(sec)
    c = {"hour": h}
    if m or s:
        c["minute"] = m
    if s:
        c["second"] = s
    return c


def time_text(sec):
    h, m, s = hms(sec)
    return f"{h:02d}:{m:02d}" + (f":{s:02d}" if s else "")


class Builder:
    def __init__(self, zone, version):
        self.zone, self.version = zone, version
        self.lines, self.ids = [], set()

    def add(self, ident, start, count, trigger, weekdays, sec, gap, overlap, forward, rule, near, hourly=False):
        assert ident not in self.ids, ident
        self.ids.add(ident)
        if hourly:
            # `sec` is the time within every hour; wall hours from 2 days before to 3 after.
            walls = [h * 3600 + sec for h in range((start - 2 * DAY) // 3600, (start + 3 * DAY) // 3600)]
        else:
            # Wall dates whose fires could be reached: the chain spans at most `count` fire days
            # (weeks for a weekly trigger) from the start, in either direction.
            span = (count + 3) * (7 if weekdays and len(weekdays) < 7 else 1) + 3
            first = (start // DAY) - span
            walls = [d * DAY + sec for d in range(first, first + 2 * span + 1)
                     if not weekdays or ((d + 4) % 7 + 1) in weekdays]  # 1970-01-01 was a Thursday (5)
        fires, rejected = fire_set(self.zone, walls, gap, overlap, near)
        chain = search(fires, rejected, start, count, forward)
        line = {"id": ident, "zone": self.zone.name, "after": iso(start), "count": count, "trigger": trigger}
        if chain is None:
            line["expected"] = []
            line["expectedError"] = "wallTimeSkipped"
        else:
            assert len(chain) == count, (ident, chain)
            line["expected"] = [iso(u) for u in chain]
        line["oracle"] = (f"python zoneinfo {sys.version_info.major}.{sys.version_info.minor}, "
                          f"tz {self.version}, rule: {rule}")
        self.lines.append(line)


def calendar(sec, gap=None, overlap=None, matching=None, repeated=None, forward=True, hourly=False):
    if hourly:  # rule 1: the hour is free, finer fields than the finest given are 0
        c = {"minute": sec // 60}
        if sec % 60:
            c["second"] = sec % 60
    else:
        c = components(sec)
    t = {"components": c, "semantics": "consistent"}
    if matching:
        t["matchingPolicy"] = matching
    if repeated:
        t["repeatedTimePolicy"] = repeated
    if gap:
        t["gap"] = gap
    if overlap:
        t["overlap"] = overlap
    if not forward:
        t["direction"] = "backward"
    return {"calendar": t}


def weekly(days, sec, gap, overlap):
    return {"weekly": {"weekdays": days, "time": time_text(sec), "semantics": "consistent",
                       "gap": gap, "overlap": overlap}}


def rule_text(kind, gap, overlap, forward, implicit=None):
    policy = f"gap {gap}" if kind == "gap" else f"overlap {overlap}" if kind == "overlap" else "unique"
    via = f" (implicit: {implicit})" if implicit else ""
    direction = "forward" if forward else "backward"
    return f"semantics.md s3 {policy}{via}, s4 {direction} chain"


def generate_zone(name, years, extra_times, tree, version):
    zone = Zone(name, tree)
    b = Builder(zone, version)
    short = name.split("/")[-1].lower()
    for year in years:
        lo = int(datetime(year, 1, 1, tzinfo=timezone.utc).timestamp()) - DAY
        hi = int(datetime(year + 1, 1, 1, tzinfo=timezone.utc).timestamp()) + DAY
        # Every offset change from 90 days before the year to 90 days after: each wall time
        # resolved below lies within 3 days of the ones it can be in (checked in resolve).
        near = zone.scan(lo - 90 * DAY, hi + 90 * DAY)
        for (t, before, after) in near:
            if year not in {wall_datetime(t + before).year, wall_datetime(t + after).year}:
                continue
            kind = "gap" if after > before else "overlap"
            # The region of wall times that is skipped or repeated: [a, b).
            a, bnd = (t + before, t + after) if kind == "gap" else (t + after, t + before)
            tag = f"{short}-{wall_datetime(a).strftime('%Y%m%d')}-{kind}"
            mid = (a + bnd) // 2
            inside = [a, mid, bnd - 60]
            outside = [a - 3600, a - 60, bnd, bnd + 60, bnd + 3600]
            for (h, m, s) in extra_times:  # more times of day on the region's wall days
                for day in sorted({a // DAY, (bnd - 1) // DAY}):
                    w = day * DAY + h * 3600 + m * 60 + s
                    (inside if a <= w < bnd else outside).append(w)
            start_day = t - DAY - 3600     # about a day before: chain the day before, the day, after
            start_near = t - 600           # a little before the transition
            start_back = t + DAY + 3600    # a day after, searching backward

            def inside_region(w):  # some day's wall time at w's time of day is skipped/repeated
                return any(a <= d * DAY + w % DAY < bnd for d in range(a // DAY - 1, bnd // DAY + 2))

            def where(w):
                return f"{'in' if inside_region(w) else 'out'}{wall_datetime(w).strftime('%H%M%S')}"

            # One point per time of day (a 24-hour gap's end is its start's time of day).
            points, seen = [], set()
            for w in inside + outside:
                if w % DAY not in seen:
                    seen.add(w % DAY)
                    points.append(w)
            inside = [w for w in points if inside_region(w)]
            outside = [w for w in points if not inside_region(w)]

            for w in inside:
                sec = w % DAY
                for gap in GAPS:
                    for overlap in OVERLAPS:
                        rule = rule_text(kind, gap, overlap, True)
                        b.add(f"{tag}-{where(w)}-{gap}-{overlap}-day3", start_day, 3,
                              calendar(sec, gap, overlap), None, sec, gap, overlap, True, rule, near)
                        # From just before T: every pair at the region's start and middle, one
                        # overlap policy per gap policy elsewhere.
                        if w in (a, mid) or overlap == OVERLAPS[GAPS.index(gap) % 3]:
                            b.add(f"{tag}-{where(w)}-{gap}-{overlap}-near2", start_near, 2,
                                  calendar(sec, gap, overlap), None, sec, gap, overlap, True, rule, near)
                    overlap = OVERLAPS[GAPS.index(gap) % 3]
                    b.add(f"{tag}-{where(w)}-{gap}-{overlap}-back3", start_back, 3,
                          calendar(sec, gap, overlap, forward=False), None, sec, gap, overlap, False,
                          rule_text(kind, gap, overlap, False), near)
                # reject: count 1 only (see the header), forward from both starts and backward.
                for label, start, forward in [("day1", start_day, True), ("near1", start_near, True),
                                              ("back1", start_back, False)]:
                    b.add(f"{tag}-{where(w)}-reject-first-{label}", start, 1,
                          calendar(sec, "reject", "first", forward=forward), None, sec, "reject", "first",
                          forward, rule_text(kind, "reject", "first", forward) + " (reject rule)", near)
            # Starting exactly at T: "after" and "before" are strict (section 4), so a fire at T
            # itself (nextValid) is not the answer; reject's T <= start edge backward.
            for w in inside[:2]:
                sec = w % DAY
                for gap in GAPS + ["reject"]:
                    overlap = OVERLAPS[(GAPS + ["reject"]).index(gap) % 3]
                    count = 1 if gap == "reject" else 2
                    for forward in (True, False):
                        label = f"atT{'' if forward else 'back'}{count}"
                        b.add(f"{tag}-{where(w)}-{gap}-{overlap}-{label}", t, count,
                              calendar(sec, gap, overlap, forward=forward), None, sec, gap, overlap, forward,
                              rule_text(kind, gap, overlap, forward) + (" (reject rule)" if gap == "reject" else ""),
                              near)
            for w in outside:
                sec = w % DAY
                for gap in GAPS:
                    overlap = OVERLAPS[GAPS.index(gap) % 3]
                    b.add(f"{tag}-{where(w)}-{gap}-{overlap}-day3", start_day, 3,
                          calendar(sec, gap, overlap), None, sec, gap, overlap, True,
                          rule_text(kind, gap, overlap, True), near)
            # Hourly ({minute[, second]}, the hour free): every wall time of the region at that
            # minute, and the instants several wall times share (section 3's set).
            for sec in sorted({a % 3600, mid % 3600}):
                label = f"hourly{sec // 60:02d}{sec % 60:02d}"
                for gap in GAPS:
                    for overlap in OVERLAPS:
                        b.add(f"{tag}-{label}-{gap}-{overlap}-fwd6", t - 3 * 3600, 6,
                              calendar(sec, gap, overlap, hourly=True), None, sec, gap, overlap, True,
                              rule_text(kind, gap, overlap, True) + " (s1 rule 1, hour free)", near, hourly=True)
                    overlap = OVERLAPS[GAPS.index(gap) % 3]
                    b.add(f"{tag}-{label}-{gap}-{overlap}-back6", t + 3 * 3600, 6,
                          calendar(sec, gap, overlap, forward=False, hourly=True), None, sec, gap, overlap, False,
                          rule_text(kind, gap, overlap, False) + " (s1 rule 1, hour free)", near, hourly=True)
                b.add(f"{tag}-{label}-reject-first-near1", t - 600, 1,
                      calendar(sec, "reject", "first", hourly=True), None, sec, "reject", "first", True,
                      rule_text(kind, "reject", "first", True) + " (s1 rule 1, hour free; reject rule)", near,
                      hourly=True)
            # Implicit policies: matchingPolicy x repeatedTimePolicy, no explicit gap/overlap.
            for w in [a, mid]:
                sec = w % DAY
                for matching, gap in MATCHING.items():
                    for repeated in REPEATED:
                        b.add(f"{tag}-{where(w)}-{matching}-{repeated}-day3", start_day, 3,
                              calendar(sec, matching=matching, repeated=repeated), None, sec, gap, repeated,
                              True, rule_text(kind, gap, repeated, True, f"{matching}/{repeated}"), near)
            # Weekly: the wall day's weekday alone, and every weekday.
            for w in [a, mid]:
                sec = w % DAY
                wd = ((w // DAY) + 4) % 7 + 1
                for days, label in [([wd], f"wd{wd}"), (list(range(1, 8)), "all")]:
                    policies = [("shift", "both"), ("previous", "last"), ("nextValid", "first"), ("skip", "both")]
                    for gap, overlap in policies if len(days) == 1 else policies[:2]:
                        count = 2 if len(days) == 1 else 3
                        b.add(f"{tag}-{where(w)}-weekly{label}-{gap}-{overlap}", start_day, count,
                              weekly(days, sec, gap, overlap), days, sec, gap, overlap, True,
                              rule_text(kind, gap, overlap, True) + " (weekly)", near)
    return b.lines


def normalized(text):
    return re.sub(r"python zoneinfo \d+\.\d+,", "python zoneinfo,", text)


def main():
    check = "--check" in sys.argv[1:]
    version = pinned_version()
    tree = compile_tree()
    counts, stale = {}, []
    try:
        generated = [(name, generate_zone(name, years, extra, tree, version)) for (name, years, extra, _) in ZONES]
    finally:
        shutil.rmtree(tree)
    for (name, lines) in generated:
        assert lines, f"{name}: no transition in {years}"
        path = os.path.join(HERE, name.replace("/", "-") + ".jsonl")
        text = "".join(json.dumps(line, separators=(",", ":")) + "\n" for line in lines)
        counts[name] = len(lines)
        if check:
            try:
                with open(path, encoding="utf-8") as f:
                    # The oracle names the Python that ran it; another Python may check the data.
                    if normalized(f.read()) != normalized(text):
                        stale.append(path)
            except FileNotFoundError:
                stale.append(path)
        else:
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
    for name, n in counts.items():
        print(f"{n:6d}  {name}")
    print(f"{sum(counts.values()):6d}  total")
    if stale:
        print("out of date (run python3 tzdata-fixtures/golden/generate.py):\n  " + "\n  ".join(stale), file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
