#!/usr/bin/env python3
"""Judges each difference of the quartz differential test on its own, independently of Chime and of Quartz.

Reads the differences file the test writes (CHIME_QUARTZ_DIFF_OUT, one JSON object per line: case,
quartz, chime) and prints one verdict line per difference, in the shape of
quartz-explained-differences.jsonl. The check: a brute-force walk over every day from the start, with
its own reading of the quartz grammar as Quartz documents it (the CronExpression class comment:
fields, `?`, `L`, `L-n`, `W`, `LW`, `nL`, `n#k`, ranges that wrap, steps) and Python's zoneinfo for the
wall time of each instant: each wanted wall time of a matching day that exists is a fire (in a gap
none; repeated: the later instant, as java.util.GregorianCalendar reads it, "we assume standard
time"). The first `count` of them after the start are the documented answer. The verdict is
"Quartz wrong, Chime right" only when Quartz gave no answer (its getTimeAfter did not return: a
hang) or a different one, and Chime's fires are exactly the brute force's.

Usage: python3 Tests/CronOracle/explain_quartz_differences.py /tmp/quartz-diff.jsonl
"""
import datetime
import json
import sys
from zoneinfo import ZoneInfo

UTC = datetime.timezone.utc
MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"]
DAYS = ["SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"]
BOUNDS = [(0, 59), (0, 59), (0, 23), (1, 31), (1, 12), (1, 7), (1970, 2126)]


def value(text, field):
    if text.isdigit():
        return int(text)
    names = MONTHS if field == 4 else DAYS
    return names.index(text[:3]) + 1


def values(element, field):
    """The values of one list element (no L/W/# forms)."""
    low, high = BOUNDS[field]
    span = high - low + 1
    step = 1
    if "/" in element:
        element, s = element.split("/")
        step = int(s) or None
    if element in ("*", ""):
        start, end = low, high
    elif "-" in element:
        a, b = element.split("-")
        start, end = value(a, field), value(b, field)
    else:
        start = value(element, field)
        end = high if step != 1 else start
    if step is None:
        return {start} if element not in ("*", "") else set(range(low, high + 1))
    out = set()
    v = start
    stop = end if end >= start else end + span
    while v <= stop:
        w = v if v <= high else v - span
        out.add(w)
        v += step
    return out


def parse(expression):
    fields = expression.upper().split()
    if len(fields) == 6:
        fields.append("*")
    spec = {"sets": [], "dom": fields[3], "dow": fields[5]}
    for i, f in enumerate(fields):
        if i in (3, 5) and (f == "?" or f.startswith("L") or "W" in f or "#" in f or f.endswith("L")):
            spec["sets"].append(None)
            continue
        s = set()
        for element in f.split(","):
            if element:
                s |= values(element, i)
        spec["sets"].append(s)
    return spec


def nearest_weekday(year, month, day):
    length = (datetime.date(year + month // 12, month % 12 + 1, 1) - datetime.timedelta(days=1)).day
    weekday = datetime.date(year, month, day).isoweekday() % 7 + 1      # 1 = Sunday
    if weekday == 7:
        return day + 2 if day == 1 else day - 1
    if weekday == 1:
        return day - 2 if day == length else day + 1
    return day


def day_matches(spec, date):
    sets = spec["sets"]
    if date.month not in sets[4] or date.year not in sets[6]:
        return False
    length = (datetime.date(date.year + date.month // 12, date.month % 12 + 1, 1) - datetime.timedelta(days=1)).day
    weekday = date.isoweekday() % 7 + 1
    dom, dow = spec["dom"], spec["dow"]
    if dom == "?":
        if dow == "L":
            return weekday == 7
        if dow.endswith("L"):
            return weekday == value(dow[:-1], 5) and date.day + 7 > length
        if "#" in dow:
            d, k = dow.split("#")
            return weekday == value(d, 5) and (date.day - 1) // 7 + 1 == int(k)
        return weekday in sets[5]
    if dom.startswith("L"):
        rest = dom[1:]
        near = rest.endswith("W")
        rest = rest.rstrip("W")
        wanted = length - (int(rest[1:]) if rest.startswith("-") else 0)
        if not near:
            return date.day == wanted
        return wanted >= 1 and date.day == nearest_weekday(date.year, date.month, wanted)
    if dom.endswith("W"):
        wanted = min(int(dom[:-1]), length)
        return date.day == nearest_weekday(date.year, date.month, wanted)
    return date.day in sets[3]


def brute_force(case, limit_days=800):
    spec = parse(case["expression"])
    zone = ZoneInfo(case["zone"])
    start = case["after"]
    day = datetime.datetime.fromtimestamp(start, UTC).astimezone(zone).date() - datetime.timedelta(days=1)
    fires = []
    times = sorted((h, m, s) for h in spec["sets"][2] for m in spec["sets"][1] for s in spec["sets"][0])
    for _ in range(limit_days):
        if day_matches(spec, day):
            for h, m, s in times:
                wall = datetime.datetime(day.year, day.month, day.day, h, m, s)
                later = wall.replace(tzinfo=zone, fold=1)
                instant = int(later.timestamp())
                back = datetime.datetime.fromtimestamp(instant, zone).replace(tzinfo=None)
                if back != wall:
                    continue                        # in a gap: no such wall time
                if instant > start:
                    fires.append(instant)
                    if len(fires) == case["count"]:
                        return fires
        day += datetime.timedelta(days=1)
    return fires


def iso(t, zone):
    return datetime.datetime.fromtimestamp(t, ZoneInfo(zone)).isoformat()


def main(path):
    for n, line in enumerate(open(path), 1):
        line = line.strip()
        if not line:
            continue
        d = json.loads(line)
        case = d["case"]
        expected = brute_force(case)
        chime = d["chime"].get("fires")
        chime_s = [int(datetime.datetime.fromisoformat(f.replace("Z", "+00:00")).timestamp()) for f in chime] if chime is not None else None
        quartz = d["quartz"]
        quartz_fires = quartz.get("fires")
        quartz_s = [int(datetime.datetime.fromisoformat(f.replace("Z", "+00:00")).timestamp()) for f in quartz_fires] if quartz_fires is not None else None
        if chime_s == expected and quartz_s != expected:
            verdict = "Quartz wrong, Chime right"
        else:
            verdict = "unexplained"
        out = {"difference": n, "verdict": verdict, "case": case,
               "matching instants": [iso(t, case["zone"]) for t in expected],
               "quartz": quartz.get("hang") or ([iso(t, case["zone"]) for t in quartz_s] if quartz_s is not None else quartz),
               "chime": [iso(t, case["zone"]) for t in chime_s] if chime_s is not None else d["chime"]}
        print(json.dumps(out))


if __name__ == "__main__":
    main(sys.argv[1])
