#!/usr/bin/env python3
"""The python-dateutil peer for Chime's RRULE differential test
(Tests/ChimeTests/RRule/RRuleDifferentialTests.swift): the real dateutil.rrule (PyPI
python-dateutil 2.9.0.post0), zones from Python's zoneinfo (PYTHONTZPATH: the pinned tz data).
One process answers many cases, one JSON object a line each way:

    in:  {"dtstart": "19970902T090000", "tz": "America/New_York" or "-", "rule": "FREQ=…", "limit": 15}
    out: {"status": "ok", "instances": [s1, s2, …]}   at most `limit`, none in a year after 2200
         {"status": "error", "message": "…"}            dateutil refuses the rule
         {"status": "timeout"}                         no answer within --timeout seconds of CPU time (not compared)

Instances are UTC seconds when a zone is given (the aware datetime's timestamp(), fold=0) and
local seconds since 1970 for a floating DTSTART. dateutil counts DTSTART only when the rule
matches it (Chime's dtstart: ifMatching).

The search is bounded at the year 2201 (`--until-year`): dateutil's `rrule._iter` stops only
when its period passes `datetime.MAXYEAR` (rrule.py: `if year > datetime.MAXYEAR: … return`, in
the YEARLY and MONTHLY steps and the day carry of the others) or when an instance passes UNTIL,
so a rule that never matches is searched to the year 9999 (a DAILY one takes seconds). This
oracle gives the rrule module its own view of the `datetime` module in which MAXYEAR is 2201;
everything else in it is the real datetime module, and dateutil's code runs unchanged. Only the
end of the search moves: what dateutil yields up to the year 2201 is the same (check it with
`--check-bound N`, which answers each case bounded and unbounded and reports any case where the
two differ), and the test compares nothing after 2200. Within the bound, dateutil still steps a
SECONDLY rule through every second of a day its hours allow, so a few such rules take minutes: a
case gets --timeout seconds of CPU time (ITIMER_PROF, so the limit does not depend on how busy
the machine is) and then answers "timeout". At the end the oracle prints on stderr the most CPU
time an answered case took and how many took more than a tenth of the limit.
"""
import argparse
import datetime as datetime_module
import json
import signal
import sys
import time
import types
from datetime import datetime
from zoneinfo import ZoneInfo

import dateutil.rrule
from dateutil.rrule import rrulestr

EPOCH = datetime(1970, 1, 1)
CUTOFF_YEAR = 2200


class Timeout(Exception):
    pass


def on_alarm(signum, frame):
    raise Timeout()


def bound_search(year):
    """dateutil.rrule sees a datetime module whose MAXYEAR is `year` (None: the real module)."""
    if year is None:
        dateutil.rrule.datetime = datetime_module
        return
    view = types.ModuleType("datetime")
    view.__dict__.update(datetime_module.__dict__)
    view.MAXYEAR = year
    dateutil.rrule.datetime = view


def answer(case):
    dtstart = datetime.strptime(case["dtstart"], "%Y%m%dT%H%M%S")
    zone = None
    if case["tz"] != "-":
        zone = ZoneInfo(case["tz"])
        dtstart = dtstart.replace(tzinfo=zone)
    try:
        rr = rrulestr(case["rule"], dtstart=dtstart)
    except Exception as error:              # dateutil refuses the rule
        return {"status": "error", "message": str(error)}
    values = []
    try:
        for dt in rr:
            if dt.year > CUTOFF_YEAR or len(values) >= case["limit"]:
                break
            values.append(int(dt.timestamp()) if zone is not None else int((dt - EPOCH).total_seconds()))
    except Timeout:
        raise
    except Exception as error:              # refused while iterating ("Invalid combination of interval and byhour")
        return {"status": "error", "message": str(error)}
    return {"status": "ok", "instances": values}


def timed(case, seconds):
    """The answer and the CPU time it took."""
    began = time.process_time()
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        out = answer(case)
    except Timeout:
        out = {"status": "timeout"}
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
    return out, time.process_time() - began


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--timeout", type=float, default=5.0, help="seconds of CPU time per case")
    parser.add_argument("--until-year", type=int, default=CUTOFF_YEAR + 1, help="dateutil's search ends after this year")
    parser.add_argument("--check-bound", type=float, default=0,
                        help="answer each case bounded and unbounded (this timeout for the unbounded run) and report differences on stderr")
    parser.add_argument("--name", default="dateutil", help="name in the progress lines on stderr")
    args = parser.parse_args()
    signal.signal(signal.SIGPROF, on_alarm)
    n, timeouts, began = 0, 0, time.monotonic()
    most, slow = 0.0, 0
    checked = mismatched = unbounded_timeouts = 0
    for line in sys.stdin:
        if not line.strip():
            continue
        case = json.loads(line)
        bound_search(args.until_year)
        out, cpu = timed(case, args.timeout)
        if out["status"] != "timeout":
            most = max(most, cpu)
            slow += cpu > args.timeout / 10
        if args.check_bound > 0 and out["status"] != "timeout":
            bound_search(None)
            full, _ = timed(case, args.check_bound)
            if full["status"] == "timeout":
                unbounded_timeouts += 1
            else:
                checked += 1
                if full != out:
                    mismatched += 1
                    print(json.dumps({"bound-mismatch": case, "bounded": out, "unbounded": full}), file=sys.stderr)
        n += 1
        timeouts += out["status"] == "timeout"
        sys.stdout.write(json.dumps(out) + "\n")
        if n % 5000 == 0:
            sys.stdout.flush()
            print(f"{args.name}: {n} cases, {timeouts} timeouts, {time.monotonic() - began:.0f} s", file=sys.stderr, flush=True)
    sys.stdout.flush()
    print(f"{args.name}: {n} cases, {timeouts} timeouts (over {args.timeout} s of CPU); answered cases took at most "
          f"{most:.2f} s of CPU, {slow} more than {args.timeout / 10:.2f} s", file=sys.stderr, flush=True)
    if args.check_bound > 0:
        print(f"{args.name} bound check: {checked} cases answered bounded and unbounded, {mismatched} differ, "
              f"{unbounded_timeouts} unbounded runs timed out", file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
