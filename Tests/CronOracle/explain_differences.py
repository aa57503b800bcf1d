#!/usr/bin/env python3
"""Judges each croniter/Chime difference on its own, independently of both engines' searches.

For every difference line (written by CronDifferentialTests: {"case", "croniter", "chime"}), it
enumerates every instant from the start to the later of the two answers' last fires (each minute,
and for 6/7-field expressions each second of a minute whose wall time matches the first five fields), reads its wall time with Python's zoneinfo, and keeps
those whose wall time matches the expression's fields (croniter.match on the naive wall time: the
fields alone, no DST logic). When neither answer's fires fall in a DST gap, that list is the
truth for "every instant whose wall time matches": the answer equal to its first N entries is
right. A backward case (croniter's get_prev chain) walks back from the start to the earlier of the
answers' last fires, latest first. Prints one verdict line per difference; exit status 1 if any is not "croniter wrong, Chime
right". Usage: explain_differences.py DIFFERENCES.jsonl
"""
import datetime
import json
import sys
from zoneinfo import ZoneInfo

from croniter import croniter

UTC = datetime.timezone.utc


def parse(text):
    return int(datetime.datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp())


def main(path):
    bad = 0
    for number, line in enumerate(open(path), 1):
        if not line.strip():
            continue
        d = json.loads(line)
        case, zone = d["case"], ZoneInfo(d["case"]["zone"])
        peer = [parse(x) for x in d["croniter"].get("fires", [])]
        mine = [parse(x) for x in d["chime"].get("fires", [])]
        expression = case["expression"]
        fields = expression.split()
        # 6/7 fields (seconds): walk the minutes, and each second of a minute whose wall time matches
        # the first five fields (the same fields, read alone), so long windows stay walkable.
        seconds = len(fields) > 5
        minute_expression = " ".join(fields[:5]) if seconds else expression
        backward = case.get("direction") == "backward"
        if backward:
            end = min(peer[-1:] + mine[-1:])
            t = -(-case["after"] // 60) * 60 - 60          # the last minute instant before the start
        else:
            end = max(peer[-1:] + mine[-1:])
            t = case["after"] // 60 * 60 if seconds else case["after"] // 60 * 60 + 60
        truth = []
        if abs(end - t) // 60 > 2_000_000:          # too long a walk to judge here: say so
            print(json.dumps({"difference": number, "verdict": "UNDECIDED (window too long to walk)", "case": case}))
            bad += 1
            continue
        while (t >= end - 60 if backward else t <= end) and len(truth) < case["count"]:
            wall = datetime.datetime.fromtimestamp(t, UTC).astimezone(zone).replace(tzinfo=None)
            if croniter.match(minute_expression, wall):
                for s in (range(59, -1, -1) if backward else range(60)) if seconds else [0]:
                    u = t + s
                    if (u >= case["after"] if backward else u <= case["after"]) or len(truth) >= case["count"]:
                        continue
                    w = datetime.datetime.fromtimestamp(u, UTC).astimezone(zone).replace(tzinfo=None)
                    if croniter.match(expression, w):
                        truth.append(u)
            t += -60 if backward else 60
        if mine == truth and peer != truth:
            verdict = "croniter wrong, Chime right"
        else:
            verdict = "UNDECIDED"
            bad += 1
        show = lambda xs: [datetime.datetime.fromtimestamp(x, UTC).astimezone(zone).isoformat() for x in xs]
        print(json.dumps({"difference": number, "verdict": verdict, "case": case, "matching instants": show(truth),
                          "croniter": show(peer), "chime": show(mine)}))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
