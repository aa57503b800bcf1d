#!/usr/bin/env python3
"""Peer oracle for Chime's cron flavors: the real croniter and APScheduler 3.x, run as they are.

Reads JSON lines {"tool": "croniter"|"apscheduler3", "expression": "...", "zone": "America/New_York",
"after": <UTC epoch seconds, integer>, "count": N, "direction": "forward"|"backward", "hashId"?: "..."}
and writes one JSON line per case: {"fires": [epoch seconds, ...]} (fewer than N when the tool
finds no further fire) or {"error": "<exception class>: <message>"}.

croniter: croniter(expr, start aware in the zone).get_next()/get_prev() chained (its own iterator).
apscheduler3: CronTrigger.from_crontab(expr, timezone=zone); each fire is
get_next_fire_time(previous, previous + 1 us), as its scheduler chains fires (the first with
previous=None, now = after + 1 us: "after" is exclusive, APScheduler's `now` inclusive and rounded
up to the second).
"""
import datetime
import json
import sys
from zoneinfo import ZoneInfo

UTC = datetime.timezone.utc
ONE_US = datetime.timedelta(microseconds=1)


def croniter_fires(case, zone):
    from croniter import croniter, CroniterBadDateError
    start = datetime.datetime.fromtimestamp(case["after"], UTC).astimezone(zone)
    it = croniter(case["expression"], start, ret_type=datetime.datetime, hash_id=case.get("hashId"))
    out = []
    for _ in range(case["count"]):
        try:
            fire = it.get_prev() if case.get("direction") == "backward" else it.get_next()
        except CroniterBadDateError:
            break
        out.append(int(fire.timestamp()))
    return out


def apscheduler3_fires(case, zone):
    from apscheduler.triggers.cron import CronTrigger
    trigger = CronTrigger.from_crontab(case["expression"], timezone=zone)
    now = datetime.datetime.fromtimestamp(case["after"], UTC) + ONE_US
    previous = None
    out = []
    for _ in range(case["count"]):
        fire = trigger.get_next_fire_time(previous, now)
        if fire is None:
            break
        out.append(int(fire.timestamp()))
        previous, now = fire, fire + ONE_US
    return out


def main():
    tools = {"croniter": croniter_fires, "apscheduler3": apscheduler3_fires}
    zones = {}
    for line in sys.stdin:
        if not line.strip():
            continue
        case = json.loads(line)
        try:
            zone = zones.get(case["zone"]) or zones.setdefault(case["zone"], ZoneInfo(case["zone"]))
            answer = {"fires": tools[case["tool"]](case, zone)}
        except Exception as error:  # the peer refused the expression (or failed): say which way
            answer = {"error": f"{type(error).__name__}: {error}"}
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
