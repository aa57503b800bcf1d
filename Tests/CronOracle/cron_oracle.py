#!/usr/bin/env python3
"""Peer oracle for Chime's cron flavors: the real croniter and APScheduler 3.x, run as they are.

Reads JSON lines {"tool": "croniter"|"apscheduler3", "expression": "...", "zone": "America/New_York",
"after": <UTC epoch seconds, integer>, "count": N, "direction": "forward"|"backward", "hashId"?: "..."}
and writes one JSON line per case: {"fires": [epoch seconds, ...]} (fewer than N when the tool
finds no further fire) or {"error": "<exception class>: <message>"}.

croniter: croniter(expr, start aware in the zone).get_next()/get_prev() chained (its own iterator).
apscheduler3: APScheduler 3.x (site-packages) CronTrigger.from_crontab(expr, timezone=zone); each
fire is get_next_fire_time(previous, now) as its scheduler chains fires (BaseScheduler._process_jobs:
previous = the fire, now = the current time, after it: now = the fire's instant + 1 us, computed in
UTC; the first with previous=None, now = after + 1 us: "after" is exclusive, APScheduler's `now`
inclusive and rounded up to the second).
apscheduler: APScheduler 4 (4.0.0a6, installed apart from 3.x with pip --target, default /opt/aps4,
or $CHIME_APSCHEDULER4_PATH): CronTrigger.from_crontab(expr, timezone=zone, start_time=the first
whole second after "after", in the zone), then .next() chained (the trigger keeps its last fire).
"""
import datetime
import json
import os
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
        # UTC arithmetic: an aware datetime plus a timedelta is wall-clock arithmetic in Python
        # (fold reset to 0), which would hand the trigger a `now` an hour before the fire in a
        # repeated hour; the scheduler's `now` is the real current time.
        previous, now = fire, fire.astimezone(UTC) + ONE_US
    return out


_APS4 = None


def aps4_trigger_class():
    """APScheduler 4's CronTrigger, imported from its own directory without disturbing 3.x."""
    global _APS4
    if _APS4 is None:
        path = os.environ.get("CHIME_APSCHEDULER4_PATH", "/opt/aps4")
        saved = {k: v for k, v in sys.modules.items() if k == "apscheduler" or k.startswith("apscheduler.")}
        for k in saved:
            del sys.modules[k]
        sys.path.insert(0, path)
        try:
            from apscheduler.triggers.cron import CronTrigger
            import apscheduler
            assert apscheduler.__file__.startswith(path), f"APScheduler 4 not found in {path}"
            _APS4 = CronTrigger
        finally:
            sys.path.remove(path)
            for k in [k for k in sys.modules if k == "apscheduler" or k.startswith("apscheduler.")]:
                del sys.modules[k]
            sys.modules.update(saved)
    return _APS4


def apscheduler4_fires(case, zone):
    trigger = aps4_trigger_class().from_crontab(
        case["expression"], timezone=zone,
        start_time=datetime.datetime.fromtimestamp(case["after"] + 1, zone))
    out = []
    for _ in range(case["count"]):
        fire = trigger.next()
        if fire is None:
            break
        out.append(int(fire.timestamp()))
    return out


def main():
    tools = {"croniter": croniter_fires, "apscheduler3": apscheduler3_fires, "apscheduler": apscheduler4_fires}
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
