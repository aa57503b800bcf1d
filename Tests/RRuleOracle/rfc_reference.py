#!/usr/bin/env python3
"""An independent, deliberately plain reading of RFC 5545, used to judge differences between
Chime and its peers (dateutil, libical) case by case. It shares no code with Chime or the peers.

Expansion (RFC 5545 §3.3.10): periods of FREQ (years; months; weeks starting on WKST; days;
hours; minutes; seconds) from DTSTART's period, every INTERVAL-th. In a period, every day of the
period is tried against every BY-day part given (BYMONTH, BYWEEKNO, BYYEARDAY, BYMONTHDAY,
BYDAY), and every time of day from the BYHOUR x BYMINUTE x BYSECOND lists (the parts the rule
leaves out and that are coarser than FREQ come from DTSTART, §3.3.10 "derived from DTSTART";
finer FREQs test the period's own hour/minute/second against the lists given). The defaults of
RFC 5545 §3.3.10: YEARLY with no day part is DTSTART's month (unless BYMONTH) and day; MONTHLY
DTSTART's day; WEEKLY DTSTART's weekday. A numbered BYDAY counts in the month (MONTHLY, or YEARLY
with BYMONTH: "special expand for MONTHLY if BYMONTH present") else in the year. Week numbers: week 1
is the first week with at least four days of the year (so it holds January 4), weeks start on
WKST; a day belongs to the week-numbering year its week lies in. BYSETPOS picks positions in the
period's sorted set. Instances before DTSTART are dropped; DTSTART is the first instance always
(mode "always", the COUNT text) or only when it matches (mode "ifMatching"); COUNT counts the
wall times; UNTIL is inclusive (in UTC for a zoned DTSTART).

Wall times become instants with zoneinfo: fold=0, which is RFC 5545 §3.3.5 exactly (a time in a
gap is read with the offset before the gap; a repeated time is its first occurrence). The result
is a set: instants are sorted and repeats removed (§3.8.5.3 "the recurrence set").
"""
from datetime import date, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

FREQS = ["SECONDLY", "MINUTELY", "HOURLY", "DAILY", "WEEKLY", "MONTHLY", "YEARLY"]
DAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]          # Python's weekday(): Monday = 0
EPOCH = datetime(1970, 1, 1)


def parse(rule):
    parts = {}
    for item in rule.split(";"):
        k, v = item.split("=", 1)
        parts[k] = v
    r = {"freq": FREQS.index(parts["FREQ"]), "interval": int(parts.get("INTERVAL", "1")),
         "count": int(parts["COUNT"]) if "COUNT" in parts else None, "until": parts.get("UNTIL"),
         "wkst": DAYS.index(parts.get("WKST", "MO"))}
    for name in ["BYSECOND", "BYMINUTE", "BYHOUR", "BYMONTHDAY", "BYYEARDAY", "BYWEEKNO", "BYMONTH", "BYSETPOS"]:
        r[name] = [int(x) for x in parts[name].split(",")] if name in parts else None
    r["BYDAY"] = None
    if "BYDAY" in parts:
        r["BYDAY"] = [(int(x[:-2]) if x[:-2] else None, DAYS.index(x[-2:])) for x in parts["BYDAY"].split(",")]
    return r


def days_in_month(y, m):
    return ((date(y + (m == 12), m % 12 + 1, 1)) - date(y, m, 1)).days


def week1_start(y, wkst):
    jan4 = date(y, 1, 4)
    return jan4 - timedelta(days=(jan4.weekday() - wkst) % 7)


def week_numbers(d, wkst):
    y = d.year
    if d < week1_start(y, wkst):
        y -= 1
    elif d >= week1_start(y + 1, wkst):
        y += 1
    n = (d - week1_start(y, wkst)).days // 7 + 1
    total = (week1_start(y + 1, wkst) - week1_start(y, wkst)).days // 7
    return n, n - total - 1


def day_ok(d, r, bymonth, bymonthday, byday, freq):
    if bymonth is not None and d.month not in bymonth:
        return False
    if r["BYWEEKNO"] is not None:
        n, neg = week_numbers(d, r["wkst"])
        if n not in r["BYWEEKNO"] and neg not in r["BYWEEKNO"]:
            return False
    if r["BYYEARDAY"] is not None:
        yday = d.timetuple().tm_yday
        ylen = 366 if days_in_month(d.year, 2) == 29 else 365
        if yday not in r["BYYEARDAY"] and yday - ylen - 1 not in r["BYYEARDAY"]:
            return False
    if bymonthday is not None:
        dim = days_in_month(d.year, d.month)
        if d.day not in bymonthday and d.day - dim - 1 not in bymonthday:
            return False
    if byday is not None:
        hit = False
        for n, wd in byday:
            if d.weekday() != wd:
                continue
            if n is None:
                hit = True
                break
            in_year = freq == 6 and r["BYMONTH"] is None
            if in_year:
                same = [x for x in (date(d.year, 1, 1) + timedelta(days=i) for i in range(366)) if x.year == d.year and x.weekday() == wd]
            else:
                same = [date(d.year, d.month, i) for i in range(1, days_in_month(d.year, d.month) + 1) if date(d.year, d.month, i).weekday() == wd]
            index = same.index(d)
            if (n > 0 and index == n - 1) or (n < 0 and index == len(same) + n):
                hit = True
                break
        if not hit:
            return False
    return True


def add_months(y, m, k):
    t = y * 12 + (m - 1) + k
    return t // 12, t % 12 + 1


