#!/usr/bin/env python3
"""RRULE speed, Chime against its peers in one run (issue 13, item 5). Needs a release chime
(swift build -c release --product chime), libical-dev and python-dateutil.

1. Expanding a 10-year daily rule (FREQ=DAILY;COUNT=3653, DTSTART 2026-01-01 09:00 America/New_York,
   instants computed): ns per instance for Chime (`chime next --rrule … --count 3653`, minus a
   `--count 1` run to remove process start-up, best of 5), libical (icalrecur iterator +
   icaltime_as_timet_with_zone, C) and python-dateutil (list(rrule), aware datetimes + timestamp()).
2. Next occurrence after an instant, FREQ=MONTHLY;BYDAY=-1FR from 2026-01-30 09:00, against the
   equivalent calendar trigger {weekday: 6, weekdayOrdinal: -1, hour: 9}: `chime batch` of 50,000
   requests each, starts 1 and 50 years after DTSTART; and dateutil's `.after()` at the same distances.

    python3 Benchmarks/peers/rrule_speed.py .build/release/chime
"""
import json
import os
import subprocess
import sys
import tempfile
import time
from datetime import datetime
from zoneinfo import ZoneInfo

from dateutil.rrule import rrulestr

chime = sys.argv[1] if len(sys.argv) > 1 else ".build/release/chime"
here = os.path.dirname(os.path.abspath(__file__))


def best(f, n=5):
    return min(f() for _ in range(n))


def run(args, stdin=None):
    t = time.perf_counter()
    subprocess.run(args, input=stdin, stdout=subprocess.DEVNULL, check=True)
    return time.perf_counter() - t


# 1. Expansion.
base = [chime, "next", "--rrule", "FREQ=DAILY;COUNT=3653", "--dtstart", "2026-01-01T09:00", "--tz", "America/New_York",
        "--after", "2025-12-31", "--json"]
full = best(lambda: run(base + ["--count", "3653"]))
one = best(lambda: run(base + ["--count", "1"]))
chime_ns = (full - one) / 3652 * 1e9

binary = os.path.join(tempfile.gettempdir(), "rrule_libical_expand")
subprocess.run(f"cc -O2 -o {binary} {here}/rrule_libical_expand.c $(pkg-config --cflags --libs libical)", shell=True, check=True)
out = subprocess.run([binary, "FREQ=DAILY;COUNT=3653", "20260101T090000", "America/New_York", "200"], capture_output=True, text=True, check=True).stdout.split()
libical_ns = float(out[0])

rule = rrulestr("FREQ=DAILY;COUNT=3653", dtstart=datetime(2026, 1, 1, 9, tzinfo=ZoneInfo("America/New_York")))


def dateutil_expand():
    t = time.perf_counter()
    values = [dt.timestamp() for dt in rule]
    assert len(values) == 3653
    return time.perf_counter() - t


dateutil_ns = best(dateutil_expand) / 3653 * 1e9
print(f"expand FREQ=DAILY;COUNT=3653 (10 years), ns per instance: chime {chime_ns:.1f} (CLI, JSON output included), "
      f"libical {libical_ns:.1f} ({libical_ns / chime_ns:.0f}x), dateutil {dateutil_ns:.1f} ({dateutil_ns / chime_ns:.0f}x)")

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
