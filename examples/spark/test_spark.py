#!/usr/bin/env python3
"""CI test: `chime batch` as a Spark stage answers exactly as one `chime batch` process does.

Generates REQUESTS request lines deterministically (default 1,000,000; seeded: several zones,
calendar, weekly and interval triggers, counts 1-3, a few malformed and blank lines), runs
`chime batch FILE` once directly, runs examples/spark/chime_spark.py on the same file in
local[2] with several partitions, and compares the concatenated parts with the direct output
line for line. Exits 1 on any difference (printing the first ones), 2 on bad usage.

    python3 examples/spark/test_spark.py --chime .build/release/chime [--requests N] [--partitions P]
"""

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))

ZONES = ["America/New_York", "Europe/London", "Europe/Paris", "Asia/Tokyo", "Australia/Sydney",
         "America/Sao_Paulo", "Asia/Kolkata", "Pacific/Auckland", "America/St_Johns", "Australia/Lord_Howe",
         "Africa/Casablanca", "UTC", "US/Eastern"]


def request(i, rng):
    """Request line number i (0-based); the same for the same seed, every run."""
    zone = rng.choice(ZONES)
    after = "2026-%02d-%02dT%02d:%02d:%02dZ" % (rng.randint(1, 12), rng.randint(1, 28), rng.randint(0, 23),
                                               rng.randint(0, 59), rng.randint(0, 59))
    count = rng.choice((1, 1, 1, 2, 3))
    kind = rng.random()
    if kind < 0.45:
        trigger = '{"calendar":{"components":{"hour":%d,"minute":%d}}}' % (rng.randint(0, 23), rng.choice((0, 15, 30, 45)))
    elif kind < 0.55:
        trigger = '{"calendar":{"components":{"day":%d,"hour":%d}}}' % (rng.randint(1, 31), rng.randint(0, 23))
    elif kind < 0.60:
        trigger = ('{"calendar":{"components":{"hour":%d,"minute":30},"repeatedTimePolicy":"last"}}'
                   % rng.choice((1, 2)))
    elif kind < 0.80:
        days = sorted(rng.sample(range(1, 8), rng.randint(1, 3)))
        trigger = '{"weekly":{"weekdays":[%s],"time":"%02d:%02d"}}' % (",".join(map(str, days)), rng.randint(0, 23),
                                                                       rng.choice((0, 30)))
    elif kind < 0.995:
        seconds = rng.choice((900, 3600, 5400, 86400, 604800))
        anchor = ',"anchor":"2026-01-01T00:00:00Z"' if rng.random() < 0.5 else ""
        trigger = '{"interval":{"seconds":%d,"repeats":true%s}}' % (seconds, anchor)
    elif kind < 0.997:
        return '{"id":"r%d","zone":"Mars/Olympus","after":"%s","trigger":{"interval":{"seconds":60}}}' % (i, after)
    elif kind < 0.999:
        return '{"id":"r%d", not json' % i
    else:
        return "   "  # blank: skipped, no response line
    return '{"id":"r%d","zone":"%s","after":"%s","count":%d,"trigger":%s}' % (i, zone, after, count, trigger)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chime", default=".build/release/chime", help="the chime executable (default: .build/release/chime)")
    parser.add_argument("--requests", type=int, default=1_000_000, help="request lines to generate (default: 1,000,000)")
    parser.add_argument("--partitions", type=int, default=8, help="Spark partitions (default: 8)")
    parser.add_argument("--master", default="local[2]", help="Spark master (default: local[2])")
    parser.add_argument("--seed", type=int, default=2026, help="generator seed (default: 2026)")
    args = parser.parse_args()
    if not (os.path.isfile(args.chime) and os.access(args.chime, os.X_OK)):
        parser.error("no chime executable at %s (swift build -c release --product chime)" % args.chime)
    if args.requests < args.partitions or args.partitions < 2:
        parser.error("need at least 2 partitions and at least one request per partition")

    work = tempfile.mkdtemp(prefix="chime-spark-test-")
    try:
        started = time.monotonic()
        requests = os.path.join(work, "requests.jsonl")
        rng = random.Random(args.seed)
        with open(requests, "w") as f:
            for i in range(args.requests):
                f.write(request(i, rng) + "\n")
        generated = time.monotonic()

        direct = os.path.join(work, "direct.jsonl")
        with open(direct, "wb") as out:
            subprocess.run([args.chime, "batch", requests], stdout=out, check=True)
        single = time.monotonic()

        output = os.path.join(work, "spark-out")
        subprocess.run([sys.executable, os.path.join(HERE, "chime_spark.py"), requests, output, "--chime", args.chime,
                        "--master", args.master, "--partitions", str(args.partitions)], check=True)
        spark = time.monotonic()

        parts = sorted(name for name in os.listdir(output) if name.startswith("part-"))
        failures = []
        if len(parts) < args.partitions:
            failures.append("%d part files for --partitions %d: the job did not split the input" % (len(parts), args.partitions))
        nonempty = [p for p in parts if os.path.getsize(os.path.join(output, p)) > 0]
        if len(nonempty) < 2:
            failures.append("only %d non-empty part files: not a multi-partition run" % len(nonempty))

        compared = 0
        with open(direct, "rb") as expected_file:
            expected = iter(expected_file)
            for part in parts:
                with open(os.path.join(output, part), "rb") as got_file:
                    for got in got_file:
                        want = next(expected, None)
                        compared += 1
                        if got != want and len(failures) < 5:
                            failures.append("line %d (%s): spark %r, direct %r" % (compared, part, got[:200], (want or b"<none>")[:200]))
            rest = sum(1 for _ in expected)
        if rest:
            failures.append("the Spark output has %d lines fewer than the direct run" % rest)
        if compared < args.requests * 0.99:
            failures.append("only %d response lines for %d requests" % (compared, args.requests))

        print("spark test: %d requests, %d partitions (%d part files), %d response lines compared; "
              "generate %.1f s, chime batch %.1f s, spark job %.1f s"
              % (args.requests, args.partitions, len(parts), compared, generated - started, single - generated, spark - single))
        if failures:
            print("FAIL: the Spark output differs from one chime batch run:", file=sys.stderr)
            for failure in failures:
                print("  " + failure, file=sys.stderr)
            return 1
        print("PASS: identical, line for line")
        return 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
