#!/usr/bin/env python3
"""A seeded pending file for measuring `chime pending|plan|simulate` from the shell.

    python3 Benchmarks/pending-file.py N [--seed S] [--garbage] > FILE

Mixed triggers (calendar, weekly, interval, cron, OnCalendar, RRULE; ~1 in 10 with a payload;
~1 in 50 a one-shot), zones from a fixed list, decimal and text identifiers, ~1 in 1,000 lines
repeating an earlier identifier. `--garbage` writes N lines of non-JSON instead (the bad-input
memory bound). Same N and seed, same bytes.
"""
import random
import sys

ZONES = ["America/New_York", "Europe/Berlin", "Asia/Tokyo", "Australia/Sydney", "America/Sao_Paulo",
         "Europe/London", "Asia/Kolkata", "America/Los_Angeles", "Africa/Cairo", "Pacific/Auckland",
         "America/Santiago", "Asia/Tehran", "Europe/Moscow", "UTC", "America/St_Johns", "Asia/Kathmandu"]
WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]


def trigger(r):
    kind = r.random()
    h, m = r.randrange(24), r.randrange(60)
    if kind < 0.40:
        comps = {"hour": h, "minute": m}
        if r.random() < 0.2:
            comps["day"] = r.randrange(1, 32)
        return '{"calendar":{"components":%s}}' % ",".join(f'"{k}":{v}' for k, v in comps.items()).join("{}")
    if kind < 0.42:   # a one-shot calendar date
        return '{"calendar":{"components":{"year":%d,"month":%d,"day":%d,"hour":%d,"minute":%d},"repeats":false}}' % (
            r.randrange(2026, 2028), r.randrange(1, 13), r.randrange(1, 29), h, m)
    if kind < 0.55:
        days = sorted(r.sample(range(7), r.randrange(1, 4)))
        return '{"weekly":{"weekdays":[%s],"time":"%02d:%02d"}}' % (",".join(f'"{WEEKDAYS[d]}"' for d in days), h, m)
    if kind < 0.70:
        return '{"interval":{"seconds":%d,"repeats":true}}' % r.choice([900, 1800, 3600, 7200, 86400, 604800])
    if kind < 0.82:
        return '{"cron":{"expression":"%d %d * * %s"}}' % (m, h, r.choice(["*", "1-5", "0,6"]))
    if kind < 0.92:
        return '{"onCalendar":{"expression":"%s*-*-* %02d:%02d"}}' % (r.choice(["Mon..Fri ", "Sat,Sun ", ""]), h, m)
    return '{"rrule":{"text":"DTSTART:20260101T%02d%02d00\\nRRULE:FREQ=%s"}}' % (h, m, r.choice(["DAILY", "WEEKLY", "MONTHLY;BYMONTHDAY=%d" % r.randrange(1, 29)]))


def main():
    n = int(sys.argv[1])
    seed = int(sys.argv[sys.argv.index("--seed") + 1]) if "--seed" in sys.argv else 1
    r = random.Random(seed)
    out = sys.stdout
    if "--garbage" in sys.argv:
        for i in range(n):
            out.write("garbage line %d {not json\n" % r.randrange(10**9))
        return
    for i in range(n):
        ident = str(r.randrange(i)) if i > 0 and r.random() < 0.001 else (str(i) if r.random() < 0.8 else "user-%d" % i)
        line = '{"identifier":"%s","zone":"%s","trigger":%s' % (ident, r.choice(ZONES), trigger(r))
        if r.random() < 0.1:
            line += ',"payload":{"title":"Reminder %d","n":%d}' % (i, r.randrange(100))
        out.write(line + "}\n")


main()
