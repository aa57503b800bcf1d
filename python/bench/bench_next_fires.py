"""100,000 next fires from Python: one chime.next_fires call against croniter doing the same,
side by side in one process (same machine, same run, same zone data: /usr/share/zoneinfo).

    pip install ./python                     # or: CHIME_LIBRARY=.build/release/libChimeC.so PYTHONPATH=python/src
    python3 python/bench/bench_next_fires.py [--fires 100000] [--repeat 3] [--clock cpu|wall]

croniter: croniter(expression, start in the zone).get_next(datetime), `fires` times: aware
datetimes. Chime: chime.next_fires(zone, expression, start, fires, flavor="croniter") — the same
aware datetimes (tzinfo zoneinfo.ZoneInfo); and with raw=True, the contract's fire dicts. Before
timing, both answers are compared instant by instant and wall time by wall time; a difference
stops the run. Each figure is the least CPU time (time.process_time: this process's CPU seconds,
not the time spent waiting for a core on a shared machine) of `repeat` runs.
"""
import argparse
from importlib import metadata
import os
import time
from datetime import datetime, timezone
from zoneinfo import ZoneInfo

from croniter import croniter

import chime

CASES = [("*/5 * * * *", "America/New_York"), ("0 9 * * 1-5", "Europe/Berlin")]
START = datetime(2026, 1, 1, tzinfo=timezone.utc)


def with_croniter(expression, zone, n):
    iterator = croniter(expression, START.astimezone(ZoneInfo(zone)))
    get_next = iterator.get_next
    return [get_next(datetime) for _ in range(n)]


def with_chime(expression, zone, n, raw=False):
    return chime.next_fires(zone, expression, START, n, flavor="croniter", raw=raw, source="tzif")


CLOCK = time.process_time


def best(repeat, work):
    """The least time of `repeat` runs, by default CPU time: the process's own CPU seconds
    (time.process_time), which on a shared machine leave out the time spent waiting for a core
    (--clock wall: time.perf_counter)."""
    times = []
    for _ in range(repeat):
        began = CLOCK()
        work()
        times.append(CLOCK() - began)
    return min(times)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fires", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--clock", choices=["cpu", "wall"], default="cpu")
    args = parser.parse_args()
    global CLOCK
    CLOCK = time.process_time if args.clock == "cpu" else time.perf_counter
    n = args.fires
    print(f"chime {chime.version()} ({chime._native.library_path()}), croniter {metadata.version('croniter')}, "
          f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f}")
    print("%s seconds (best of %d runs each)" % ("CPU" if args.clock == "cpu" else "wall-clock", args.repeat))
    print(f"{'case':38} {'croniter':>10} {'chime':>10} {'ratio':>7} {'chime raw':>10} {'ratio':>7}")
    worst = None
    for expression, zone in CASES:
        expected = with_croniter(expression, zone, n)
        got = with_chime(expression, zone, n)
        assert len(got) == n
        for a, b in zip(got, expected):
            if a != b or a.replace(tzinfo=None) != b.replace(tzinfo=None) or a.utcoffset() != b.utcoffset():
                raise SystemExit(f"{expression!r} {zone}: chime {a.isoformat()} but croniter {b.isoformat()}")
        t_croniter = best(args.repeat, lambda: with_croniter(expression, zone, n))
        t_chime = best(args.repeat, lambda: with_chime(expression, zone, n))
        t_raw = best(args.repeat, lambda: with_chime(expression, zone, n, raw=True))
        ratio = t_croniter / t_chime
        worst = ratio if worst is None else min(worst, ratio)
        print(f"{expression + ' ' + zone:38} {t_croniter:9.3f}s {t_chime:9.3f}s {ratio:6.1f}x {t_raw:9.3f}s {t_croniter / t_raw:6.1f}x"
              f"   ({t_croniter / n * 1e6:.1f} vs {t_chime / n * 1e6:.2f} µs per fire)")
    print(f"slowest ratio (datetimes): {worst:.1f}x")


if __name__ == "__main__":
    main()
