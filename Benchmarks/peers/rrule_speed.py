#!/usr/bin/env python3
"""RRULE speed, Chime against its peers in one run (issue 13, item 5). Needs a release chime and
chime-bench (swift build -c release --product chime; swift build -c release --product chime-bench),
libical-dev and python-dateutil.

1. Expanding a 10-year daily rule: FREQ=DAILY;COUNT=3653, DTSTART 2026-01-01 09:00 America/New_York,
   every instance as an instant with its UTC offset; median ns per instance over repetitions, each
   repetition one whole expansion of the already-parsed rule:
   - Chime: chime-bench's row `expand.rrule.daily10y.newyork` (`RRuleTrigger.fires(after:in:count:)`,
     fires with instant and offset, folded into a checksum; median of 7 repetitions of ~100 ms), and
     `expand.rrule.daily10y` (the same rule floating, in 20 zones) for reference;
   - libical: Benchmarks/peers/rrule_libical_expand.c (C, -O2): icalrecur_iterator_next, the instant
     by icaltime_as_timet_with_zone, the offset as the wall time read as UTC minus the instant;
     median of 200 expansions;
   - python-dateutil: `[(dt.timestamp(), dt.utcoffset()) for dt in rule]`, aware datetimes in
     zoneinfo's America/New_York; median of 7 expansions.
   First the three are checked to give the same 3,653 (instant, offset) pairs (Chime's from
   `chime next --rrule … --count 3653 --json`). Also printed: Chime's CLI end to end (`chime next`
   with --count 3653 minus --count 1, best of 5: process, parsing and JSON output included).
2. Next occurrence after an instant, FREQ=MONTHLY;BYDAY=-1FR from 2026-01-30 09:00, against the
   equivalent calendar trigger {weekday: 6, weekdayOrdinal: -1, hour: 9}: `chime batch` of 50,000
   requests each, starts 1 and 50 years after DTSTART; and dateutil's `.after()` at the same distances.

    python3 Benchmarks/peers/rrule_speed.py .build/release/chime [.build/release/chime-bench]
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime
from zoneinfo import ZoneInfo

from dateutil.rrule import rrulestr

chime = sys.argv[1] if len(sys.argv) > 1 else ".build/release/chime"
bench = sys.argv[2] if len(sys.argv) > 2 else os.path.join(os.path.dirname(chime), "chime-bench")
here = os.path.dirname(os.path.abspath(__file__))


def best(f, n=5):
    return min(f() for _ in range(n))


def run(args, stdin=None):
    t = time.perf_counter()
    subprocess.run(args, input=stdin, stdout=subprocess.DEVNULL, check=True)
    return time.perf_counter() - t


# 1. Expansion.
RULE, COUNT = "FREQ=DAILY;COUNT=3653", 3653
base = [chime, "next", "--rrule", RULE, "--dtstart", "2026-01-01T09:00", "--tz", "America/New_York",
        "--after", "2025-12-31", "--json"]
out = json.loads(subprocess.run(base + ["--count", str(COUNT)], capture_output=True, text=True, check=True).stdout)
chime_pairs = [(int(datetime.fromisoformat(f["utc"].replace("Z", "+00:00")).timestamp()), f["offset"]) for f in out["fires"]]

binary = os.path.join(tempfile.gettempdir(), "rrule_libical_expand")
subprocess.run(f"cc -O2 -o {binary} {here}/rrule_libical_expand.c $(pkg-config --cflags --libs libical)", shell=True, check=True)
libical_args = [binary, RULE, "20260101T090000", "America/New_York"]
listed = subprocess.run(libical_args + ["1", "list"], capture_output=True, text=True, check=True).stdout.split("\n")
libical_pairs = [tuple(int(v) for v in line.split()) for line in listed if line]

rule = rrulestr(RULE, dtstart=datetime(2026, 1, 1, 9, tzinfo=ZoneInfo("America/New_York")))
dateutil_pairs = [(int(dt.timestamp()), int(dt.utcoffset().total_seconds())) for dt in rule]
for name, pairs in (("libical", libical_pairs), ("dateutil", dateutil_pairs)):
    differ = sum(a != b for a, b in zip(chime_pairs, pairs)) + abs(len(chime_pairs) - len(pairs))
    print(f"agreement chime/{name}: {len(chime_pairs)} and {len(pairs)} instances, {differ} differ")
    assert differ == 0 and len(pairs) == COUNT

report = json.loads(subprocess.run([bench, "--filter", "expand.rrule.daily10y", "--json"], capture_output=True, text=True, check=True).stdout)
rows = {r["name"]: r["nanosecondsPerOperation"] for r in report["results"]}
chime_ns = rows["expand.rrule.daily10y.newyork"]["median"]
zones_ns = rows["expand.rrule.daily10y"]["median"]

libical_ns = float(subprocess.run(libical_args + ["200"], capture_output=True, text=True, check=True).stdout.split()[0])


def dateutil_expand():
    t = time.perf_counter()
    values = [(dt.timestamp(), dt.utcoffset()) for dt in rule]
    assert len(values) == COUNT
    return time.perf_counter() - t


dateutil_ns = statistics.median(dateutil_expand() for _ in range(7)) / COUNT * 1e9
full = best(lambda: run(base + ["--count", str(COUNT)]))
one = best(lambda: run(base + ["--count", "1"]))
cli_ns = (full - one) / (COUNT - 1) * 1e9
print(f"machine: {report['machine']['cpu']}, {report['machine']['cores']} cores, {report['machine']['system']}")
print(f"expand {RULE} (10 years, instants with offsets), median ns per instance: chime {chime_ns:.2f} "
      f"(expand.rrule.daily10y.newyork; 20 zones: {zones_ns:.2f}), libical {libical_ns:.1f} ({libical_ns / chime_ns:.0f}x), "
      f"dateutil {dateutil_ns:.1f} ({dateutil_ns / chime_ns:.0f}x); chime CLI end to end {cli_ns:.1f}")

# 2. Next occurrence after an instant, monthly last Friday, vs the calendar trigger.
def batch(trigger, years, n=50_000):
    lines = []
    for i in range(n):
        after = 1_769_000_000 + years * 31_556_952 + i * 600
        lines.append(json.dumps({"zone": "America/New_York", "after": f"@{after}", "trigger": trigger}))
    return ("\n".join(lines) + "\n").encode()


rr = {"rrule": {"text": "DTSTART:20260130T090000\nRRULE:FREQ=MONTHLY;BYDAY=-1FR"}}
cal = {"calendar": {"components": {"weekday": 6, "weekdayOrdinal": -1, "hour": 9, "minute": 0, "second": 0}}}
empty = best(lambda: run([chime, "batch", "-"], stdin=b""), 3)
for years in (1, 50):
    a, b = batch(rr, years), batch(cal, years)
    t_rr = (best(lambda: run([chime, "batch", "-"], stdin=a), 3) - empty) / 50_000 * 1e9
    t_cal = (best(lambda: run([chime, "batch", "-"], stdin=b), 3) - empty) / 50_000 * 1e9
    monthly = rrulestr("FREQ=MONTHLY;BYDAY=-1FR", dtstart=datetime(2026, 1, 30, 9, tzinfo=ZoneInfo("America/New_York")))
    when = datetime.fromtimestamp(1_769_000_000 + years * 31_556_952, ZoneInfo("America/New_York"))
    t = time.perf_counter()
    for _ in range(20):
        monthly.after(when)
    du = (time.perf_counter() - t) / 20 * 1e9
    print(f"next after an instant {years} y from DTSTART, ns per request (chime batch, parse+format included): "
          f"rrule {t_rr:.0f}, calendar {t_cal:.0f} (ratio {t_rr / t_cal:.2f}); dateutil .after() {du:.0f}")
