#!/usr/bin/env python3
"""Chime's dateutil RRULE flavor against python-dateutil 2.9.0.post0 itself, on seeded random rules.

    python3 Tests/RRuleOracle/dateutil_flavor_diff.py --chime .build/release/chime [--cases 100000] [--seed 1]

Rules: every FREQ, with a heavy share of the part combinations RFC 5545 §3.3.10 forbids and dateutil
expands (BYWEEKNO outside YEARLY, BYYEARDAY with DAILY/WEEKLY/MONTHLY, BYMONTHDAY with WEEKLY), the
other readings the flavor copies (a numbered BYDAY outside MONTHLY/YEARLY, plain and numbered BYDAY
together, BYSETPOS alone, COUNT with UNTIL, WEEKLY BYSETPOS from a DTSTART mid-week) and ordinary
rules; DTSTART 2000-2035 in America/New_York, Europe/Berlin, Australia/Sydney (southern) or UTC, a
third of them in the small hours where transitions are. Each case compares the first --fires
instants (none in a year after 2060): dateutil's `rrulestr(rule, dtstart=aware datetime)` with
zoneinfo zones (the pinned tz data) against `chime batch` with `"flavor": "dateutil"` (one process
for all cases). UNTIL is UTC (dateutil refuses another UNTIL with an aware DTSTART).

A difference is explained only case by case, by a check that does not ask Chime:
- `dst-order`: dateutil yields wall times in wall order and attaches the zone to each; a wall time
  in a gap (zoneinfo: the wall time does not survive a round trip through UTC) has the instant of
  the wall time a gap-length later, so dateutil's instants repeat or go backwards. Chime's fires are
  instants, ascending, each once: the case is explained when dateutil's instants, sorted and each
  once, are Chime's and a wall time of dateutil's answer lies in a gap.
- `refused-empty`: dateutil raises "Invalid rrule byxxx generates an empty set" / "Invalid
  combination of interval …" for a sub-day INTERVAL that never lands on a time of day
  BYHOUR/BYMINUTE/BYSECOND allow; Chime gives no fire. Checked by arithmetic here: the times of day
  DTSTART + k × INTERVAL reaches (k over a whole day's cycle) meet none the rule allows.
- `index-error`: dateutil raises IndexError ("list index out of range") on a YEARLY rule with BYMONTH
  and a numbered BYDAY past any month (`BYMONTH=8;BYDAY=40TU`: it looks for the 40th Tuesday from
  the month's start in its year-long weekday table and runs off its end); Chime gives that entry no
  day, as RFC 5545 does ("MUST be ignored"). Checked against dateutil itself: its answer for the
  rule with the entries no month can hold (|n| > 5: a month has at most five of a weekday) left
  out, or no fire when no numbered entry is left (dateutil's numbered entries must also pass).
Anything else is unexplained: printed, written to --out, and the exit status is 1. A case dateutil
does not answer within --timeout seconds of CPU is a timeout (counted, not compared).
"""
import argparse
import json
import os
import random
import signal
import subprocess
import sys
import time
import zoneinfo
from datetime import datetime, timedelta, timezone
from math import gcd
from multiprocessing import Pool

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import dateutil_oracle as oracle                       # noqa: E402  (bound_search, Timeout, on_alarm)
from explain_differences import pinned_zones           # noqa: E402

from dateutil.rrule import rrulestr                    # noqa: E402

ZONES = ["America/New_York", "Europe/Berlin", "Australia/Sydney", "UTC"]
DAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
FREQS = ["YEARLY", "MONTHLY", "WEEKLY", "DAILY", "HOURLY", "MINUTELY", "SECONDLY"]
CUTOFF_YEAR = 2060


def sample(rng, values, low, high):
    return rng.sample(values, rng.randint(low, high))


def signed(rng, top):
    v = rng.randint(1, top)
    return -v if rng.random() < 0.3 else v


