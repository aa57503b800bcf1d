#!/usr/bin/env python3
"""chime-bench's Python cron peers: croniter and APScheduler 3, timed in their own process.

Started once by chime-bench (Benchmarks/ChimeBench/Peers/PythonCronPeer.swift):

    python3 cron_peer.py EXPRESSION INPUT REPETITIONS BUDGET_NS

INPUT holds one start a line, "ZONE SECONDS" (a tz identifier and Unix seconds), the very starts
chime-bench times Chime on. For each library this script

1. builds its inputs (zone-aware datetimes, triggers) before any timing: interpreter start-up,
   imports and reading INPUT are never timed;
2. answers every start once (the Unix seconds of the next fire, or null), for chime-bench's
   agreement check against Chime's own answers;
3. times the call the way chime-bench times Chime's: a calibration that grows the operation count
   until one run takes a tenth of BUDGET_NS (also the warm-up), then REPETITIONS runs of about
   BUDGET_NS each over the starts cyclically, time.perf_counter_ns() around each run; a sample is
   nanoseconds per operation. The timed calls' answers are summed and compared with the answers of
   step 2 over the same starts (the timed work is the checked work).

Operations (one per start):
  croniter     croniter(EXPRESSION, start).get_next(datetime)    the documented use: a new
               iterator from the start, then its next datetime (the expression is parsed per call)
  apscheduler  trigger.get_next_fire_time(None, start + 1 s)      one CronTrigger.from_crontab per
               zone, built before timing; APScheduler returns the first fire at or after `now`
               (datetime_ceil, then >=), so it is asked from the next whole second: for a
               whole-second schedule that is the first fire strictly after the start, as Chime's

Output, on stdout, one JSON object:
  {"python": "3.11.7", "zoneinfo": "...", "peers": {"croniter": {"version": "7.0.0", "answers": [...],
   "iterations": N, "samples": [ns per op, ...]}, "apscheduler": {...} or {"error": "..."}}}
A library that cannot be imported gets {"error": ...}; chime-bench then skips its row with a note.
"""

import json
import sys
import time
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo, TZPATH


def read_starts(path):
    starts = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            zone, seconds = line.split()
            starts.append((zone, int(seconds)))
    return starts


def timed(op, count, repetitions, budget_ns):
    """Calibrates like chime-bench's Runner, then times `repetitions` runs: (iterations, samples, sums)."""
    probe = budget_ns // 10
    n = 1
    while True:
        t0 = time.perf_counter_ns()
        op(n)
        elapsed = time.perf_counter_ns() - t0
        if elapsed >= probe:
            break
        grow = 100 if elapsed == 0 else min(100, max(2, probe // elapsed + 1))
        n *= grow
    iterations = max(1, int(budget_ns / max(elapsed / n, 1)))
    samples, sums = [], []
    for _ in range(repetitions):
        t0 = time.perf_counter_ns()
        total = op(iterations)
        samples.append((time.perf_counter_ns() - t0) / iterations)
        sums.append(total)
    return iterations, samples, sums


def expected_sum(answers, iterations):
    """What a timed run of `iterations` operations over the starts (cyclically) must sum to."""
    count = len(answers)
    whole, rest = divmod(iterations, count)
    values = [a if a is not None else 0 for a in answers]
    return whole * sum(values) + sum(values[:rest])


def peer_croniter(expression, starts, repetitions, budget_ns):
    import croniter as croniter_module
    from croniter import croniter
    zones = {z: ZoneInfo(z) for z, _ in starts}
    inputs = [datetime.fromtimestamp(s, zones[z]) for z, s in starts]
    count = len(inputs)

    answers = []
    for start in inputs:
        fire = croniter(expression, start).get_next(datetime)
        answers.append(int(fire.timestamp()) if fire is not None else None)

    def op(n):
        total = 0
        for i in range(n):
            fire = croniter(expression, inputs[i % count]).get_next(datetime)
            total += int(fire.timestamp())
        return total

    # The timing loop's own int(fire.timestamp()) is part of every sample (a few hundred ns of ~30 µs).
    iterations, samples, sums = timed(op, count, repetitions, budget_ns)
    return {
        "version": getattr(croniter_module, "__version__", None) or package_version("croniter"),
        "answers": answers, "iterations": iterations, "samples": samples,
        "timedAnswersAgree": all(s == expected_sum(answers, iterations) for s in sums),
    }


def peer_apscheduler(expression, starts, repetitions, budget_ns):
    import apscheduler
    from apscheduler.triggers.cron import CronTrigger
    zones = {z: ZoneInfo(z) for z, _ in starts}
    triggers = {z: CronTrigger.from_crontab(expression, timezone=tz) for z, tz in zones.items()}
    inputs = [(triggers[z], datetime.fromtimestamp(s + 1, zones[z])) for z, s in starts]
    count = len(inputs)

    answers = []
    for trigger, now in inputs:
        fire = trigger.get_next_fire_time(None, now)
        answers.append(int(fire.timestamp()) if fire is not None else None)

    def op(n):
        total = 0
        for i in range(n):
            trigger, now = inputs[i % count]
            total += int(trigger.get_next_fire_time(None, now).timestamp())
        return total

    iterations, samples, sums = timed(op, count, repetitions, budget_ns)
    return {
        "version": getattr(apscheduler, "__version__", None) or package_version("apscheduler"),
        "answers": answers, "iterations": iterations, "samples": samples,
        "timedAnswersAgree": all(s == expected_sum(answers, iterations) for s in sums),
    }


def package_version(name):
    try:
        from importlib.metadata import version
        return version(name)
    except Exception:
        return None


def zoneinfo_version():
    for directory in TZPATH:
        try:
            with open(directory + "/tzdata.zi", encoding="utf-8") as f:
                first = f.readline().strip()
            if first.startswith("# version "):
                return first[len("# version "):] + " (" + directory + ")"
        except OSError:
            continue
    return package_version("tzdata")


def main():
    expression, path, repetitions, budget_ns = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    starts = read_starts(path)
    peers = {}
    for name, peer in (("croniter", peer_croniter), ("apscheduler", peer_apscheduler)):
        try:
            peers[name] = peer(expression, starts, repetitions, budget_ns)
        except ImportError as error:
            peers[name] = {"error": "cannot import %s (%s): pip install the pinned version, see .ci/run" % (name, error)}
        except Exception as error:  # a peer failing must not take the other down
            peers[name] = {"error": "%s failed: %r" % (name, error)}
    json.dump({"python": sys.version.split()[0], "zoneinfo": zoneinfo_version(), "peers": peers}, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
