#!/usr/bin/env python3
"""Writes the committed seed corpora of the structured harnesses (Fuzz/seeds/TARGET/), whose inputs
start with a fixed binary header (Tests/ChimeTests/FuzzHarnesses/FuzzSupport.swift reads it) followed by text.

    python3 Fuzz/make_seeds.py            # rewrites Fuzz/seeds/{cron,oncalendar,rrule,engine,cli-values,pending}

Header pieces, as the harnesses read them:
- zone, 2 bytes: first byte < 128 picks FuzzZones.interesting[b % 16] (0 America/New_York,
  1 Australia/Lord_Howe, 2 Pacific/Apia, 3 America/Sao_Paulo, 4 Europe/Dublin, ..., 15 Etc/UTC);
- start, 14 bytes: mode, a (u32), b (u32), nanosecond flag, nanoseconds (u32); mode 9 is
  1850-01-01T00:00:00Z + ((a << 1) | (b & 1)) seconds.
"""
import os
import shutil
import struct

ROOT = os.path.dirname(os.path.abspath(__file__))
BASE_1850 = -3_786_825_600


def zone(index):
    return bytes([index, 0])


def start(utc_seconds):
    """Mode 9: an instant in 1850...2100, whole seconds."""
    offset = utc_seconds - BASE_1850
    return bytes([9]) + struct.pack(">II", offset >> 1, offset & 1) + bytes([1]) + struct.pack(">I", 0)


T_2026_03_07 = 1_772_884_800      # 2026-03-07T12:00:00Z (New York's spring-forward is the next day)
T_2026_10_31 = 1_793_448_000      # 2026-10-31T12:00:00Z (fall-back the next day)
T_2025_10_04 = 1_759_536_000      # 2025-10-04T00:00:00Z (Lord Howe's half-hour gap is on the 5th)
T_2011_12_28 = 1_325_030_400      # 2011-12-28T00:00:00Z (Apia skips 2011-12-30)

NY, LORD_HOWE, APIA, SAO_PAULO, DUBLIN, UTC = 0, 1, 2, 3, 4, 15


def write(target, seeds):
    folder = os.path.join(ROOT, "seeds", target)
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    for i, data in enumerate(seeds, 1):
        with open(os.path.join(folder, "seed%02d" % i), "wb") as f:
            f.write(data)


# cron: flavor 1 (index in CronFlavor.allCases: posix, croniter, robfig, quartz, apscheduler,
# apscheduler3), zone 2, start 14, policies 1 (gap = p % 6, overlap = p / 6 % 4, explicit = p / 24 % 2,
# backward = p / 48 % 2), hash id 2, then the expression.
POSIX, CRONITER, ROBFIG, QUARTZ, APS4, APS3 = range(6)


def cron(flavor, text, z=NY, t=T_2026_03_07, policies=0, hash_flag=1):
    return bytes([flavor]) + zone(z) + start(t) + bytes([policies, hash_flag, 7]) + text.encode()


write("cron", [
    cron(POSIX, "30 2 * * *"),
    cron(POSIX, "*/15 1-3 * * 1-5"),
    cron(POSIX, "0 9 1,15 * mon"),
    cron(POSIX, "@daily", t=T_2026_10_31),
    cron(POSIX, "30 1 * * *", t=T_2026_10_31, policies=48),
    cron(CRONITER, "30 2 * * * 15"),
    cron(CRONITER, "0 0 L * *"),
    cron(CRONITER, "0 12 15W * *"),
    cron(CRONITER, "0 8 * * 5#3"),
    cron(CRONITER, "H H * * *", hash_flag=0),
    cron(CRONITER, "0 0 1 1 * 0 2030"),
    cron(ROBFIG, "0 30 2 * * *"),
    cron(ROBFIG, "TZ=Europe/Berlin 0 0 9 * * MON-FRI"),
    cron(ROBFIG, "@every 1h30m"),
    cron(ROBFIG, "0 */5 * * * ?", z=LORD_HOWE, t=T_2025_10_04),
    cron(QUARTZ, "0 30 2 ? * *"),
    cron(QUARTZ, "0 15 10 ? * 6L"),
    cron(QUARTZ, "0 0 12 LW * ?"),
    cron(QUARTZ, "0 0 12 ? * 2#1 2027"),
    cron(QUARTZ, "0 0/30 1 L-3 * ?", t=T_2026_10_31),
    cron(APS4, "30 2 * * *"),
    cron(APS4, "0 9 * * 5-1"),
    cron(APS3, "30 2 * * *"),
    cron(APS3, "0 0 last * *"),
    cron(APS3, "0 0 * * 0", z=APIA, t=T_2011_12_28),
    cron(POSIX, "0 0 * * *", z=SAO_PAULO, t=1_541_030_400, policies=24 + 5),   # 2018-11-01, gap reject
])