def make_rule(rng):
    """One rule text and what it was drawn to exercise."""
    freq = rng.choices(FREQS, weights=[14, 20, 22, 22, 9, 7, 6])[0]
    parts = ["FREQ=" + freq]
    sub_day = freq in ("HOURLY", "MINUTELY", "SECONDLY")
    if rng.random() < 0.4:
        parts.append(f"INTERVAL={rng.randint(2, 7 if not sub_day else 40)}")
    # The combinations dateutil expands and RFC 5545 forbids, drawn often.
    combo = rng.random()
    if freq != "YEARLY" and combo < 0.3:
        parts.append("BYWEEKNO=" + ",".join(str(signed(rng, 53)) for _ in range(rng.randint(1, 3))))
    elif freq in ("DAILY", "WEEKLY", "MONTHLY") and combo < 0.6:
        parts.append("BYYEARDAY=" + ",".join(str(signed(rng, 366)) for _ in range(rng.randint(1, 6))))
    elif freq == "WEEKLY" and combo < 0.85:
        parts.append("BYMONTHDAY=" + ",".join(str(signed(rng, 31)) for _ in range(rng.randint(1, 4))))
    else:
        if rng.random() < 0.25:
            parts.append("BYMONTHDAY=" + ",".join(str(signed(rng, 31)) for _ in range(rng.randint(1, 4))))
        if rng.random() < 0.15:
            parts.append("BYYEARDAY=" + ",".join(str(signed(rng, 366)) for _ in range(rng.randint(1, 4))))
        if freq == "YEARLY" and rng.random() < 0.25:
            parts.append("BYWEEKNO=" + ",".join(str(signed(rng, 53)) for _ in range(rng.randint(1, 3))))
    if rng.random() < 0.15:
        parts.append("BYMONTH=" + ",".join(str(m) for m in sorted(sample(rng, list(range(1, 13)), 1, 4))))
    if rng.random() < 0.45:
        entries = []
        for day in sample(rng, DAYS, 1, 4):
            if rng.random() < 0.3:
                top = 53 if freq == "YEARLY" else 5
                entries.append(f"{signed(rng, top)}{day}")
            else:
                entries.append(day)
        parts.append("BYDAY=" + ",".join(entries))
    if rng.random() < (0.5 if sub_day else 0.25):
        parts.append("BYHOUR=" + ",".join(map(str, sample(rng, list(range(24)), 1, 3))))
    if rng.random() < (0.4 if freq in ("MINUTELY", "SECONDLY") else 0.15):
        parts.append("BYMINUTE=" + ",".join(map(str, sample(rng, list(range(60)), 1, 3))))
    if rng.random() < (0.4 if freq == "SECONDLY" else 0.08):
        parts.append("BYSECOND=" + ",".join(map(str, sample(rng, list(range(60)), 1, 2))))
    if rng.random() < 0.15:
        parts.append("BYSETPOS=" + ",".join(str(signed(rng, 4)) for _ in range(rng.randint(1, 2))))
    if rng.random() < 0.3:
        parts.append("WKST=" + rng.choice(DAYS))
    return parts


def make_case(rng, index):
    zone = rng.choice(ZONES)
    year = rng.randint(2000, 2035)
    month = rng.randint(1, 12)
    day = rng.randint(1, 28 if month == 2 else 30)
    hour = rng.randint(0, 3) if rng.random() < 0.35 else rng.randint(0, 23)
    minute = rng.choice([0, 0, 15, 30, 45, rng.randint(0, 59)])
    second = 0 if rng.random() < 0.8 else rng.randint(0, 59)
    start = datetime(year, month, day, hour, minute, second)
    parts = make_rule(rng)
    end = rng.random()
    until = None
    if end < 0.35:
        parts.append(f"COUNT={rng.randint(1, 25)}")
    if 0.3 < end < 0.55:
        until = start + timedelta(days=rng.choice([2, 10, 40, 400, 3000]), seconds=rng.randint(0, 86399))
        parts.append("UNTIL=" + until.strftime("%Y%m%dT%H%M%SZ"))
    return {"id": index, "zone": zone, "dtstart": start.strftime("%Y%m%dT%H%M%S"), "rule": ";".join(parts)}


# MARK: dateutil

def dateutil_answer(case, limit):
    """('ok', [(wall ISO text, UTC seconds), …]) up to `limit`, none after 2200; ('error', message)."""
    zone = zoneinfo.ZoneInfo(case["zone"])
    dtstart = datetime.strptime(case["dtstart"], "%Y%m%dT%H%M%S").replace(tzinfo=zone)
    try:
        rule = rrulestr(case["rule"], dtstart=dtstart)
        out = []
        for dt in rule:
            if dt.year > CUTOFF_YEAR or len(out) >= limit:
                break
            out.append((dt.replace(tzinfo=None).isoformat(), int(dt.timestamp())))
        return ["ok", out]
    except oracle.Timeout:
        raise
    except Exception as error:                         # refused when built or while iterating
        return ["error", str(error)]