def periods(start, r):
    """Yields (list of days, or None for a sub-day period start) for period k = 0, 1, …"""
    f, step = r["freq"], r["interval"]
    k = 0
    while True:
        if f == 6:
            y = start.year + k * step
            if y > 2201:
                return
            yield [date(y, 1, 1) + timedelta(days=i) for i in range(366) if (date(y, 1, 1) + timedelta(days=i)).year == y], None
        elif f == 5:
            y, m = add_months(start.year, start.month, k * step)
            if y > 2201:
                return
            yield [date(y, m, i) for i in range(1, days_in_month(y, m) + 1)], None
        elif f == 4:
            first = start.date() - timedelta(days=(start.weekday() - r["wkst"]) % 7) + timedelta(weeks=k * step)
            if first.year > 2201:
                return
            yield [first + timedelta(days=i) for i in range(7)], None
        elif f == 3:
            d = start.date() + timedelta(days=k * step)
            if d.year > 2201:
                return
            yield [d], None
        else:
            unit = [1, 60, 3600][f]
            base = start.replace(microsecond=0)
            base = base - timedelta(seconds=(base.hour * 3600 + base.minute * 60 + base.second) % unit)
            p = base + timedelta(seconds=k * step * unit)
            if p.year > 2201:
                return
            yield None, p
        k += 1


def walls(start, r, mode):
    """The rule's wall times in order (naive datetimes), DTSTART handled per mode, COUNT applied."""
    f = r["freq"]
    no_day = r["BYWEEKNO"] is None and r["BYYEARDAY"] is None and r["BYMONTHDAY"] is None and r["BYDAY"] is None
    bymonth, bymonthday, byday = r["BYMONTH"], r["BYMONTHDAY"], r["BYDAY"]
    if no_day:
        if f == 6:
            bymonth = bymonth or [start.month]
            bymonthday = [start.day]
        elif f == 5:
            bymonthday = [start.day]
        elif f == 4:
            byday = [(None, start.weekday())]
    hours = r["BYHOUR"] if r["BYHOUR"] is not None else [start.hour]
    minutes = r["BYMINUTE"] if r["BYMINUTE"] is not None else [start.minute]
    seconds = r["BYSECOND"] if r["BYSECOND"] is not None else [start.second]
    count = 0
    if mode == "always":
        count = 1
        yield start
        if r["count"] is not None and count >= r["count"]:
            return
    idle = 0
    for days, p in periods(start, r):
        cands = []
        if days is not None:
            for d in days:
                if day_ok(d, r, bymonth, bymonthday, byday, f):
                    for h in sorted(set(hours)):
                        for mi in sorted(set(minutes)):
                            for s in sorted(set(seconds)):
                                cands.append(datetime(d.year, d.month, d.day, h, mi, s))
        else:
            if day_ok(p.date(), r, bymonth, bymonthday, byday, f) \
                    and (r["BYHOUR"] is None or p.hour in r["BYHOUR"]) \
                    and (f > 1 or r["BYMINUTE"] is None or p.minute in r["BYMINUTE"]) \
                    and (f > 0 or r["BYSECOND"] is None or p.second in r["BYSECOND"]):
                mins = [p.minute] if f < 2 else sorted(set(minutes))
                secs = [p.second] if f < 1 else sorted(set(seconds))
                for mi in mins:
                    for s in secs:
                        cands.append(p.replace(minute=mi, second=s))
        if r["BYSETPOS"] is not None and cands:
            picked = set()
            for pos in r["BYSETPOS"]:
                i = pos - 1 if pos > 0 else len(cands) + pos
                if 0 <= i < len(cands):
                    picked.add(cands[i])
            cands = sorted(picked)
        idle = idle + 1 if not cands else 0
        if f < 3 and idle > 400 * 24 * 3600:       # a sub-day rule that cannot match: stop
            return
        for c in cands:
            if c < start or (mode == "always" and c == start):
                continue
            if r["count"] is not None and count >= r["count"]:
                return
            count += 1
            yield c
        if r["count"] is not None and count >= r["count"]:
            return


def expand(start_text, tzid, rule, limit, mode):
    """The first `limit` instances (seconds: UTC for a zone, local since 1970 if floating), none after 2200."""
    r = parse(rule)
    start = datetime.strptime(start_text, "%Y%m%dT%H%M%S")
    zone = ZoneInfo(tzid) if tzid != "-" else None
    until = None
    if r["until"]:
        u = r["until"]
        if len(u) == 8:
            until_wall = datetime.strptime(u, "%Y%m%d") + timedelta(days=1) - timedelta(seconds=1)
        else:
            until_wall = datetime.strptime(u.rstrip("Z"), "%Y%m%dT%H%M%S")
        until = (until_wall, u.endswith("Z"))
    def stamp(w):
        return int(w.replace(tzinfo=zone).timestamp()) if zone else int((w - EPOCH).total_seconds())

    # Enough wall times to cover `limit` distinct instants in instant order: resolution can move an
    # instant by at most the zone's largest offset change (3 hours covers every zone), so walls more
    # than 3 hours past the limit-th distinct one cannot come earlier.
    out = []
    for w in walls(start, r, mode):
        if w.year > 2200:
            break
        if until is not None:
            if until[1]:
                limit_stamp = (until[0] - EPOCH).total_seconds()
                if stamp(w) > limit_stamp:
                    if (w - until[0]).total_seconds() > 3 * 86400:
                        break
                    continue
            elif w > until[0]:
                break
        out.append(stamp(w))
        distinct = sorted(set(out))
        if len(distinct) > limit and stamp(w) - distinct[limit - 1] > 3 * 3600:
            break
    return sorted(set(out))[:limit]