# oncalendar: zone 2, start 14, policies 1 (explicit = p % 2, gap = p / 2 % 6, overlap = p / 12 % 4),
# then the expression.
def oncalendar(text, z=NY, t=T_2026_03_07, policies=0):
    return zone(z) + start(t) + bytes([policies]) + text.encode()


write("oncalendar", [
    oncalendar("*-*-* 02:30:00"),
    oncalendar("daily"),
    oncalendar("Mon..Fri *-*-* 07:00 Europe/Berlin"),
    oncalendar("*-*-* 01:30", t=T_2026_10_31),
    oncalendar("*:0/15"),
    oncalendar("Sat,Sun 10:00"),
    oncalendar("*-02~01 12:00"),
    oncalendar("Mon *-05~07/1 09:00"),
    oncalendar("2027-01-01 00:00:00 UTC"),
    oncalendar("*-*-1,15 8:30:15.250"),
    oncalendar("quarterly"),
    oncalendar("minutely", z=LORD_HOWE, t=T_2025_10_04),
    oncalendar("*-12-30 10:00", z=APIA, t=T_2011_12_28),
    oncalendar("*-*-* 02:30", policies=1 + 2 * 2 + 12 * 3),        # gap shift, overlap both
    oncalendar("*-*-* 02:30", policies=1 + 2 * 5),                 # gap reject
    oncalendar("@1772953200"),
    oncalendar("hourly", z=DUBLIN),
    oncalendar("2026..2030-03-08/2 02:*:00"),
])


# rrule: zone 2, start 14, mode 1 (0 RRULE value with DTSTART = the start's wall time, 1 recurrence
# lines, 2 an iCalendar file), policies 1 (dtstart mode = p % 2, gap = p / 2 % 6, overlap = p / 12 % 4),
# then the text.
def rrule(mode, text, z=NY, t=T_2026_03_07, policies=0):
    return zone(z) + start(t) + bytes([mode, policies]) + text.encode()


ICS = """BEGIN:VCALENDAR
VERSION:2.0
BEGIN:VEVENT
UID:standup-1
DTSTART;TZID=America/New_York:20260302T093000
RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=10
EXDATE;TZID=America/New_York:20260304T093000
RDATE;VALUE=PERIOD:20260307T150000Z/PT1H
END:VEVENT
END:VCALENDAR
"""

OUTLOOK_ZONE = """BEGIN:VTIMEZONE
TZID:Customized Time Zone
BEGIN:STANDARD
DTSTART:16010101T030000
TZOFFSETFROM:+0200
TZOFFSETTO:+0100
RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10
END:STANDARD
BEGIN:DAYLIGHT
DTSTART:16010101T020000
TZOFFSETFROM:+0100
TZOFFSETTO:+0200
RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3
END:DAYLIGHT
END:VTIMEZONE
"""

