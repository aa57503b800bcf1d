#!/usr/bin/env python3
"""The python-dateutil peer for Chime's RRULE differential test
(Tests/ChimeTests/RRule/RRuleDifferentialTests.swift): the real dateutil.rrule (PyPI
python-dateutil 2.9.0.post0), zones from Python's zoneinfo (PYTHONTZPATH: the pinned tz data).

Input, one case a line, tab-separated: DTSTART (19970902T090000) TZID (or -) RRULE LIMIT.
Output, one line a case: "ok" then each instance's seconds (UTC seconds when a TZID is given:
the aware datetime's timestamp(), fold=0; local seconds since 1970 for a floating DTSTART), at most
LIMIT and none after 2200; "error" when dateutil refuses the rule; "timeout" after 0.5 s.
dateutil counts DTSTART only when the rule matches it (Chime's dtstart: ifMatching).
"""
import signal
import sys
from datetime import datetime
from zoneinfo import ZoneInfo

from dateutil.rrule import rrulestr

EPOCH = datetime(1970, 1, 1)


class Timeout(Exception):
    pass


def on_alarm(signum, frame):
    raise Timeout()


def answer(start, tzid, rule, limit):
    dtstart = datetime.strptime(start, "%Y%m%dT%H%M%S")
    zone = None
    if tzid != "-":
        zone = ZoneInfo(tzid)
        dtstart = dtstart.replace(tzinfo=zone)
    try:
        rr = rrulestr(rule, dtstart=dtstart)
    except Exception:
        return "error"
    values = []
    for dt in rr:
        if dt.year > 2200 or len(values) >= limit:
            break
        if zone is not None:
            values.append(int(dt.timestamp()))
        else:
            values.append(int((dt - EPOCH).total_seconds()))
    return " ".join(["ok"] + [str(v) for v in values])


def main():
    signal.signal(signal.SIGALRM, on_alarm)
    for line in sys.stdin:
        start, tzid, rule, limit = line.rstrip("\n").split("\t")
        signal.setitimer(signal.ITIMER_REAL, 0.5)
        try:
            out = answer(start, tzid, rule, int(limit))
        except Timeout:
            out = "timeout"
        except Exception:
            out = "error"
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        print(out, flush=False)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
