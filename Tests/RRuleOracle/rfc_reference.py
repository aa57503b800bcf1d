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
from math import gcd
from bisect import insort
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
            # The n-th such weekday of the year (YEARLY without BYMONTH) or else of the month,
            # counted from the start (n > 0) or the end (n < 0): the weekday d is the k-th from the
            # start where k = (day number - 1) // 7 + 1, and the k-th from the end where
            # k = (days in the span - day number) // 7 + 1.
            if freq == 6 and r["BYMONTH"] is None:
                number, span = d.timetuple().tm_yday, (366 if days_in_month(d.year, 2) == 29 else 365)
            else:
                number, span = d.day, days_in_month(d.year, d.month)
            if (n > 0 and (number - 1) // 7 + 1 == n) or (n < 0 and (span - number) // 7 + 1 == -n):
                hit = True
                break
        if not hit:
            return False
    return True


def add_months(y, m, k):
    t = y * 12 + (m - 1) + k
    return t // 12, t % 12 + 1


LAST_YEAR = 2201     # periods are searched to the end of this year; nothing after 2200 is compared


def day_periods(start, r):
    """The day-sized and larger periods (YEARLY, MONTHLY, WEEKLY, DAILY), k = 0, 1, …: each as
    the list of its days."""
    f, step = r["freq"], r["interval"]
    k = 0
    while True:
        if f == 6:
            y = start.year + k * step
            if y > LAST_YEAR:
                return
            yield [date(y, 1, 1) + timedelta(days=i) for i in range(366) if (date(y, 1, 1) + timedelta(days=i)).year == y]
        elif f == 5:
            y, m = add_months(start.year, start.month, k * step)
            if y > LAST_YEAR:
                return
            yield [date(y, m, i) for i in range(1, days_in_month(y, m) + 1)]
        elif f == 4:
            first = start.date() - timedelta(days=(start.weekday() - r["wkst"]) % 7) + timedelta(weeks=k * step)
            if first.year > LAST_YEAR:
                return
            yield [first + timedelta(days=i) for i in range(7)]
        else:
            d = start.date() + timedelta(days=k * step)
            if d.year > LAST_YEAR:
                return
            yield [d]
        k += 1


def subday_periods(start, r, day_passes):
    """The HOURLY, MINUTELY or SECONDLY periods that can hold an instance, in order: each as its
    start (a wall time). Period k starts at base + k × INTERVAL units, base being DTSTART cut to
    the unit. Rather than trying every period to the year 2201, this goes day by day: a day whose
    date fails the BY-day parts holds no instance (every period starting in it has that date), and
    in a day that passes, the periods tried are the times of day the BYHOUR, BYMINUTE and BYSECOND
    limits allow (all values of a part not given) that lie on the grid: (day start + time of day
    - base) is a multiple of INTERVAL units. If no allowed time of day can ever lie on the grid
    (its offset from base's time of day is not a multiple of gcd(INTERVAL units, 86400)), no
    period holds an instance and there is none to try."""
    f, step = r["freq"], r["interval"]
    unit = [1, 60, 3600][f]
    size = step * unit
    base = start - timedelta(seconds=(start.hour * 3600 + start.minute * 60 + start.second) % unit)
    hours = r["BYHOUR"] if r["BYHOUR"] is not None else range(24)
    minutes = (r["BYMINUTE"] if r["BYMINUTE"] is not None else range(60)) if f <= 1 else [0]
    seconds = (r["BYSECOND"] if r["BYSECOND"] is not None else range(60)) if f == 0 else [0]
    base_tod = base.hour * 3600 + base.minute * 60 + base.second
    g = gcd(size, 86400)
    tods = sorted({h * 3600 + m * 60 + sec for h in set(hours) for m in set(minutes) for sec in set(seconds)
                   if (h * 3600 + m * 60 + sec - base_tod) % g == 0})
    if not tods:
        return
    day = base.date()
    while day.year <= LAST_YEAR:
        if day_passes(day):
            midnight = datetime(day.year, day.month, day.day)
            offset = int((midnight - base).total_seconds())
            for tod in tods:
                if offset + tod >= 0 and (offset + tod) % size == 0:
                    yield midnight + timedelta(seconds=tod)
        day += timedelta(days=1)


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

    def period_sets():
        """Each period's sorted wall times (before BYSETPOS)."""
        if f >= 3:
            for days in day_periods(start, r):
                yield [datetime(d.year, d.month, d.day, h, mi, sec)
                       for d in days if day_ok(d, r, bymonth, bymonthday, byday, f)
                       for h in sorted(set(hours)) for mi in sorted(set(minutes)) for sec in sorted(set(seconds))]
        else:
            # In a sub-day period the parts finer than FREQ expand (HOURLY: minutes and seconds,
            # from the lists or DTSTART; MINUTELY: seconds); the others limit (subday_periods).
            mins = sorted(set(minutes)) if f == 2 else None
            secs = sorted(set(seconds)) if f >= 1 else None
            for p in subday_periods(start, r, lambda d: day_ok(d, r, bymonth, bymonthday, byday, f)):
                yield [p.replace(minute=mi if mins else p.minute, second=sec if secs else p.second)
                       for mi in (mins or [p.minute]) for sec in (secs or [p.second])]

    for cands in period_sets():
        if r["BYSETPOS"] is not None and cands:
            picked = set()
            for pos in r["BYSETPOS"]:
                i = pos - 1 if pos > 0 else len(cands) + pos
                if 0 <= i < len(cands):
                    picked.add(cands[i])
            cands = sorted(picked)
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

    # Enough wall times to cover `limit` distinct instants in instant order. A wall time w becomes
    # the instant w - offset, and no zone's UTC offset exceeds +14 hours in these years (Kiribati,
    # Apia), so any wall time at or after w gives an instant at or after w - 14 h: once that passes
    # the limit-th smallest instant found, no later wall time can change the first `limit`. (Wall
    # order and instant order differ across a gap read by §3.3.5, by up to a day at Apia's skipped
    # 2011-12-30.) The same bound ends the walk past a UTC UNTIL.
    bound = timedelta(hours=16)
    found = []      # the smallest distinct instants so far, at most `limit`
    for w in walls(start, r, mode):
        if w.year > 2200:
            break
        wall_seconds = int((w - EPOCH).total_seconds())
        if len(found) == limit and wall_seconds - bound.total_seconds() > found[-1]:
            break
        if until is not None:
            if until[1]:
                if wall_seconds - bound.total_seconds() > (until[0] - EPOCH).total_seconds():
                    break
                if stamp(w) > (until[0] - EPOCH).total_seconds():
                    continue
            elif w > until[0]:
                break
        t = stamp(w)
        if t not in found:
            insort(found, t)
            del found[limit:]
    return found