write("rrule", [
    rrule(0, "FREQ=DAILY"),
    rrule(0, "FREQ=MONTHLY;BYDAY=-1FR;COUNT=3"),
    rrule(0, "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29"),
    rrule(0, "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;UNTIL=20261231T235959Z"),
    rrule(0, "FREQ=HOURLY;BYHOUR=1,2,3;BYMINUTE=0,30", t=T_2026_10_31, policies=12 * 3),
    rrule(0, "FREQ=MINUTELY;INTERVAL=90;COUNT=20"),
    rrule(0, "FREQ=MONTHLY;BYMONTHDAY=-1,15;BYSETPOS=1"),
    rrule(0, "FREQ=YEARLY;BYWEEKNO=1,53;BYDAY=MO;WKST=SU"),
    rrule(0, "FREQ=YEARLY;BYYEARDAY=-1,100"),
    rrule(0, "RRULE:FREQ=SECONDLY;BYSECOND=0,59;COUNT=5"),
    rrule(1, "DTSTART;TZID=America/New_York:20260308T023000\nRRULE:FREQ=DAILY;COUNT=3"),
    rrule(1, "DTSTART;TZID=America/New_York:20261101T013000\nRRULE:FREQ=DAILY;COUNT=3", policies=1 + 12 * 3),
    rrule(1, "DTSTART:20260130T090000\nRRULE:FREQ=MONTHLY;BYMONTHDAY=30,31\nEXDATE:20260330T090000\nRDATE:20260214T120000"),
    rrule(1, "DTSTART;VALUE=DATE:20260101\nRRULE:FREQ=YEARLY;UNTIL=20300101"),
    rrule(1, "DTSTART:20260301T120000Z\nRDATE:20260305T120000Z,20260310T120000Z"),
    rrule(1, "DTSTART;TZID=Australia/Lord_Howe:20251005T020000\nFREQ=DAILY;BYMINUTE=0,15,30,45;COUNT=12", policies=2 * 2),
    rrule(2, ICS),
    rrule(2, ICS.replace("UID:standup-1", "UID:x\nBEGIN:VALARM\nTRIGGER:-PT15M\nEND:VALARM")),
    # VTIMEZONE (RFC 5545 §3.6.5): Outlook's Customized Time Zone, and RDATE onsets across the date line.
    rrule(2, ICS.replace("VERSION:2.0\n", "VERSION:2.0\n" + OUTLOOK_ZONE).replace("America/New_York", "Customized Time Zone")),
    rrule(2, ICS.replace("VERSION:2.0\n", "VERSION:2.0\nBEGIN:VTIMEZONE\nTZID:Apia\nBEGIN:DAYLIGHT\nDTSTART:20111230T000000\n"
                         "TZOFFSETFROM:-1000\nTZOFFSETTO:+1400\nRDATE:20131230T000000,20151230T000000\nEND:DAYLIGHT\nBEGIN:STANDARD\n"
                         "DTSTART:20120401T040000\nTZOFFSETFROM:+1400\nTZOFFSETTO:-1000\nRDATE;VALUE=PERIOD:20140401T040000/PT1H\nEND:STANDARD\n"
                         "END:VTIMEZONE\n").replace("America/New_York", "Apia")),
    # RFC 7529 RSCALE: leap months, SKIP, a lunisolar MONTHLY, a DST gap on the local clock.
    rrule(0, "RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=5L;BYMONTHDAY=8;SKIP=FORWARD"),
    rrule(0, "RSCALE=CHINESE;FREQ=MONTHLY;BYMONTHDAY=30,-30;SKIP=BACKWARD;COUNT=8"),
    rrule(0, "RSCALE=ISLAMIC-CIVIL;FREQ=YEARLY;BYMONTH=9;BYDAY=FR;BYSETPOS=-1"),
    rrule(1, "DTSTART;TZID=America/New_York:20260308T023000\nRRULE:RSCALE=GREGORIAN;FREQ=MONTHLY;BYMONTHDAY=31;SKIP=FORWARD;COUNT=6"),
])


# engine: zone 2, start 14, kind 1 (% 8: 0-5 calendar, 6 weekly, 7 interval), policies 3, week rules 1,
# chain length 1, aim 1, component mask 2, component values 17, interval 8 (EngineHarness.swift).
FIELDS = ["year", "month", "day", "hour", "minute", "second", "nanosecond", "weekday", "weekdayOrdinal",
          "weekOfMonth", "weekOfYear", "yearForWeekOfYear", "dayOfYear"]
MATCHING = ["nextTime", "nextTimePreservingSmallerComponents", "previousTimePreservingSmallerComponents", "strict"]
GAPS = [None, "skip", "shift", "nextValid", "previous", "reject"]
OVERLAPS = [None, "first", "last", "both"]