def dateutil_worker_init(tzdir, timeout):
    zoneinfo.reset_tzpath([tzdir])
    signal.signal(signal.SIGPROF, oracle.on_alarm)
    oracle.bound_search(CUTOFF_YEAR + 1)
    global WORKER_TIMEOUT
    WORKER_TIMEOUT = timeout


def dateutil_job(item):
    case, limit = item
    signal.setitimer(signal.ITIMER_PROF, WORKER_TIMEOUT)
    try:
        return dateutil_answer(case, limit)
    except oracle.Timeout:
        return ["timeout", None]
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)


# MARK: Chime

def chime_answers(chime, cases, fires, tzdir):
    """`chime batch` once for every case: [(status, [UTC seconds …] or message)], in case order."""
    lines = []
    for case in cases:
        start = datetime.strptime(case["dtstart"], "%Y%m%dT%H%M%S")
        text = f"DTSTART;TZID={case['zone']}:{case['dtstart']}\nRRULE:{case['rule']}"
        after = (start - timedelta(days=2)).strftime("%Y-%m-%dT00:00:00Z")
        lines.append(json.dumps({"id": case["id"], "trigger": {"rrule": {"text": text, "flavor": "dateutil"}},
                                 "zone": case["zone"], "after": after, "count": fires}))
    env = dict(os.environ, TZDIR=tzdir, CHIME_ZONE_SOURCE="tzif")
    run = subprocess.run([chime, "batch"], input="\n".join(lines) + "\n", capture_output=True, text=True, env=env)
    answers = []
    for line in run.stdout.splitlines():
        reply = json.loads(line)
        if "error" in reply:
            answers.append(("error", reply["error"]["message"]))
            continue
        instants = []
        for fire in reply["fires"]:
            if int(fire["at"][:4]) > CUTOFF_YEAR:
                break
            instants.append(int(datetime.fromisoformat(fire["utc"].replace("Z", "+00:00")).timestamp()))
        answers.append(("ok", instants))
    if len(answers) != len(cases):
        sys.exit(f"chime batch answered {len(answers)} of {len(cases)} cases (exit {run.returncode}): {run.stderr[:500]}")
    return answers


# MARK: Judging

def in_gap(wall_text, zone):
    """zoneinfo: the wall time (fold=0) does not come back from UTC as itself (a DST gap)."""
    wall = datetime.fromisoformat(wall_text)
    back = wall.replace(tzinfo=zone).astimezone(timezone.utc).astimezone(zone).replace(tzinfo=None)
    return back != wall


