#!/usr/bin/env python3
"""A seeded `chime batch` file of daily requests, the shape of chime-bench's `batch.daily10`, for
measuring from the shell (wall time, callgrind) with the same bytes every time.

    python3 Benchmarks/daily-batch-file.py N [--seed S] > FILE

Each line: `{"id":"dI","zone":Z,"after":T,"count":10,"trigger":{"calendar":{"components":
{"hour":H,"minute":M}}}}` — one of the 20 trigger zones of the benchmark, `after` a whole second in
2026–2030 (UTC), a random wall time of the day (~1,440 distinct trigger texts). Same N and seed,
same bytes.
"""
import datetime
import random
import sys

ZONES = ["America/New_York", "America/Chicago", "America/Denver", "America/Los_Angeles", "America/Anchorage",
         "America/Toronto", "America/St_Johns", "Europe/London", "Europe/Lisbon", "Europe/Paris",
         "Europe/Berlin", "Europe/Kyiv", "Asia/Jerusalem", "Australia/Sydney", "Australia/Adelaide",
         "Pacific/Auckland", "Asia/Tokyo", "Asia/Kolkata", "America/Phoenix", "America/Sao_Paulo"]
FROM, UNTIL = 1_767_225_600, 1_924_992_000   # 2026-01-01T00:00:00Z, 2031-01-01T00:00:00Z


def main(argv):
    if len(argv) < 2 or not argv[1].isdigit():
        sys.exit(__doc__)
    count = int(argv[1])
    seed = int(argv[argv.index("--seed") + 1]) if "--seed" in argv else 0xDA112026
    r = random.Random(seed)
    out = sys.stdout
    for i in range(count):
        zone = r.choice(ZONES)
        after = datetime.datetime.fromtimestamp(r.randrange(FROM, UNTIL), datetime.timezone.utc)
        out.write('{"id":"d%d","zone":"%s","after":"%s","count":10,"trigger":{"calendar":{"components":'
                  '{"hour":%d,"minute":%d}}}}\n' % (i, zone, after.strftime("%Y-%m-%dT%H:%M:%SZ"),
                                                    r.randrange(24), r.randrange(60)))


if __name__ == "__main__":
    main(sys.argv)