def engine(z=NY, t=T_2026_03_07, kind=0, matching="nextTime", repeated="first", backward=False, gap=None, overlap=None,
           consistent=True, repeats=True, drift=False, chain=4, aim=0, weekdays=0, interval=None, **c):
    p0 = MATCHING.index(matching) + 4 * (repeated == "last") + (0 if backward else 8)
    p1 = (0 if gap is None else GAPS.index(gap) + 2) + 8 * OVERLAPS.index(overlap)
    p2 = (0 if consistent else 1) + (2 if repeats else 0) + (16 if drift else 0)
    mask = sum(1 << FIELDS.index(k) for k in c) | (weekdays << 8)
    day = c.get("day", 1)
    values = bytes([0, 0, (c.get("month", 1) - 1), (day - 1) if day > 0 else 4 * (-day - 1), c.get("hour", 0), c.get("minute", 0),
                    c.get("second", 0)]) + struct.pack(">H", 0) + bytes([c.get("weekday", 1) - 1]) \
        + bytes([(c.get("weekdayOrdinal", 1) - 1) if c.get("weekdayOrdinal", 1) > 0 else 3 * (-c["weekdayOrdinal"] - 1),
                 c.get("weekOfMonth", 0), c.get("weekOfYear", 1) - 1]) + struct.pack(">H", c.get("dayOfYear", 1) - 1) + bytes(2)
    if "year" in c:
        values = bytes([0, (c["year"] - 2026) & 0xFF]) + values[2:]       # year near the start's
    iv = interval or (0, 0, 0)          # (raw, unit, anchor mode)
    ivb = struct.pack(">IB", iv[0], iv[1]) + bytes([iv[2], iv[2], iv[2]])
    return zone(z) + start(t) + bytes([kind, p0, p1, p2, 0, chain - 1, aim]) + struct.pack(">H", mask) + values + ivb


write("engine", [
    engine(hour=2, minute=30),
    engine(hour=2, minute=30, gap="shift"),
    engine(hour=2, minute=30, matching="strict"),
    engine(hour=1, minute=30, t=T_2026_10_31, overlap="both"),
    engine(hour=1, minute=30, t=T_2026_10_31, repeated="last", consistent=False),
    engine(minute=30, gap="shift"),
    engine(day=31, hour=9, matching="previousTimePreservingSmallerComponents"),
    engine(day=-1, hour=12, backward=True),
    engine(month=3, hour=9),
    engine(weekday=1, weekdayOrdinal=-1, hour=2),
    engine(dayOfYear=60, consistent=False),
    engine(weekOfYear=53, weekday=2),
    engine(year=2027, hour=9),
    engine(hour=2, z=LORD_HOWE, t=T_2025_10_04, matching="strict"),
    engine(hour=0, z=SAO_PAULO, t=1_541_030_400, gap="reject"),
    engine(hour=10, z=APIA, t=T_2011_12_28, consistent=False),
    engine(kind=6, weekdays=0b1000001, hour=2, minute=30, gap="reject"),
    engine(kind=6, weekdays=0b0111110, hour=1, minute=30, t=T_2026_10_31, overlap="both"),
    engine(kind=7, interval=(5400, 1, 0)),
    engine(kind=7, interval=(1440, 0, 1), drift=True),
    engine(kind=7, interval=(3600, 1, 2), repeats=False),
    engine(aim=1, hour=0, gap="nextValid"),
    engine(aim=2, second=0, hour=0, overlap="last", z=DUBLIN),
])


# cli-values: zone 2, option choice 1 (% 7: at, components, weekly, every, cron, oncalendar, rrule;
# / 8 % 2: add --flavor, / 16 % 6 which), extra-option mask 1 (bits: matching, repeated, gap, overlap,
# semantics, first-weekday, min-days, once), then newline-separated values (the first is the
# trigger option's, the others the extra options' in bit order; every value also goes through
# every parser).
AT, COMPONENTS, WEEKLY, EVERY, CRON, ONCALENDAR, RRULE = range(7)


def cli(choice, mask, *values, z=NY):
    return zone(z) + bytes([choice, mask]) + "\n".join(values).encode()


