"""chime.Schedule per call and per fire, against croniter and python-dateutil doing the same, side
by side in one process (same machine, same run, zone data from /usr/share/zoneinfo).

    CHIME_LIBRARY=.build/release/libChimeC.so PYTHONPATH=python/src python3 python/bench/bench_schedule.py

- chained next: `schedule.next(previous instant)` 20,000 times, each call from the previous
  answer's datetime, as croniter users chain `get_next(datetime)` (croniter: one iterator's
  `get_next`, which keeps its own state — the cheapest way croniter offers);
- iterate: the first 100,000 fires of `schedule.fires(start)`, as croniter's `get_next` in a loop
  and dateutil's `rrule` iterator (a DST-free rule and zone, where all three give the same fires).
Before timing, each pair's answers are compared instant by instant; a difference stops the run.
Each figure is the least CPU time (time.process_time) of `repeat` runs.
"""
import argparse
import itertools
import os
import time
from datetime import datetime, timezone
from importlib import metadata
from zoneinfo import ZoneInfo

from croniter import croniter
from dateutil import rrule

import chime

START = datetime(2026, 1, 1, tzinfo=timezone.utc)
CASES = [("*/5 * * * *", "America/New_York"), ("0 9 * * 1-5", "Europe/Berlin")]


def best(repeat, work):
    times = []
    for _ in range(repeat):
        began = time.process_time()
        work()
        times.append(time.process_time() - began)
    return min(times)


def croniter_chained(expression, zone, n):
    iterator = croniter(expression, START.astimezone(ZoneInfo(zone)))
    return [iterator.get_next(datetime) for _ in range(n)]


def chime_chained(schedule, n):
    out, at = [], START
    next_fire = schedule.next
    for _ in range(n):
        at = next_fire(at).instant
        out.append(at)
    return out


def chime_iterated(schedule, n):
    return [fire.instant for fire in itertools.islice(schedule.fires(START), n)]


def dateutil_iterated(rule, n):
    return list(itertools.islice(rule, n))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=20_000)
    parser.add_argument("--fires", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"chime {chime.version()} ({chime._native.library_path()}), croniter {metadata.version('croniter')}, "
          f"python-dateutil {metadata.version('python-dateutil')}, {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f}")
    print(f"CPU seconds, best of {args.repeat} runs each")
    print(f"{'case':44} {'peer':>10} {'chime':>10} {'ratio':>8}   per call / fire")
    rows = []
    for expression, zone in CASES:
        schedule = chime.Schedule(cron=expression, flavor="croniter", zone=zone, source="tzif")
        for name, n, peer, ours in [
            ("chained next", args.calls, lambda: croniter_chained(expression, zone, args.calls), lambda: chime_chained(schedule, args.calls)),
            ("iterate", args.fires, lambda: croniter_chained(expression, zone, args.fires), lambda: chime_iterated(schedule, args.fires)),
        ]:
            expected, got = peer(), ours()
            if got != expected or [d.utcoffset() for d in got] != [d.utcoffset() for d in expected]:
                raise SystemExit(f"{name} {expression!r} {zone}: chime and croniter differ")
            t_peer, t_ours = best(args.repeat, peer), best(args.repeat, ours)
            rows.append((f"{name} {n:,}: croniter '{expression}' {zone}", t_peer, t_ours, n))
    # dateutil: a weekly rule at 09:00 in Berlin (no DST change at 09:00), naive wall times.
    berlin = ZoneInfo("Europe/Berlin")
    rule_start = datetime(2026, 1, 5, 9, 0)
    rule = rrule.rrulestr("FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR", dtstart=rule_start)
    schedule = chime.Schedule(rrule="FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR", dtstart=rule_start, zone="Europe/Berlin", source="tzif")
    n = min(args.fires, 50_000)   # 50,000 weekdays reach past 2200, inside every source's range
    expected = dateutil_iterated(rule, n)
    got = [fire.instant.replace(tzinfo=None) for fire in itertools.islice(schedule.fires(datetime(2026, 1, 1, tzinfo=berlin)), n)]
    if got != expected:
        raise SystemExit("dateutil and chime differ")
    t_peer = best(args.repeat, lambda: dateutil_iterated(rrule.rrulestr("FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR", dtstart=rule_start), n))
    t_ours = best(args.repeat, lambda: list(itertools.islice(schedule.fires(datetime(2026, 1, 1, tzinfo=berlin)), n)))
    rows.append((f"iterate {n:,}: dateutil weekday rrule Berlin", t_peer, t_ours, n))
    for label, t_peer, t_ours, n in rows:
        print(f"{label:44} {t_peer:9.3f}s {t_ours:9.3f}s {t_peer / t_ours:7.1f}x   {t_peer / n * 1e6:.2f} vs {t_ours / n * 1e6:.2f} µs")


if __name__ == "__main__":
    main()