def unreachable_time_of_day(case):
    """A sub-day rule whose periods never fall on an hour (minute, second) BYHOUR (BYMINUTE,
    BYSECOND) allows, by arithmetic: period k of the day is DTSTART's + k × INTERVAL, so the
    periods of the day reached are those ≡ DTSTART's modulo gcd(INTERVAL, periods a day)."""
    parts = dict(p.split("=", 1) for p in case["rule"].split(";"))
    unit = {"HOURLY": 3600, "MINUTELY": 60, "SECONDLY": 1}.get(parts["FREQ"])
    if unit is None:
        return False
    start = datetime.strptime(case["dtstart"], "%Y%m%dT%H%M%S")
    per_day = 86400 // unit
    first = (start.hour * 3600 + start.minute * 60 + start.second) // unit
    g = gcd(int(parts.get("INTERVAL", "1")), per_day)
    # The parts at or above FREQ limit; finer ones expand within the period.
    limits = [("BYHOUR", 3600, 24)] + ([("BYMINUTE", 60, 60)] if unit <= 60 else []) + ([("BYSECOND", 1, 60)] if unit == 1 else [])
    for p in range(first % g, per_day, g):
        t = p * unit
        if all(name not in parts or t // size % modulo in {int(v) for v in parts[name].split(",")} for name, size, modulo in limits):
            return False
    return True


def without_impossible(case, fires):
    """dateutil's answer for the rule with the numbered BYDAY entries no month holds left out
    (['ok', []] when no numbered entry is left); None when the rule is not of that kind."""
    parts = case["rule"].split(";")
    named = dict(p.split("=", 1) for p in parts)
    if named["FREQ"] != "YEARLY" or "BYMONTH" not in named or "BYDAY" not in named:
        return None
    entries = named["BYDAY"].split(",")
    numbered = [e for e in entries if len(e) > 2]
    possible = [e for e in entries if len(e) == 2 or abs(int(e[:-2])) <= 5]
    if len(possible) == len(entries):
        return None
    if not any(len(e) > 2 for e in possible):
        return ["ok", []] if numbered else None
    kept = [p if not p.startswith("BYDAY=") else "BYDAY=" + ",".join(possible) for p in parts]
    return dateutil_answer(dict(case, rule=";".join(kept)), fires)


def judge(case, theirs, ours, fires):
    """'agree', an explained class, or 'unexplained'."""
    status, value = theirs
    if status == "timeout":
        return "timeout"
    if status == "error":
        if ours == ("ok", []) and ("empty" in value or "Invalid combination" in value) and unreachable_time_of_day(case):
            return "refused-empty"
        if value == "list index out of range" and ours[0] == "ok":
            expected = without_impossible(case, fires)
            if expected is not None and expected[0] == "ok" and [s for _, s in expected[1]] == ours[1]:
                return "index-error"
        return "unexplained"
    if ours[0] != "ok":
        return "unexplained"
    instants = [s for _, s in value]
    if instants[:fires] == ours[1]:
        return "agree"
    zone = zoneinfo.ZoneInfo(case["zone"])
    once = sorted(set(instants))
    complete = len(instants) < 2 * fires
    if any(in_gap(w, zone) for w, _ in value) and ours[1] == once[:fires] and (complete or len(once) >= fires):
        return "dst-order"
    return "unexplained"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--chime", required=True, help="the chime executable")
    parser.add_argument("--cases", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--fires", type=int, default=15)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=0.5, help="seconds of CPU per dateutil case")
    parser.add_argument("--out", default="/tmp/chime-dateutil-flavor", help="directory for the differences and the summary")
    parser.add_argument("--show", type=int, default=3, help="cases of each explained class printed")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    tzdir = pinned_zones()
    zoneinfo.reset_tzpath([tzdir])
    oracle.bound_search(CUTOFF_YEAR + 1)
    rng = random.Random(args.seed)
    cases = [make_case(rng, i) for i in range(args.cases)]
    began = time.monotonic()
    ours = chime_answers(args.chime, cases, args.fires, tzdir)
    chime_seconds = time.monotonic() - began
    began = time.monotonic()
    with Pool(args.jobs, initializer=dateutil_worker_init, initargs=(tzdir, args.timeout)) as pool:
        theirs = pool.map(dateutil_job, [(c, 2 * args.fires) for c in cases], chunksize=100)
    dateutil_seconds = time.monotonic() - began
    counts, shown, fires_compared = {}, {}, 0
    with open(os.path.join(args.out, "differences.jsonl"), "w") as out:
        for case, t, o in zip(cases, theirs, ours):
            verdict = judge(case, t, o, args.fires)
            counts[verdict] = counts.get(verdict, 0) + 1
            if verdict in ("agree", "dst-order"):
                fires_compared += len(o[1])
            if verdict in ("agree", "timeout"):
                continue
            record = {"verdict": verdict, "case": case, "dateutil": t, "chime": list(o)}
            out.write(json.dumps(record) + "\n")
            if verdict == "unexplained" or shown.get(verdict, 0) < args.show:
                shown[verdict] = shown.get(verdict, 0) + 1
                print(json.dumps(record), flush=True)
    summary = {"cases": args.cases, "seed": args.seed, "fires": args.fires, "fires_compared": fires_compared,
               "verdicts": counts, "chime_seconds": round(chime_seconds, 1), "dateutil_seconds": round(dateutil_seconds, 1),
               "combinations": {name: sum(1 for c in cases if test(c["rule"])) for name, test in COMBINATIONS.items()}}
    with open(os.path.join(args.out, "summary.json"), "w") as f:
        json.dump(summary, f, indent=1)
    print(json.dumps(summary), flush=True)
    return 1 if counts.get("unexplained") else 0


def has(rule, part):
    return any(p.startswith(part + "=") for p in rule.split(";"))


def freq(rule):
    return rule.split(";")[0][5:]


# The rules of each combination RFC 5545 forbids, for the summary.
COMBINATIONS = {
    "BYWEEKNO outside YEARLY": lambda r: has(r, "BYWEEKNO") and freq(r) != "YEARLY",
    "BYYEARDAY with DAILY/WEEKLY/MONTHLY": lambda r: has(r, "BYYEARDAY") and freq(r) in ("DAILY", "WEEKLY", "MONTHLY"),
    "BYMONTHDAY with WEEKLY": lambda r: has(r, "BYMONTHDAY") and freq(r) == "WEEKLY",
}


if __name__ == "__main__":
    sys.exit(main())