write("cli-values", [
    cli(AT, 0, "02:30"),
    cli(AT, 0b100, "02:30:15", "shift"),
    cli(COMPONENTS, 0b1, "hour=2,minute=30,weekday=1", "strict"),
    cli(COMPONENTS, 0b1100000, "day=-1,hour=9", "2", "4"),
    cli(COMPONENTS, 0b10000, "weekOfYear=53,yearForWeekOfYear=2026", "consistent"),
    cli(WEEKLY, 0, "mon,wed,fri@09:00"),
    cli(WEEKLY, 0b1000, "Sunday,7@01:30", "both"),
    cli(EVERY, 0, "1h30m"),
    cli(EVERY, 0b10000000, "0.5s"),
    cli(EVERY, 0, "2d 12h"),
    cli(CRON, 0, "30 2 * * *"),
    cli(CRON + 8 + 16 * 2, 0, "TZ=Europe/Berlin 0 0 9 * * MON-FRI"),
    cli(ONCALENDAR, 0, "Mon..Fri *-*-* 07:00 Europe/Berlin"),
    cli(RRULE, 0, "FREQ=MONTHLY;BYDAY=-1FR"),
    cli(AT, 0, "2026-03-08T02:30", "2026-03-08T07:00:00Z", "2026-11-01 01:30:00", "2026-03-08", "@1772953200", "now",
        "2026-03-08T03:00:00.250-04:00", "20260308T023000"),
    cli(EVERY, 0, "5400", "90min", "1w", "3mo", "tue", "Thursday", "hour=2,hour=3"),
])


# pending: header 1 (limit = h % 8 + 1, rule = h / 8 % 3: soonest, recent, reject; profile = h / 24 % 4:
# none, ios, android, none), then the file.
PENDING = """{"identifier": "standup", "zone": "America/New_York", "trigger": {"calendar": {"components": {"hour": 9, "minute": 0}}}, "payload": {"title": "Standup", "n": 1.5}}
{"identifier": "pill", "zone": "Europe/Berlin", "trigger": {"calendar": {"components": {"hour": 8}}}}
{"identifier": "call", "zone": "UTC", "trigger": {"interval": {"seconds": 3600, "repeats": false}}}
{"identifier": "bad-zone", "zone": "Mars/Olympus", "trigger": {"calendar": {"components": {"hour": 8}}}}
not json
{"identifier": "too-fast", "zone": "UTC", "trigger": {"interval": {"seconds": 30, "repeats": true}}}
{"identifier": "pill", "zone": "Europe/Berlin", "trigger": {"calendar": {"components": {"hour": 7, "minute": 30}}}}
{"identifier": "past", "zone": "UTC", "trigger": {"calendar": {"components": {"year": 2020, "month": 1, "day": 1}}}}
"""


def pending(header, text):
    return bytes([header]) + text.encode()


write("pending", [
    pending(1, PENDING),
    pending(8 + 2, PENDING),
    pending(16 + 24, PENDING.replace("\n", "\r\n")),
    pending(48 + 3, '{"id": 7, "zone": "America/New_York", "created": "2026-03-07 09:00", "trigger": {"weekly": {"weekdays": ["sun", "sat"], "time": "02:30", "gap": "reject"}}}\n'
                    '{"identifier": "w", "zone": "Australia/Lord_Howe", "after": "2026-03-01T00:00:00Z", "trigger": {"cron": {"expression": "*/30 * * * *", "flavor": "croniter"}}}\n'),
    pending(5, '{"identifier": "a", "zone": "Europe/Dublin", "trigger": {"onCalendar": {"expression": "*-*-* 01:30"}}}\n\n   \n'
               '{"identifier": "r", "zone": "America/New_York", "trigger": {"rrule": {"text": "DTSTART:20260301T093000\\nRRULE:FREQ=DAILY;COUNT=3"}}}\n'
               '{"identifier": "i", "zone": "Asia/Tehran", "trigger": {"interval": {"seconds": "5400.5", "anchor": "2026-03-07 09:00", "reportDrift": true}}}\n'
               '[1,2]\n{"identifier": "", "zone": "UTC", "trigger": {"calendar": {"components": {"hour": 8}}}}\n'),
    pending(2, '{"identifier": "d", "zone": "America/Sao_Paulo", "created": "2018-11-03T12:00:00Z", "trigger": {"calendar": {"components": {"hour": 0}, "semantics": "consistent", "gap": "shift", "overlap": "both"}}}'),
])
