#!/usr/bin/env python3
"""The bad-input battery: hostile and broken input to every `chime` command and batch field.

    python3 Tests/BadInput/battery.py [--chime PATH] [--list] [--filter TEXT] [--timeout SECONDS]

Each case states its expected outcome here, from docs/contract.md (exit codes, error codes) —
never from a run of chime:

- `bad`: exit 2, nothing on stdout, a message on stderr that contains every `mentions` text;
- `no_answer`: exit 1 with a message (the question has no answer);
- `ok`: exit 0 (edge input that is valid, e.g. `--count 0`);
- `batch`: exit 0 and exactly one JSON response per non-blank input line, in order, each with the
  expected error code (or fires, for `None`): one bad line never loses the others;
- `pending`: exit 0 and, in `--json`, the expected error code on each bad line's number.

Every run must also finish within the timeout (default 5 s), not die by a signal, and print no
Swift crash report or Swift type name. Zones come from the pinned fixtures (compiled with zic into
a temporary TZDIR), so the answers do not depend on the host's tz data. Exit status 0 when every
case passes; the tally is the last line.
"""

import argparse
import base64
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
NY = "America/New_York"
AFTER = "2026-03-07T12:00:00Z"

# Text that only a crash or a leaked Swift type would print.
CRASH_MARKERS = ["Fatal error", "Backtrace", "Swift runtime failure", "Illegal instruction", "Segmentation fault",
                 "Current stack trace"]
TYPE_MARKERS = re.compile(r"Optional\(|Swift\.|Chime\.|ChimeBatch\.|DecodingError|TriggerError|ZoneError|TimeError|"
                          r"CronError|RRuleError|OnCalendarError|PendingError|error [0-9]+\.\)")


class Case:
    def __init__(self, name, args, kind, mentions=(), stdin=None, env=None, stdout="pipe", codes=None, lines=None,
                 shows=(), hides=(), reload_to=None, reload_by="hangup"):
        self.name, self.args, self.kind = name, args, kind
        self.mentions, self.stdin, self.env, self.stdout = list(mentions), stdin, env or {}, stdout
        self.codes, self.lines = codes, lines
        # `ok` cases: texts stdout must show, with no raw control character (but line ends).
        self.shows, self.hides = list(shows), list(hides)
        # `reload` cases: the tree the batch's TZDIR link is switched to, and how it is told.
        self.reload_to, self.reload_by = reload_to, reload_by


CASES = []


def bad(name, args, *mentions, **kw):
    CASES.append(Case(name, args, "bad", mentions, **kw))


def no_answer(name, args, *mentions, **kw):
    CASES.append(Case(name, args, "no_answer", mentions, **kw))


def ok(name, args, **kw):
    CASES.append(Case(name, args, "ok", **kw))


def reload(name, to, cause, by="hangup"):
    """`chime batch` reading a TZDIR link to the pinned tree, switched to the tree `to` (a path or
    `{tree:NAME}`) between lines (SIGHUP, or the on-disk check): every line is answered from the
    pinned data, and stderr says the tree was not loaded and why (`cause`)."""
    CASES.append(Case(name, ["batch", "--zone-check-interval", "1" if by == "check" else "0"], "reload",
                      ["was not loaded, the data loaded before stays in use", cause], reload_to=to, reload_by=by))


def batch(name, lines, codes, args=()):
    """`lines`: request lines (str or bytes, dicts are JSON-encoded); `codes`: the expected error
    code per non-blank line, None for an answer with fires."""
    raw = b"".join((json.dumps(l).encode() if isinstance(l, dict) else l.encode() if isinstance(l, str) else l) + b"\n"
                   for l in lines)
    CASES.append(Case(name, ["batch", *args], "batch", stdin=raw, codes=codes))


def pending(name, lines, codes, command=("pending", "--now", AFTER)):
    """`codes`: {line number: expected error code} for the bad lines of a pending file."""
    raw = b"".join((json.dumps(l).encode() if isinstance(l, dict) else l.encode() if isinstance(l, str) else l) + b"\n"
                   for l in lines)
    CASES.append(Case(name, [command[0], "{file}", *command[1:], "--json"], "pending", lines=raw, codes=codes))


def request(trigger, zone=NY, **extra):
    return {"id": "r", "zone": zone, "after": AFTER, "count": 2, "trigger": trigger, **extra}


CAL = {"calendar": {"components": {"hour": 2, "minute": 30}}}
GOOD = request(CAL)

# ---------------------------------------------------------------------------------------------
# Zones: unknown and hostile ids, on every command that takes one.
HOSTILE_ZONES = [
    ("unknown", "Mars/Olympus_Mons", ["unknown time zone"]),
    ("path traversal", "../../etc/passwd", ["unknown time zone"]),
    ("absolute path", "/etc/passwd", ["malformed TZif file /etc/passwd", "not a TZif file"]),
    ("dot", ".", ["unknown time zone"]),
    ("dot dot", "..", ["unknown time zone"]),
    ("directory", "America", ["unknown time zone"]),
    ("trailing slash", "America/New_York/", ["unknown time zone"]),
    ("10 kB id", "A" * 10_000, ["unknown time zone"]),
    ("empty", "", ["zone"]),
    ("spaces", "   ", ["zone"]),
    ("newline inside", "America/New\nYork", ["unknown time zone"]),
    ("tab", "\t", ["zone"]),
    ("malformed POSIX TZ rule", "EST5EDT,M3.2.0,M13.1.0", ["unknown time zone", "month 13 outside 1-12"]),
    ("offset", "+05:00", ["unknown time zone"]),
    ("glob", "America/*", ["unknown time zone"]),
    ("unicode", "Europe/Zürich", ["unknown time zone"]),
    ("emoji", "🕰️", ["unknown time zone"]),
    ("sql", "UTC'; DROP TABLE zones;--", ["unknown time zone"]),
    ("format string", "%s%s%s%n", ["unknown time zone"]),
    ("tzdata.zi", "tzdata.zi", ["unknown time zone"]),
    ("zone1970.tab", "zone1970.tab", ["unknown time zone"]),
    ("posixrules", "posixrules/../UTC", ["unknown time zone"]),
]
for label, zone, mentions in HOSTILE_ZONES:
    bad(f"zone: {label}", ["zone", zone, "--at", AFTER], *mentions)
    bad(f"next --tz: {label}", ["next", "--at", "02:30", "--tz", zone, "--after", AFTER], *mentions)
for label, zone, mentions in HOSTILE_ZONES[:8]:
    bad(f"transitions: {label}", ["transitions", zone, "--from", "2026"], *mentions)
    bad(f"resolve: {label}", ["resolve", zone, "2026-03-08T02:30"], *mentions)
    bad(f"audit --zones: {label}", ["audit", "--at", "02:30", "--zones", zone, "--from", "2026"], *mentions)
    batch(f"batch zone: {label}", [request(CAL, zone=zone), GOOD],
          ["malformedZoneData" if zone.startswith("/") else "unknownZone", None])
bad("next: $TZ unknown", ["next", "--at", "02:30", "--after", AFTER], "unknown time zone", "$TZ", env={"TZ": "Mars/X"})
bad("next: $TZ hostile path", ["next", "--at", "02:30", "--after", AFTER], "unknown time zone", env={"TZ": ":../../etc/passwd"})
bad("zone source env bogus", ["zone", "UTC"], "CHIME_ZONE_SOURCE", env={"CHIME_ZONE_SOURCE": "bogus"})
bad("--source bogus", ["zone", "UTC", "--source", "sundial"], "--source")
bad("TZDIR missing, --source tzif", ["zone", "UTC", "--source", "tzif"], "tzif", env={"TZDIR": "/nonexistent-tz"})
bad("TZDIR is a file, --source tzif", ["zone", "UTC", "--source", "tzif"], "tzif", env={"TZDIR": "/etc/hostname"})
batch("batch: zone wrong type", [request(CAL, zone=5), request(CAL, zone=None), request(CAL, zone=["UTC"]), GOOD],
      ["invalidField", "invalidField", "invalidField", None])
batch("batch: zone with NUL", [request(CAL, zone="America/New_York\u0000"), request(CAL, zone="\u0000"), GOOD],
      ["unknownZone", "unknownZone", None])

# ---------------------------------------------------------------------------------------------
# Instants and local times: malformed, years 0 / 10000 / Int64 extremes.
BAD_INSTANTS = [
    ("year 0", "0000-01-01T00:00:00Z", ["year 0"]),
    ("year 10000", "10000-01-02T02:00:00Z", ["10000"]),   # just past the instants Chime writes
    ("year 99999", "99999-01-01", ["99999"]),
    ("negative year", "-0001-01-01T00:00:00Z", ["-0001"]),
    ("Int64 max epoch", "@9223372036854775807", ["out of range"]),
    ("Int64 min epoch", "@-9223372036854775808", ["out of range"]),
    ("beyond Int64 epoch", "@99999999999999999999999", ["@99999999999999999999999"]),
    ("epoch NaN", "@nan", ["@nan"]),
    ("epoch inf", "@inf", ["@inf"]),
    ("month 13", "2026-13-01T00:00:00Z", ["2026-13-01"]),
    ("day 32", "2026-01-32T00:00:00Z", ["2026-01-32"]),
    ("Feb 30", "2026-02-30T00:00:00Z", ["2026-02-30"]),
    ("hour 24", "2026-01-01T24:00:00Z", ["2026-01-01T24"]),
    ("minute 60", "2026-01-01T00:60:00Z", ["00:60"]),
    ("offset 26h", "2026-01-01T00:00:00+26:00", ["+26:00"]),
    ("garbage", "yesterday-ish", ["yesterday-ish"]),
    ("empty", "", ["--after"]),
    ("only T", "T", ["'T'"]),
    ("trailing junk", "2026-01-01T00:00:00Zjunk", ["junk"]),
    ("NUL inside", "2026-01-01\u0001T00:00:00Z", ["--after"]),
]
for label, text, mentions in BAD_INSTANTS:
    bad(f"next --after: {label}", ["next", "--at", "02:30", "--tz", NY, "--after", text], *mentions)
for label, text, mentions in BAD_INSTANTS[:12]:
    bad(f"zone --at: {label}", ["zone", NY, "--at", text], *mentions)
    bad(f"pending --now: {label}", ["pending", os.path.join(ROOT, "examples/reminders.jsonl"), "--now", text], *mentions)
    # A date that does not exist (month 13, Feb 30) is in the form but a wrong value: invalidField.
    code = ("yearOutOfRange" if label in ("year 0", "year 10000", "year 99999", "Int64 max epoch", "Int64 min epoch")
            else "invalidField" if label in ("month 13", "day 32", "Feb 30") else "malformedInstant")
    batch(f"batch after: {label}", [request(CAL, after=text), GOOD], [code, None])
# Every instant Chime writes reads back (issue 30): seconds offsets (New York's LMT, Monrovia's
# -00:44:30), offsets up to 25 h, and UTC years 10000 and 0 at the ends of the readable range.
for label, text in [("LMT seconds offset", "1850-01-01T02:30:00-04:56:02"), ("Monrovia offset", "1971-06-01T09:00:00-00:44:30"),
                    ("offset 25:59:59", "2026-01-01T00:00:00+25:59:59"), ("last wall time west", "9999-12-31T20:00:00-05:00"),
                    ("UTC year 10000", "10000-01-01T01:00:00Z"), ("UTC year 0", "0000-12-31T20:00:00Z")]:
    # At :30 every hour: a fire follows each of these, the last ones late on 9999-12-31 in New York.
    ok(f"next --after reads back: {label}", ["next", "--components", "minute=30", "--tz", NY, "--after", text, "--count", "1"])
    batch(f"batch after reads back: {label}", [request({"calendar": {"components": {"minute": 30}}}, after=text), GOOD], [None, None])
for label, text in [("year 0", "0000-06-01T00:00"), ("year 10000", "10000-06-01T00:00"), ("month 0", "2026-00-10T00:00"),
                    ("hour 25", "2026-03-08T25:00"), ("second 61", "2026-03-08T02:00:61"), ("garbage", "noon"),
                    ("instant not local", "2026-03-08T02:30:00Z"), ("empty", "")]:
    bad(f"resolve local time: {label}", ["resolve", NY, text], text if text else "local wall time")
bad("transitions --from 0", ["transitions", NY, "--from", "0"], "0")
bad("transitions --from 10000", ["transitions", NY, "--from", "10000"], "10000")
bad("transitions --to before --from", ["transitions", NY, "--from", "2027", "--to", "2026"], "--to")
bad("transitions --from Int64 max", ["transitions", NY, "--from", "9223372036854775807"], "9223372036854775807")
bad("transitions --from text", ["transitions", NY, "--from", "twenty"], "twenty")
bad("transitions --to huge range", ["transitions", NY, "--from", "1", "--to", "99999"], "99999")
bad("audit --from 0", ["audit", "--at", "02:30", "--zones", NY, "--from", "0"], "0")
bad("audit --to 10000", ["audit", "--at", "02:30", "--zones", NY, "--from", "2026", "--to", "10000"], "10000")
bad("audit --to before --from", ["audit", "--at", "02:30", "--zones", NY, "--from", "2030", "--to", "2026"], "--to")

# ---------------------------------------------------------------------------------------------
# Durations and intervals: NaN, infinite, negative, huge, under 60 s repeating.
BAD_DURATIONS = [("NaN", "nan"), ("infinite", "inf"), ("negative", "-5m"), ("zero", "0"), ("huge", "99999999999999999999s"),
                 ("Int64 seconds", "9223372036854775807"), ("weeks overflow", "99999999999999w"), ("no number", "m"),
                 ("unknown unit", "5 fortnights"), ("empty", ""), ("under a minute", "30s"), ("dangling number", "1h30"),
                 ("double unit", "5mm"), ("comma decimal", "1,5h"), ("exponent", "1e3s"), ("hex", "0x10"),
                 ("sub-nanosecond", "0.0000000001s"), ("unicode digits", "５m")]
for label, text in BAD_DURATIONS:
    bad(f"next --every: {label}", ["next", "--every", text, "--tz", NY, "--after", AFTER], "interval" if text else "--every")
for label, seconds, code in [("NaN string", "nan", "invalidTrigger"), ("negative", -60, "invalidTrigger"), ("zero", 0, "invalidTrigger"),
                             ("1e400", None, "invalidTrigger"), ("under 60 repeating", "59r", "invalidTrigger"),
                             ("huge", 1e300, "invalidTrigger"), ("Int64 max", 9223372036854775807, "invalidTrigger"),
                             ("beyond Int64", 92233720368547758070, "invalidTrigger"), ("bool", True, "invalidField"),
                             ("object", {"s": 1}, "invalidField"), ("text", "an hour", "invalidTrigger")]:
    line = (b'{"id":"r","zone":"UTC","after":"2026-01-01T00:00:00Z","trigger":{"interval":{"seconds":1e400}}}'
            if seconds is None else request({"interval": {"seconds": 59, "repeats": True}}, zone="UTC") if seconds == "59r"
            else request({"interval": {"seconds": seconds}}, zone="UTC"))
    batch(f"batch interval seconds: {label}", [line, GOOD], [code, None])
batch("batch interval: bad anchor", [request({"interval": {"seconds": 3600, "anchor": "10000-01-02T02:00:00Z"}}), GOOD],
      ["yearOutOfRange", None])

# ---------------------------------------------------------------------------------------------
# Components, weekly, policies: impossible values and unknown names.
for label, text, mention in [("hour 24", "hour=24", "hour"), ("minute -1", "minute=-1", "minute"), ("month 13", "month=13", "month"),
                             ("day 0", "day=0", "day"), ("day 32", "day=32", "day"), ("weekday 8", "weekday=8", "weekday"),
                             ("weekday 0", "weekday=0", "weekday"), ("unknown name", "fortnight=1", "fortnight"),
                             ("no value", "hour=", "hour="), ("no equals", "hour", "hour"), ("text value", "hour=two", "hour=two"),
                             ("Int64 overflow", "hour=99999999999999999999", "hour"), ("twice", "hour=2,hour=3", "twice"),
                             ("empty pair", "hour=2,,minute=3", "--components"), ("empty", "", "--components"),
                             ("year 0", "year=0", "year"), ("year 10000", "year=10000", "year"),
                             ("second 60", "second=60", "second"), ("nanosecond 1e9", "nanosecond=1000000000", "nanosecond"),
                             ("weekdayOrdinal 0", "weekday=2,weekdayOrdinal=0", "weekdayOrdinal"),
                             ("weekOfYear 54", "weekOfYear=54", "weekOfYear"), ("dayOfYear 367", "dayOfYear=367", "dayOfYear"),
                             ("era", "era=0", "era"), ("unicode name", "hóur=2", "hóur")]:
    bad(f"next --components: {label}", ["next", "--components", text, "--tz", NY, "--after", AFTER], mention)
# A sixth Monday never comes (a month has at most five): Foundation's nextDate answers nil too.
no_answer("next --components: weekdayOrdinal 6", ["next", "--components", "weekday=2,weekdayOrdinal=6", "--tz", NY, "--after", AFTER],
          "never fires")
for label, text, mention in [("hour 25", "25:00", "hour"), ("minute 60", "02:60", "minute"), ("letters", "two", "two"),
                             ("empty", "", "--at"), ("seconds 60", "02:30:60", "second"), ("negative", "-1:00", "hour"),
                             ("fraction", "02:30.5", "02:30.5")]:
    bad(f"next --at: {label}", ["next", "--at", text, "--tz", NY, "--after", AFTER], mention)
for label, text, mention in [("no at", "mon", "DAYS@HH:MM"), ("bad day", "mon,xyz@09:00", "xyz"), ("day 8", "8@09:00", "8"),
                             ("empty day", "mon,,wed@09:00", "weekday"), ("no days", "@09:00", "DAYS@HH:MM"),
                             ("bad time", "mon@25:00", "hour"), ("two ats", "mon@09:00@10:00", "DAYS@HH:MM")]:
    bad(f"next --weekly: {label}", ["next", "--weekly", text, "--tz", NY, "--after", AFTER], mention)
for option, value in [("--gap", "sometimes"), ("--overlap", "middle"), ("--matching", "fuzzy"), ("--repeated", "second"),
                      ("--direction", "sideways"), ("--semantics", "legal"), ("--first-weekday", "8"), ("--first-weekday", "0"),
                      ("--min-days", "9"), ("--locale", "xx_INVALID@@@"), ("--profile", "windows"), ("--flavor", "bsd"),
                      ("--dtstart-mode", "never")]:
    extra = ["--cron", "30 2 * * *"] if option == "--flavor" else ["--rrule", "FREQ=DAILY", "--dtstart", "2026-01-01T09:00"] \
        if option == "--dtstart-mode" else ["--at", "02:30"]
    bad(f"next {option} {value}", ["next", *extra, option, value, "--tz", NY, "--after", AFTER], value)
for label, trigger, code in [
        ("unknown kind", {"sundial": {}}, "unknownField"), ("misspelt kind", {"calender": CAL["calendar"]}, "unknownField"), ("two kinds", {"calendar": CAL["calendar"], "interval": {"seconds": 60}}, "invalidTrigger"),
        ("empty trigger", {}, "invalidTrigger"), ("trigger not an object", "daily", "invalidField"),
        ("components hour 24", {"calendar": {"components": {"hour": 24}}}, "invalidTrigger"),
        ("components hour text", {"calendar": {"components": {"hour": "2"}}}, "invalidField"),
        ("components hour float", {"calendar": {"components": {"hour": 2.5}}}, "invalidField"),
        ("components hour huge", {"calendar": {"components": {"hour": 1e30}}}, "invalidField"),
        ("components unknown", {"calendar": {"components": {"fortnight": 1}}}, "unknownField"),
        ("components typo", {"calendar": {"components": {"hour": 9, "minite": 30}}}, "unknownField"),
        ("calendar member typo", {"calendar": {"components": {"hour": 2}, "overlapp": "last"}}, "unknownField"),
        ("interval member typo", {"interval": {"seconds": 60, "repeat": True}}, "unknownField"),
        ("weekly member typo", {"weekly": {"weekdays": ["mon"], "time": "09:00", "semantic": "consistent"}}, "unknownField"),
        ("cron member typo", {"cron": {"expression": "30 2 * * *", "flavour": "croniter"}}, "unknownField"),
        ("onCalendar member typo", {"onCalendar": {"expression": "*-*-* 02:30", "gaps": "skip"}}, "unknownField"),
        ("rrule member typo", {"rrule": {"text": "DTSTART:20260101T090000\nRRULE:FREQ=DAILY", "dtStart": "always"}}, "unknownField"),
        ("flutterAndroid member typo", {"flutterAndroid": {"match": "time", "time": "02:30", "weekdays": 2}}, "unknownField"),
        ("components not an object", {"calendar": {"components": [2, 30]}}, "invalidField"),
        ("matchingPolicy unknown", {"calendar": {"components": {"hour": 2}, "matchingPolicy": "fuzzy"}}, "invalidTrigger"),
        ("gap unknown", {"calendar": {"components": {"hour": 2}, "gap": "sometimes"}}, "invalidTrigger"),
        ("overlap unknown", {"calendar": {"components": {"hour": 2}, "overlap": 3}}, "invalidField"),
        ("firstWeekday 9", {"calendar": {"components": {"hour": 2}, "firstWeekday": 9}}, "invalidTrigger"),
        ("locale hostile", {"calendar": {"components": {"hour": 2}, "locale": "../../etc/passwd"}}, "invalidTrigger"),
        ("weekly weekday 8", {"weekly": {"weekdays": [8], "time": "09:00"}}, "invalidTrigger"),
        ("weekly no weekdays", {"weekly": {"weekdays": [], "time": "09:00"}}, "invalidTrigger"),
        ("weekly bad time", {"weekly": {"weekdays": ["mon"], "time": "9 o'clock"}}, "invalidTrigger"),
        ("weekly weekdays not a list", {"weekly": {"weekdays": "mon", "time": "09:00"}}, "invalidField"),
        ("weekly missing time", {"weekly": {"weekdays": ["mon"]}}, "missingField"),
        ("cron missing expression", {"cron": {}}, "missingField"),
        ("cron 6 fields posix", {"cron": {"expression": "0 30 2 * * *"}}, "invalidCronExpression"),
        ("cron minute 60", {"cron": {"expression": "60 2 * * *"}}, "invalidCronExpression"),
        ("cron step 0", {"cron": {"expression": "*/0 * * * *"}}, "invalidCronExpression"),
        ("cron flavor unknown", {"cron": {"expression": "30 2 * * *", "flavor": "bsd"}}, "invalidTrigger"),
        ("cron @reboot", {"cron": {"expression": "@reboot"}}, "invalidCronExpression"),
        ("cron NUL", {"cron": {"expression": "30 2 * * *\u0000"}}, "invalidCronExpression"),
        ("cron 10 kB list (valid)", {"cron": {"expression": "1," * 5000 + "2 * * * *"}}, None),
        ("cron 10 kB garbage", {"cron": {"expression": "x" * 10_000}}, "invalidCronExpression"),
        ("onCalendar garbage", {"onCalendar": {"expression": "every other tuesday"}}, "invalidTrigger"),
        ("onCalendar bad zone", {"onCalendar": {"expression": "*-*-* 02:30 Mars/Olympus"}}, "unknownZone"),
        ("onCalendar empty", {"onCalendar": {"expression": ""}}, "invalidTrigger"),
        ("rrule no FREQ", {"rrule": {"text": "DTSTART:20260101T090000\nRRULE:COUNT=3"}}, "invalidRRule"),
        ("rrule BYWEEKNO monthly", {"rrule": {"text": "DTSTART:20260101T090000\nRRULE:FREQ=MONTHLY;BYWEEKNO=20"}}, "invalidRRule"),
        ("rrule COUNT and UNTIL", {"rrule": {"text": "DTSTART:20260101T090000\nRRULE:FREQ=DAILY;COUNT=2;UNTIL=20270101"}}, "invalidRRule"),
        ("rrule COUNT huge", {"rrule": {"text": "DTSTART:20260101T090000\nRRULE:FREQ=DAILY;COUNT=99999999999"}}, "invalidRRule"),
        ("rrule INTERVAL 0", {"rrule": {"text": "DTSTART:20260101T090000\nRRULE:FREQ=DAILY;INTERVAL=0"}}, "invalidRRule"),
        ("rrule no DTSTART", {"rrule": {"text": "RRULE:FREQ=DAILY"}}, "invalidRRule"),
        ("rrule DTSTART year 0", {"rrule": {"text": "DTSTART:00000101T090000\nRRULE:FREQ=DAILY"}}, "invalidRRule"),
        ("rrule TZID hostile", {"rrule": {"text": "DTSTART;TZID=../../etc/passwd:20260101T090000\nRRULE:FREQ=DAILY"}}, "unknownZone"),
        ("rrule dtstart mode", {"rrule": {"text": "DTSTART:20260101T090000\nRRULE:FREQ=DAILY", "dtstart": "never"}}, "invalidTrigger"),
        ("flutterAndroid missing weekday", {"flutterAndroid": {"match": "dayOfWeekAndTime", "time": "02:30"}}, "invalidTrigger")]:
    batch(f"batch trigger: {label}", [request(trigger), GOOD], [code, None])

# ---------------------------------------------------------------------------------------------
# Dialects on the command line.
for label, expr, flavor, mention in [("4 fields", "30 2 * *", "posix", "5 fields"), ("minute 60", "60 2 * * *", "posix", "60"),
                                     ("hour 24", "0 24 * * *", "posix", "24"), ("bad name", "0 2 * FOO *", "posix", "FOO"),
                                     ("step 0", "*/0 * * * *", "posix", "0"), ("range reversed", "0 5-2 * * *", "posix", "5-2"),
                                     ("L in posix", "0 2 L * *", "posix", "L"), ("W in posix", "0 2 15W * *", "posix", "W"),
                                     ("@reboot", "@reboot", "posix", "@reboot"), ("@every garbage", "@every soon", "robfig", "soon"),
                                     ("robfig TZ unknown", "TZ=Mars/X 0 30 2 * * *", "robfig", "Mars/X"),
                                     ("quartz no ?", "0 30 2 * * *", "quartz", "?"),
                                     ("aps 9 fields", "0 0 0 0 0 0 0 0 0", "apscheduler", "fields"), ("empty", "", "posix", "cron"),
                                     ("only spaces", "     ", "posix", "cron"), ("# 6", "0 2 * * 1#6", "croniter", "#6"),
                                     ("control chars", "30 2 * * *\u0007", "posix", "field 5")]:
    bad(f"next --cron {flavor}: {label}", ["next", "--cron", expr, "--flavor", flavor, "--tz", NY, "--after", AFTER], mention)
# Valid in the peers, checked with the peers themselves (croniter 7.0.0: `0 5-2 * * *` wraps around
# midnight and `0 2 15W * *` is the weekday nearest the 15th; robfig/cron v3 rounds `@every 0s` up to
# one second, its ConstantDelaySchedule doc) — edge input, not bad input.
ok("next --cron croniter: range wraps", ["next", "--cron", "0 5-2 * * *", "--flavor", "croniter", "--tz", NY, "--after", AFTER])
ok("next --cron croniter: W", ["next", "--cron", "0 2 15W * *", "--flavor", "croniter", "--tz", NY, "--after", AFTER])
ok("next --cron robfig: @every 0s", ["next", "--cron", "@every 0s", "--flavor", "robfig", "--tz", NY, "--after", AFTER])
# Quartz 2.3.2 reads year 1969 and never fires (getNextValidTimeAfter is null, run here).
no_answer("next --cron quartz: year 1969", ["next", "--cron", "0 30 2 ? * * 1969", "--flavor", "quartz", "--tz", NY, "--after", AFTER],
          "never fires")
no_answer("next --cron never fires", ["next", "--cron", "0 0 30 2 *", "--tz", NY, "--after", AFTER], "never fires")
for label, spec, mention in [("garbage", "every other tuesday", "every other tuesday"), ("hour 25", "*-*-* 25:00", "25"),
                             ("bad weekday", "Fun *-*-* 02:00", "Fun"), ("bad zone", "*-*-* 02:00 Mars/X", "Mars/X"),
                             ("empty", "", "OnCalendar"), ("repetition 0", "*-*-* *:00/0", "0"), ("year 10000", "10000-01-01", "10000")]:
    bad(f"next --oncalendar: {label}", ["next", "--oncalendar", spec, "--after", AFTER], mention)
for label, rule, dtstart, mention in [("no FREQ", "COUNT=3", "2026-01-01T09:00", "FREQ"), ("FREQ unknown", "FREQ=FORTNIGHTLY", "2026-01-01T09:00", "FORTNIGHTLY"),
                                      ("BYWEEKNO monthly", "FREQ=MONTHLY;BYWEEKNO=20", "2026-01-01T09:00", "BYWEEKNO"),
                                      ("BYDAY bad", "FREQ=WEEKLY;BYDAY=XX", "2026-01-01T09:00", "XX"),
                                      ("part twice", "FREQ=DAILY;FREQ=WEEKLY", "2026-01-01T09:00", "FREQ"),
                                      ("BYSECOND 60", "FREQ=DAILY;BYSECOND=60", "2026-01-01T09:00", "BYSECOND"),
                                      ("BYSETPOS without BY", "FREQ=DAILY;BYSETPOS=1", "2026-01-01T09:00", "BYSETPOS"),
                                      ("RSCALE unknown calendar", "RSCALE=MARTIAN;FREQ=YEARLY", "2026-01-01T09:00", "RSCALE"),
                                      ("dtstart garbage", "FREQ=DAILY", "soon", "soon"), ("dtstart year 0", "FREQ=DAILY", "0000-01-01T09:00", "0")]:
    bad(f"next --rrule: {label}", ["next", "--rrule", rule, "--dtstart", dtstart, "--tz", NY, "--after", AFTER], mention)
bad("next --rrule without --dtstart", ["next", "--rrule", "FREQ=DAILY", "--tz", NY, "--after", AFTER], "--dtstart")
# RRULE flavors: a misspelt flavor names the nearest (CLI and batch); --rrule-flavor only with a
# recurrence; the dateutil flavor keeps range errors and refuses RFC 7529's parts, and its own
# expansions of combinations RFC 5545 forbids answer (each within the bound, never a hang).
for value, nearest in [("dateutl", "dateutil"), ("DATEUTIL", "dateutil"), ("rfc", "rfc5545"), ("rfc-5545", "rfc5545"), ("", None),
                       ("dateutil ", "dateutil"), ("rrule.js", None)]:
    bad(f"next --rrule-flavor {value!r}", ["next", "--rrule", "FREQ=DAILY", "--dtstart", "2026-01-01T09:00", "--rrule-flavor", value,
                                          "--tz", NY, "--after", AFTER], *(["did you mean " + nearest] if nearest else ["rfc5545, dateutil"]))
    batch(f"batch rrule flavor {value!r}", [request({"rrule": {"text": "DTSTART:20260101T090000\nRRULE:FREQ=DAILY", "flavor": value}}), GOOD],
          ["invalidTrigger", None])
batch("batch rrule flavor not a string", [request({"rrule": {"text": "DTSTART:20260101T090000\nRRULE:FREQ=DAILY", "flavor": 5}}), GOOD],
      ["invalidField", None])
bad("next --rrule-flavor with --cron", ["next", "--cron", "30 2 * * *", "--rrule-flavor", "dateutil", "--tz", NY, "--after", AFTER], "--rrule-flavor")
for label, rule, mention in [("RSCALE", "RSCALE=HEBREW;FREQ=YEARLY", "RSCALE"), ("BYWEEKNO 54", "FREQ=MONTHLY;BYWEEKNO=54", "BYWEEKNO"),
                             ("BYMONTHDAY 0", "FREQ=WEEKLY;BYMONTHDAY=0", "BYMONTHDAY"), ("BYDAY 0MO", "FREQ=DAILY;BYDAY=0MO", "BYDAY"),
                             ("BYYEARDAY 367", "FREQ=DAILY;BYYEARDAY=367", "BYYEARDAY"), ("BYSETPOS 0", "FREQ=DAILY;BYSETPOS=0", "BYSETPOS")]:
    bad(f"next --rrule-flavor dateutil: {label}", ["next", "--rrule", rule, "--dtstart", "2026-01-01T09:00", "--rrule-flavor", "dateutil",
                                                   "--tz", NY, "--after", AFTER], mention)
for freq in ["SECONDLY", "MINUTELY", "HOURLY", "DAILY", "WEEKLY", "MONTHLY"]:
    for part in ["BYWEEKNO=53,-53", "BYYEARDAY=366,-366", "BYDAY=5MO,MO;BYSETPOS=-1"]:
        ok(f"next --rrule-flavor dateutil: FREQ={freq};{part}", ["next", "--rrule", f"FREQ={freq};{part}", "--dtstart", "2026-01-01T09:00",
                                                               "--rrule-flavor", "dateutil", "--tz", NY, "--after", AFTER, "--count", "3"])
    # February has no 31st (and no day 31 from the end): no instance ever, found without a hang.
    no_answer(f"next --rrule-flavor dateutil: FREQ={freq};BYMONTHDAY=31,-31;BYMONTH=2",
              ["next", "--rrule", f"FREQ={freq};BYMONTHDAY=31,-31;BYMONTH=2", "--dtstart", "2026-01-01T09:00", "--rrule-flavor", "dateutil",
               "--tz", NY, "--after", AFTER], "no instance")
bad("next --ical missing file", ["next", "--ical", "/nonexistent/cal.ics", "--after", AFTER], "/nonexistent/cal.ics")
bad("next --ical directory", ["next", "--ical", "/", "--after", AFTER], "/")
bad("next --ical not a calendar", ["next", "--ical", "/etc/hostname", "--after", AFTER], "/etc/hostname")
bad("next --ical unknown uid", ["next", "--ical", os.path.join(ROOT, "examples/meeting.ics"), "--uid", "nope", "--after", AFTER], "nope")
# EXRULE (RFC 2445; RFC 5545 removed it) is refused, not ignored: ignoring it would give the dates it excludes. One event, and
# the same with the property folded over lines or in lower case.
for label, lines in [("plain", ["EXRULE:FREQ=WEEKLY;BYDAY=SA,SU"]), ("folded", ["EXRULE", " :FREQ=WEEKLY;BYDAY=SA,SU"]),
                     ("lower case", ["exrule:FREQ=WEEKLY;BYDAY=SA,SU"])]:
    path = os.path.join(tempfile.mkdtemp(prefix="chime-battery-exrule-"), "exrule.ics")
    with open(path, "w") as f:
        f.write("\r\n".join(["BEGIN:VCALENDAR", "BEGIN:VEVENT", "DTSTART:20260101T090000Z", "RRULE:FREQ=DAILY;COUNT=10", *lines,
                              "END:VEVENT", "END:VCALENDAR", ""]))
    bad(f"next --ical EXRULE ({label})", ["next", "--ical", path, "--after", AFTER], "EXRULE")
bad("next --ical two events, no uid", ["next", "--ical", os.path.join(ROOT, "examples/meeting.ics"), "--after", AFTER], "standup-1")

# VTIMEZONE (RFC 5545 §3.6.5): a zone the .ics file defines. Every fault is exit 2 naming the
# property (and the observance and zone it is in); the caps (docs/rrule.md, VTIMEZONE) hold.
STANDARD = ("BEGIN:STANDARD", "DTSTART:16010101T030000", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100",
            "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10", "END:STANDARD")
DAYLIGHT = ("BEGIN:DAYLIGHT", "DTSTART:16010101T020000", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200",
            "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3", "END:DAYLIGHT")


def ics(observances, tzid="Custom", newline="\n", zone_lines=None):
    """An .ics file whose event's zone `tzid` the file's VTIMEZONE defines by `observances` (lines)."""
    zone = zone_lines if zone_lines is not None else ["BEGIN:VTIMEZONE", f"TZID:{tzid}", *observances, "END:VTIMEZONE"]
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", *zone, "BEGIN:VEVENT", "UID:e", f"DTSTART;TZID={tzid}:20260309T090000",
             "RRULE:FREQ=WEEKLY;COUNT=3", "END:VEVENT", "END:VCALENDAR"]
    return (newline.join(lines) + newline).encode()


def vtimezone(name, observances, kind="bad", mentions=(), **kw):
    args = ["next", "--ical", "{file}", "--after", AFTER, "--count", "3"]
    CASES.append(Case(f"next --ical VTIMEZONE: {name}", args, kind, mentions, lines=ics(observances, **{k: v for k, v in kw.items()})))


for kind, observance in [("STANDARD", STANDARD), ("DAYLIGHT", DAYLIGHT)]:
    for prop in ["DTSTART", "TZOFFSETFROM", "TZOFFSETTO"]:
        vtimezone(f"{kind} without {prop}", [line for line in observance if not line.startswith(prop + ":")],
                  mentions=[f"{prop} is missing", f"the {kind} observance #1 of VTIMEZONE 'Custom'"])
        if prop != "DTSTART":
            for value in ["+01:00", "0100", "+1", "+2400", "+0160", "+010060", "++0100", "+01000", "", "+0100x", "\u22120100", "+٠١٠٠"]:
                vtimezone(f"{kind} {prop}:{value!r}", [f"{prop}:{value}" if line.startswith(prop + ":") else line for line in observance],
                          mentions=[f"{prop}: ", "is not a UTC offset"])
for rule, mention in [("FREQ=MONTHLY;BYDAY=-1SU", "is not yearly"), ("FREQ=YEARLY;INTERVAL=2;BYMONTH=10;BYDAY=-1SU", "skips years"),
                      ("FREQ=YEARLY;BYDAY=-1SU", "no month"), ("FREQ=YEARLY;BYMONTH=10;BYDAY=5SU", "4th last"),
                      ("FREQ=YEARLY;BYMONTH=3,10;BYDAY=-1SU", "more than one month"), ("FREQ=YEARLY;BYMONTH=10;BYDAY=SU", "4th last"),
                      ("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29", "not every year has"), ("FREQ=YEARLY;BYMONTH=4;BYMONTHDAY=31", "not every year has"),
                      ("FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU;BYHOUR=2", "BYHOUR"), ("FREQ=YEARLY;BYYEARDAY=300", "BYYEARDAY"),
                      ("FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU;BYSETPOS=1", "BYSETPOS"), ("FREQ=YEARLY;BYMONTH=10;BYDAY=SU,SA;BYMONTHDAY=1", "more than one day"),
                      ("FREQ=YEARLY;BYMONTH=3;BYDAY=SU;BYMONTHDAY=8,9,10,11,12,13,15", "seven consecutive"),
                      ("FREQ=YEARLY;BYMONTH=13", "BYMONTH"), ("FREQ=YEARLY;RSCALE=HEBREW;BYMONTH=3", "RSCALE"), ("FREQ=FORTNIGHTLY", "FREQ"),
                      ("BYMONTH=10", "FREQ"), ("FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU;COUNT=0", "COUNT")]:
    vtimezone(f"RRULE {rule}", [f"RRULE:{rule}" if line.startswith("RRULE:") else line for line in STANDARD] + list(DAYLIGHT),
              mentions=["RRULE", mention])
vtimezone("no observance", [], mentions=["no STANDARD or DAYLIGHT component"])
vtimezone("no TZID", [], zone_lines=["BEGIN:VTIMEZONE", *STANDARD, "END:VTIMEZONE"], mentions=["TZID is missing"])
vtimezone("two TZIDs", [], zone_lines=["BEGIN:VTIMEZONE", "TZID:Custom", "TZID:Other", *STANDARD, "END:VTIMEZONE"], mentions=["TZID: given twice"])
vtimezone("empty TZID", [], zone_lines=["BEGIN:VTIMEZONE", "TZID:", *STANDARD, "END:VTIMEZONE"], mentions=["TZID"])
vtimezone("control character in TZID", list(STANDARD), tzid="Cus\x1btom", mentions=["TZID", "\\u{1b}"])
vtimezone("TZID of 300 bytes", list(STANDARD), tzid="Z" * 300, mentions=["TZID", "300 bytes"])
vtimezone("no END:VTIMEZONE", [], zone_lines=["BEGIN:VTIMEZONE", "TZID:Custom", *STANDARD], mentions=["END:VCALENDAR inside VTIMEZONE 'Custom'"])
vtimezone("END:DAYLIGHT closes STANDARD", [*STANDARD[:-1], "END:DAYLIGHT"], mentions=["END:DAYLIGHT inside the STANDARD observance #1"])
vtimezone("two VTIMEZONEs, one TZID", [], zone_lines=["BEGIN:VTIMEZONE", "TZID:Custom", *STANDARD, "END:VTIMEZONE"] * 2,
          mentions=["two VTIMEZONE components have TZID 'Custom'"])
vtimezone("UTC DTSTART", ["DTSTART:16010101T030000Z" if line.startswith("DTSTART") else line for line in STANDARD], mentions=["DTSTART", "is UTC"])
vtimezone("DTSTART twice", [*STANDARD[:2], *STANDARD[1:]], mentions=["DTSTART: given twice"])
vtimezone("RRULE twice", [*STANDARD[:-1], STANDARD[-2], "END:STANDARD"], mentions=["RRULE: given twice"])
vtimezone("bad RDATE", [*STANDARD[:-1], "RDATE:2026-03-29", "END:STANDARD"], mentions=["RDATE"])
vtimezone("three observances without end", [line.replace("+0100", f"+010{i}").replace("BYMONTH=10", f"BYMONTH={i + 1}")
                                            for i in range(3) for line in STANDARD], mentions=["3 observances whose RRULE never ends"])
# The caps: 1,000 observances; 100,000 onsets listed (11 rules from year 1 to 9999); 100,000 RDATE values.
vtimezone("1,001 observances", [line for _ in range(1001) for line in STANDARD[:-2] + STANDARD[-1:]], mentions=["more than 1000 STANDARD and DAYLIGHT"])
vtimezone("110,000 onsets", [line for i in range(11) for line in ("BEGIN:STANDARD", "DTSTART:00010101T030000", "TZOFFSETFROM:+0200",
                                                                  f"TZOFFSETTO:+01{i:02d}", f"RRULE:FREQ=YEARLY;BYMONTH={i + 1};BYDAY=1SU;UNTIL=99990101T000000Z",
                                                                  "END:STANDARD")], mentions=["more than 100000 onsets"])
vtimezone("100,001 RDATEs", [*STANDARD[:-2], "RDATE:" + ",".join(["20000101T030000"] * 100_001), "END:STANDARD"], mentions=["more than 100000 RDATE"])
# Valid shapes: CRLF and folded lines, RDATE periods, Outlook's escaped display name, 99,000 onsets.
vtimezone("CRLF and folded lines", [*STANDARD[:-2], "RRULE:FREQ=YEARLY;BYDAY=-1SU;", " BYMONTH=10", "END:STANDARD", *DAYLIGHT], kind="ok", newline="\r\n")
vtimezone("RDATE periods", [*STANDARD[:-2], "RDATE;VALUE=PERIOD:20300101T030000/PT1H,20310101T030000/20310101T040000", "END:STANDARD"], kind="ok")
vtimezone("9 rules from year 1 to 9999", [line for i in range(9) for line in ("BEGIN:STANDARD", "DTSTART:00010101T030000", "TZOFFSETFROM:+0200",
                                                                             f"TZOFFSETTO:+01{i:02d}", f"RRULE:FREQ=YEARLY;BYMONTH={i + 1};BYDAY=1SU;UNTIL=99990101T000000Z",
                                                                             "END:STANDARD")], kind="ok")

# ---------------------------------------------------------------------------------------------
# Counts and bounds.
for value in ["-1", "100001", "99999999999999999999999", "1e3", "ten", "", "0x10"]:
    bad(f"next --count {value!r}", ["next", "--at", "02:30", "--tz", NY, "--after", AFTER, "--count", value], "--count")
ok("next --count 0", ["next", "--at", "02:30", "--tz", NY, "--after", AFTER, "--count", "0"])
ok("next --count max", ["next", "--every", "1m", "--tz", "UTC", "--after", AFTER, "--count", "100000"])
for label, count, code in [("negative", -1, "invalidCount"), ("over max", 100001, "invalidCount"), ("huge", 10 ** 30, "invalidField"),
                           ("float", 2.5, "invalidField"), ("string", "3", "invalidField"), ("null", None, None)]:
    batch(f"batch count: {label}", [request(CAL, count=count), GOOD], [code, None])
for value in ["-1", "0", "ten", "99999999999999999999"]:
    bad(f"pending --limit {value}", ["pending", os.path.join(ROOT, "examples/reminders.jsonl"), "--now", AFTER, "--limit", value], "--limit")
bad("pending --rule unknown", ["pending", os.path.join(ROOT, "examples/reminders.jsonl"), "--now", AFTER, "--rule", "random"], "random")
bad("simulate --until before --from", ["simulate", os.path.join(ROOT, "examples/reminders.jsonl"), "--from", "2026-03-01T00:00:00Z",
                                       "--until", "2026-02-01T00:00:00Z"], "--until")
# A plan materialises its occurrences: a limit past its bound is refused before any work (it was
# an allocation of gigabytes and an abort), for one request as for many.
for limit in ("1000001", "100000000", "9223372036854775807"):
    bad(f"plan --limit {limit}", ["plan", os.path.join(ROOT, "examples/reminders.jsonl"), "--now", AFTER, "--limit", limit], "1000000")
bad("simulate missing --until", ["simulate", os.path.join(ROOT, "examples/reminders.jsonl"), "--from", AFTER], "--until")

# ---------------------------------------------------------------------------------------------
# Work bounds (docs/contract.md, "Limits"): a deadline out of range is a usage error; a request
# whose work would go on for seconds or minutes ends with limitReached well within the case's bound
# (a streaming command keeps what it wrote before: stdout="partial").
REMINDERS = os.path.join(ROOT, "examples/reminders.jsonl")
UMALQURA = ["--rrule", "RSCALE=ISLAMIC-UMALQURA;FREQ=MONTHLY;BYMONTHDAY=30;SKIP=FORWARD", "--dtstart", "2026-01-01T09:00", "--tz", "UTC"]
for value in ["0", "-1", "86400001", "99999999999999999999", "1.5", "soon", ""]:
    bad(f"next --deadline {value!r}", ["next", "--at", "02:30", "--tz", NY, "--after", AFTER, "--deadline", value], "--deadline")
    bad(f"audit --deadline {value!r}", ["audit", "--at", "02:30", "--tz", NY, "--from", "2026", "--deadline", value], "--deadline")
    bad(f"simulate --deadline {value!r}", ["simulate", REMINDERS, "--from", AFTER, "--until", "2027-01-01T00:00:00Z", "--deadline", value], "--deadline")
for value in ["0", "-3", "1000000001", "many"]:
    bad(f"audit --max-fires {value!r}", ["audit", "--at", "02:30", "--tz", NY, "--from", "2026", "--max-fires", value], "--max-fires")
# 100,000 fires cannot be had in 3 ms (at the engine's floor, some 30 ns a fire, they take 3 ms;
# the debug chime is 20-50 times slower), nor a century of daily steps.
for deadline in ["1", "2", "3"]:
    bad(f"next: 100,000 Umm al-Qura fires, --deadline {deadline}", ["next"] + UMALQURA + ["--count", "100000", "--deadline", deadline],
        f"deadline of {deadline} ms")
    bad(f"simulate: a century, --deadline {deadline}", ["simulate", REMINDERS, "--from", AFTER, "--until", "2126-01-01T00:00:00Z",
                                                        "--deadline", deadline], f"deadline of {deadline} ms", stdout="partial")
for cron in ["* * * * * *", "*/2 * * * * *", "* * * * *"]:
    for zones in ["America/New_York", "all"]:
        bad(f"audit {cron!r} {zones} 1900-2099 --max-fires 2000", ["audit", "--cron", cron, "--flavor", "croniter", "--zones", zones,
                                                                  "--from", "1900", "--to", "2099", "--summary", "--max-fires", "2000"], "--max-fires",
            stdout="partial")
    bad(f"audit {cron!r} all zones 1900-2099 --deadline 2000", ["audit", "--cron", cron, "--flavor", "croniter", "--zones", "all",
                                                               "--from", "1900", "--to", "2099", "--summary", "--deadline", "2000"], "--deadline",
        stdout="partial")
UMALQURA_TEXT = "DTSTART:20260101T090000\nRRULE:RSCALE=ISLAMIC-UMALQURA;FREQ=MONTHLY;BYMONTHDAY=30;SKIP=FORWARD"
for label, value, code in [("zero", 0, "invalidDeadline"), ("negative", -1, "invalidDeadline"), ("over a day", 86400001, "invalidDeadline"),
                           ("string", "5", "invalidField"), ("float", 2.5, "invalidField"), ("null", None, None)]:
    batch(f"batch deadlineMs: {label}", [request(CAL, deadlineMs=value), GOOD], [code, None])
for deadline in [1, 2, 3]:
    batch(f"batch deadlineMs {deadline} on 100,000 Umm al-Qura fires",
          [request({"rrule": {"text": UMALQURA_TEXT}}, zone="UTC", count=100000, deadlineMs=deadline), GOOD], ["limitReached", None])

# ---------------------------------------------------------------------------------------------
# Usage: unknown commands and options, missing and repeated values.
for label, args, mention in [("unknown command", ["nxet"], "next"), ("unknown option", ["next", "--att", "02:30"], "--at"),
                             ("missing value", ["next", "--at"], "--at"), ("value twice", ["next", "--at", "02:30", "--at", "03:30"], "--at"),
                             ("two triggers", ["next", "--at", "02:30", "--every", "1h"], "--at"),
                             ("no trigger", ["next", "--tz", NY], "trigger"), ("stray positional", ["next", "--at", "02:30", "extra"], "extra"),
                             ("no command", [], "command"), ("empty command", [""], "command"),
                             ("resolve no local time", ["resolve", NY], "LOCAL_TIME"),
                             ("pending no --now", ["pending", os.path.join(ROOT, "examples/reminders.jsonl")], "--now"),
                             ("completions unknown shell", ["completions", "powershell"], "powershell"),
                             ("audit --compare unknown", ["audit", "--at", "02:30", "--zones", NY, "--compare", "apple,legal"], "legal"),
                             ("audit --compare with --every", ["audit", "--every", "1h", "--zones", NY, "--compare", "apple,consistent"], "--compare"),
                             ("audit gap reject", ["audit", "--at", "02:30", "--zones", NY, "--gap", "reject"], "reject"),
                             ("audit interval", ["audit", "--every", "1h", "--zones", NY], "interval"),
                             ("option with NUL-like junk", ["next", "--at\u0001", "02:30"], "--at"),
                             ("long option 10 kB", ["next", "--" + "x" * 10_000], "unknown option")]:
    bad(f"usage: {label}", args, mention)
bad("next: invalid UTF-8 argument", ["next", "--tz", b"\xff\xfeAmerica", "--at", "02:30", "--after", AFTER], "unknown time zone")
bad("zone: invalid UTF-8 id", ["zone", b"Europe/\xc3\x28"], "unknown time zone")
bad("batch: missing file", ["batch", "/nonexistent/requests.jsonl"], "/nonexistent/requests.jsonl")
bad("batch: directory", ["batch", "/"], "/")
bad("pending: missing file", ["pending", "/nonexistent/p.jsonl", "--now", AFTER], "/nonexistent/p.jsonl")
bad("pending: directory", ["pending", "/", "--now", AFTER], "/")

# ---------------------------------------------------------------------------------------------
# Batch streams: truncated and invalid JSON, invalid UTF-8, NUL, huge lines; one answer per line.
batch("batch: empty input", [], [])
batch("batch: only blank lines", ["", "   ", "\t", "\r"], [])
for label, line, code in [
        ("truncated", b'{"zone":"UTC","trigger":{"calendar":', "malformedJSON"), ("not JSON", b"hello", "malformedJSON"),
        ("array", b"[1,2,3]", "malformedJSON"), ("number", b"42", "malformedJSON"), ("string", b'"UTC"', "malformedJSON"),
        ("null", b"null", "malformedJSON"), ("trailing garbage", b'{"zone":"UTC"} x', "malformedJSON"),
        ("two objects", b'{"zone":"UTC"}{"zone":"UTC"}', "malformedJSON"), ("invalid UTF-8", b'{"zone":"\xff\xfe"}', "malformedJSON"),
        ("invalid UTF-8 outside strings", b'\xff{"zone":"UTC"}', "malformedJSON"), ("raw NUL", b'{"zone":"UTC"\x00}', "malformedJSON"),
        ("lone surrogate", b'{"zone":"\\ud800","trigger":{"interval":{"seconds":60}}}', "malformedJSON"),
        ("bad escape", b'{"zone":"\\q"}', "malformedJSON"), ("unterminated string", b'{"zone":"UTC', "malformedJSON"),
        ("deep nesting", b"[" * 100_000 + b"]" * 100_000, "malformedJSON"), ("deep objects", b'{"a":' * 50_000 + b"1" + b"}" * 50_000, "malformedJSON"),
        # A member given twice: the first is read (docs/contract.md), on both of batch's paths.
        ("duplicate key", b'{"zone":"UTC","zone":"Mars/X","trigger":{"interval":{"seconds":60}}}', None),
        ("missing zone", b'{"trigger":{"interval":{"seconds":60}}}', "missingField"), ("missing trigger", b'{"zone":"UTC"}', "missingField"),
        ("empty object", b"{}", "missingField"), ("huge number", b'{"zone":"UTC","count":1' + b"0" * 400 + b',"trigger":{"interval":{"seconds":60}}}', "invalidField"),
        # RFC 8259 §8.1 lets a parser ignore a leading byte order mark; Chime does (docs/contract.md).
        ("BOM", b'\xef\xbb\xbf{"zone":"UTC","trigger":{"interval":{"seconds":60}}}', None),
        ("1 MB string", b'{"zone":"' + b"A" * 1_000_000 + b'","trigger":{"interval":{"seconds":60}}}', "unknownZone"),
        ("id object", b'{"id":{"a":1},"zone":"UTC","trigger":{"interval":{"seconds":60}}}', "invalidField"),
        # An id is echoed as given, so a number it could only echo changed (1e2 as 100) is refused.
        *[(f"id {text}", b'{"id":' + text + b',"zone":"UTC","trigger":{"interval":{"seconds":60}}}', "invalidField")
          for text in (b"1e2", b"100.0", b"-1E+2", b"2.5")]]:
    batch(f"batch line: {label}", [line, GOOD, line], [code, None, code])
# A line longer than the 64 MiB limit (docs/contract.md, "Limits") is answered lineTooLong and
# skipped without holding it: the lines around it are answered.
batch("batch: 70 MB line", [GOOD, b"a" * 70_000_000, GOOD, b'{"zone":"' + b"x" * 70_000_000], [None, "lineTooLong", None, "lineTooLong"])
batch("batch: 1000 bad lines among good ones", ([b"garbage", GOOD] * 500), ["malformedJSON", None] * 500)
batch("batch: CRLF lines", [json.dumps(GOOD).encode() + b"\r", b"nope\r"], [None, "malformedJSON"])
batch("batch: last line without newline", [], [])  # replaced below with raw stdin
CASES[-1].stdin = json.dumps(GOOD).encode() + b"\n" + json.dumps(GOOD).encode()
CASES[-1].codes = [None, None]
batch("batch --explain: bad lines", [b"{", GOOD], ["malformedJSON", None], args=["--explain"])
# A member Chime does not know is an error naming it (never ignored: `"cuont": 5` would answer one fire).
batch("batch: unknown request members", [{**GOOD, "cuont": 5}, {**GOOD, "payload": {}}, {**GOOD, "Zone": NY}, GOOD],
      ["unknownField", "unknownField", "unknownField", None])
batch("batch --explain: unknown member", [{**GOOD, "cuont": 5}, GOOD], ["unknownField", None], args=["--explain"])
for value in ["-1", "soon", "86401", "1.5", ""]:
    bad(f"batch --zone-check-interval {value!r}", ["batch", "--zone-check-interval", value], "--zone-check-interval",
        stdin=(json.dumps(GOOD) + "\n").encode())
batch("batch --zone-check-interval 0: bad lines", [b"{", GOOD], ["malformedJSON", None], args=["--zone-check-interval", "0"])

# ---------------------------------------------------------------------------------------------
# Pending request files.
REMINDER = {"identifier": "a", "zone": NY, "trigger": CAL["calendar"] and CAL}
pending("pending: bad lines among good", [REMINDER, "garbage", {"identifier": "b", "zone": "Mars/X", "trigger": CAL},
                                          {"zone": NY, "trigger": CAL}, {"identifier": "c", "zone": NY, "trigger": {"sundial": {}}},
                                          {"identifier": "d", "zone": NY, "trigger": CAL, "created": "yesterday"},
                                          b'{"identifier":"e","zone":"\xff"}', {"identifier": ["x"], "zone": NY, "trigger": CAL}],
        {2: "malformedJSON", 3: "unknownZone", 4: "missingField", 5: "unknownField", 6: "malformedInstant", 7: "malformedJSON",
         8: "invalidField"})
pending("pending: empty file", [], {})
# Pending lines are read as batch lines are: the same codes for the same faults, and the zone a
# trigger names decides (a different request zone is a conflict, as in batch).
pending("pending: dialect errors keep their codes", [
    REMINDER, {"identifier": "b", "zone": NY, "trigger": {"cron": {"expression": "61 2 * * *"}}},
    {"identifier": "c", "zone": NY, "trigger": {"rrule": {"text": "DTSTART:20260101T090000\nRRULE:COUNT=3"}}},
    {"identifier": "d", "zone": NY, "trigger": {"onCalendar": {"expression": "*-*-* 02:30 Europe/Berlin"}}},
    {"identifier": "e", "zone": NY, "trigger": {"cron": {"expression": "TZ=Europe/Berlin 0 30 2 * * *", "flavor": "robfig"}}},
    {"identifier": "f", "zone": NY, "trigger": {"rrule": {"text": "DTSTART;TZID=Europe/Berlin:20260101T090000\nRRULE:FREQ=DAILY"}}},
    {"identifier": "g", "trigger": {"onCalendar": {"expression": "*-*-* 02:30 Europe/Berlin"}}},
    {"identifier": "h", "zone": "Europe/Berlin", "trigger": {"onCalendar": {"expression": "*-*-* 02:30 Europe/Berlin"}}}],
        {2: "invalidCronExpression", 3: "invalidRRule", 4: "zoneConflict", 5: "zoneConflict", 6: "zoneConflict"})
batch("batch: zone conflicts", [request({"onCalendar": {"expression": "*-*-* 02:30 Europe/Berlin"}}),
                                request({"rrule": {"text": "DTSTART;TZID=Europe/Berlin:20260101T090000\nRRULE:FREQ=DAILY"}}),
                                request({"onCalendar": {"expression": "*-*-* 02:30 Europe/Berlin"}}, zone="Europe/Berlin")],
      ["zoneConflict", "zoneConflict", None])
pending("pending: unknown members", [REMINDER, {"identifier": "b", "zone": NY, "trigger": CAL, "title": "x"},
                                     {"identifier": "c", "zone": NY, "trigger": {"calendar": {"components": {"hour": 9, "minite": 30}}}}],
        {2: "unknownField", 3: "unknownField"})
pending("pending: 70 MB line", [REMINDER, b"{" + b" " * 70_000_000 + b"}", REMINDER], {2: "lineTooLong"})
pending("pending: payload huge", [{"identifier": "a", "zone": NY, "trigger": CAL, "payload": {"x": "y" * 1_000_000}}], {})
pending("pending: one-shot interval under a minute", [{"identifier": "a", "zone": NY, "trigger": {"interval": {"seconds": -1, "repeats": False}}}],
        {1: "invalidTrigger"})
pending("simulate: bad lines among good", [REMINDER, "garbage", {"identifier": "b", "zone": "Mars/X", "trigger": CAL}],
        {2: "malformedJSON", 3: "unknownZone"}, command=("plan", "--now", AFTER))

# ---------------------------------------------------------------------------------------------
# Pending files at scale (docs/cli.md, "Pending files at scale"): nothing is reserved for a limit
# before the requests are read (a limit of 2^63 - 1 over 5,000 requests keeps 5,000), a delivery
# is O(log n) in the pending set, and a file of garbage is read a line at a time, each bad line an
# error on its line number. Seeded; each within the timeout on a debug build.
def reminder_lines(n, seed):
    r = random.Random(seed)
    shapes = [lambda: {"calendar": {"components": {"hour": r.randrange(24), "minute": r.randrange(60)}}},
              lambda: {"weekly": {"weekdays": ["mon", "fri"], "time": "%02d:%02d" % (r.randrange(24), r.randrange(60))}},
              lambda: {"interval": {"seconds": r.choice([900, 3600, 86400]), "repeats": True}},
              lambda: {"cron": {"expression": "%d %d * * *" % (r.randrange(60), r.randrange(24))}},
              lambda: {"onCalendar": {"expression": "*-*-* %02d:%02d" % (r.randrange(24), r.randrange(60))}},
              lambda: {"rrule": {"text": "DTSTART:20260101T%02d0000\nRRULE:FREQ=DAILY" % r.randrange(24)}}]
    lines = []
    for i in range(n):
        line = {"identifier": str(i), "zone": r.choice([NY, "Europe/Berlin", "Asia/Tokyo", "UTC"]), "trigger": r.choice(shapes)()}
        if i % 7 == 0:
            line["payload"] = {"title": "Reminder %d" % i, "n": i}
        lines.append(line)
    return lines


def file_bytes(lines):
    return b"".join((json.dumps(l).encode() if isinstance(l, dict) else l.encode() if isinstance(l, str) else l) + b"\n"
                    for l in lines)


SCALE = reminder_lines(5000, 30)
for limit in ("1", "5000", "1000000", "9223372036854775807"):
    for rule in ("soonest", "recent", "reject"):
        # Every request fires: `reject` refuses each one past the limit, on its line.
        refused = {n: "limitReached" for n in range(int(limit) + 1, len(SCALE) + 1)} if rule == "reject" else {}
        pending(f"pending --limit {limit} --rule {rule}: 5,000 requests", SCALE, refused,
                command=("pending", "--now", AFTER, "--limit", limit, "--rule", rule))
    ok(f"simulate --limit {limit}: 5,000 requests for 3 hours", ["simulate", "{file}", "--from", AFTER, "--until", "2026-03-07T15:00:00Z",
                                                                "--limit", limit, "--json"], lines=file_bytes(SCALE))
for limit in ("1", "1000", "20000"):
    pending(f"plan --limit {limit}: 500 requests", SCALE[:500], {}, command=("plan", "--now", AFTER, "--limit", limit))
# Monthly requests over decades, all pending: each delivery reschedules in a heap of 500.
MONTHLY = [{"identifier": f"m{i}", "zone": "Europe/Berlin",
            "trigger": {"calendar": {"components": {"day": 1 + i % 28, "hour": i % 24, "minute": i % 60}}}} for i in range(500)]
ok("simulate: 500 monthly requests for 3 years, limit 500", ["simulate", "{file}", "--from", "2026-01-01T00:00:00Z",
                                                            "--until", "2029-01-01T00:00:00Z", "--limit", "500"], lines=file_bytes(MONTHLY))
# Garbage: every shape a line can be wrong in, 10,000 lines with good ones among them.
GARBAGE = [("garbage {not json", "malformedJSON"), ("[1, 2]", "malformedJSON"), ('"text"', "malformedJSON"), ("12", "malformedJSON"),
           ("[" * 600, "malformedJSON"), (b"\xff\xfe{", "malformedJSON"), ('{"identifier": "x"', "malformedJSON"),
           ('{"identifier": "x"}', "missingField"), ('{"zone": "UTC", "trigger": {"interval": {"seconds": 60}}}', "missingField"),
           ('{"identifier": "x", "zone": "UTC", "trigger": {"interval": {"seconds": 60}}, "bogus": 1}', "unknownField"),
           ('{"identifier": [1], "zone": "UTC", "trigger": {"interval": {"seconds": 60}}}', "invalidField"),
           ('{"identifier": "x", "zone": "Mars/Base", "trigger": {"interval": {"seconds": 60}}}', "unknownZone"),
           ('{"identifier": "x", "zone": "UTC", "trigger": {"cron": {"expression": "61 * * * *"}}}', "invalidCronExpression")]
for size, seed in ((10_000, 1), (3_000, 2)):
    r = random.Random(seed)
    lines, codes = [], {}
    for number in range(1, size + 1):
        if number % 100 == 0:
            lines.append({"identifier": f"good{number}", "zone": "UTC", "trigger": {"interval": {"seconds": 3600}}})
        else:
            line, code = r.choice(GARBAGE)
            lines.append(line)
            codes[number] = code
    pending(f"pending: {size:,} lines of garbage among good", lines, codes)
    pending(f"plan: {size:,} lines of garbage among good", lines, codes, command=("plan", "--now", AFTER))

# ---------------------------------------------------------------------------------------------
# Closed and full outputs: an error naming stdout and exit 2, never a silent success.
for label, stdout in [("stdout /dev/full", "full"), ("stdout closed", "closed")]:
    bad(f"next: {label}", ["next", "--at", "02:30", "--tz", NY, "--after", AFTER, "--count", "5"], "stdout", stdout=stdout)
    bad(f"zones: {label}", ["zones"], "stdout", stdout=stdout)
    bad(f"transitions --json: {label}", ["transitions", NY, "--from", "2026", "--json"], "stdout", stdout=stdout)
    bad(f"man: {label}", ["man"], "stdout", stdout=stdout)
    bad(f"batch: {label}", ["batch"], "stdout", stdin=(json.dumps(GOOD) + "\n").encode() * 100, stdout=stdout)
    bad(f"audit: {label}", ["audit", "--at", "02:30", "--zones", NY, "--from", "2026"], "stdout", stdout=stdout)
    bad(f"simulate: {label}", ["simulate", os.path.join(ROOT, "examples/reminders.jsonl"), "--from", "2026-03-01T00:00:00Z",
                               "--until", "2026-04-01T00:00:00Z"], "stdout", stdout=stdout)
bad("batch: reader leaves the pipe", ["batch"], "stdout", stdin=(json.dumps(GOOD) + "\n").encode() * 20_000, stdout="epipe")


# ---------------------------------------------------------------------------------------------
# Zone data as untrusted input (docs/contract.md, "Zones"): trees built at run time from the pinned
# fixtures, each named by `{tree:NAME}` in a case's TZDIR or arguments. What each case expects is
# the rule of docs/contract.md: only regular files are read (refused before being opened), symbolic
# links only inside the tree, walks bounded, a TZDIR that is not a tz tree an immediate error
# naming it, only tz database names answered, control characters in zone data escaped in text.
TREES = {}


def tree(name):
    def register(build):
        TREES[name] = build
        return build
    return register


def copy_fixtures(fixtures, path, index=True):
    shutil.copytree(fixtures, path, symlinks=True)
    if not index:
        os.remove(os.path.join(path, "tzdata.zi"))


def replace(path, make):
    """Removes `path` (file or link) and makes something else there with `make(path)`."""
    if os.path.lexists(path):
        os.remove(path)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    make(path)


def make_socket(path):
    import socket
    s = socket.socket(socket.AF_UNIX)
    s.bind(path)
    s.close()


SPECIAL_FILES = {"FIFO": os.mkfifo, "socket": make_socket, "directory": os.mkdir,
                 "link to /dev/zero": lambda p: os.symlink("/dev/zero", p),
                 "link loop": lambda p: os.symlink(os.path.basename(p), p),
                 "dangling link": lambda p: os.symlink("nowhere-at-all", p)}
# What a read of each answers (the words of docs/contract.md's reasons).
SPECIAL_WORDS = {"FIFO": "not a regular file (a FIFO)", "socket": "not a regular file (a socket)",
                 "directory": "not a regular file (a directory)", "link to /dev/zero": "a symbolic link to /dev/zero, outside",
                 "link loop": "Too many levels of symbolic links", "dangling link": "No such file or directory"}

# A zone's file, an index file, a link's file: each replaced by each special file.
for what, make in SPECIAL_FILES.items():
    slug = what.replace(" ", "-").replace("/", "")
    for zone in ["America/New_York", "Asia/Tokyo", "America/Argentina/Buenos_Aires"]:
        name = f"zonefile-{slug}-{zone.replace('/', '-')}"
        tree(name)(lambda path, fixtures, zone=zone, make=make: (copy_fixtures(fixtures, path),
                                                                    replace(os.path.join(path, zone), make)))
        bad(f"zone data: {zone} is a {what}", ["zone", zone, "--at", AFTER], zone, SPECIAL_WORDS[what],
            env={"TZDIR": f"{{tree:{name}}}"})
    name = f"zonefile-{slug}-America-New_York"
    bad(f"zone data: next --tz, New York is a {what}", ["next", "--at", "02:30", "--tz", NY, "--after", AFTER],
        SPECIAL_WORDS[what], env={"TZDIR": f"{{tree:{name}}}"})
    bad(f"zone data: transitions, New York is a {what}", ["transitions", NY, "--from", "2026"], SPECIAL_WORDS[what],
        env={"TZDIR": f"{{tree:{name}}}"})
    CASES.append(Case(f"zone data: batch, New York is a {what}", ["batch"], "batch", env={"TZDIR": f"{{tree:{name}}}"},
                      stdin=b"".join(json.dumps(l).encode() + b"\n" for l in
                                     [request(CAL), request(CAL, zone="Europe/Berlin"), request(CAL)]),
                      codes=["unreadable", None, "unreadable"]))
    for index, indexed in [("tzdata.zi", True), ("+VERSION", False)]:
        name = f"index-{slug}-{index}"
        tree(name)(lambda path, fixtures, index=index, indexed=indexed, make=make: (
            copy_fixtures(fixtures, path, index=indexed), replace(os.path.join(path, index), make)))
        for args in (["zone", "UTC"], ["next", "--every", "1h", "--tz", "UTC", "--after", AFTER], ["zones"]):
            bad(f"zone data: {index} is a {what}: {args[0]}", args, "TZDIR=", index, SPECIAL_WORDS[what],
                env={"TZDIR": f"{{tree:{name}}}"})
        bad(f"zone data: {index} is a {what}: batch", ["batch"], "TZDIR=", index, stdin=(json.dumps(GOOD) + "\n").encode(),
            env={"TZDIR": f"{{tree:{name}}}"})
        reload(f"zone data: reload onto a tree whose {index} is a {what}", f"{{tree:{name}}}", f"{index}: {SPECIAL_WORDS[what]}")

# TZDIR that is not a tz database directory: an immediate error naming it, on every command.
tree("empty")(lambda path, fixtures: os.mkdir(path))
tree("junk only")(lambda path, fixtures: (os.mkdir(path), open(os.path.join(path, "README"), "w").write("not tz data\n")))
tree("12,000 entries")(lambda path, fixtures: (os.mkdir(path), [open(os.path.join(path, f"f{i}"), "w").close()
                                                                 for i in range(12_000)]))
tree("a FIFO")(lambda path, fixtures: os.mkfifo(path))
tree("a regular file")(lambda path, fixtures: open(path, "w").write("x\n"))
tree("a dangling link")(lambda path, fixtures: os.symlink("/nonexistent/chime-tz", path))
tree("a link loop")(lambda path, fixtures: os.symlink(path, path))
tree("a link to /proc")(lambda path, fixtures: os.symlink("/proc", path))
BAD_TZDIRS = ["/", "/proc", "/proc/self", "/proc/sys", "/sys", "/sys/kernel", "/dev", "/dev/pts", "/dev/null", "/dev/zero",
              "/etc", *[f"{{tree:{t}}}" for t in ["empty", "junk only", "12,000 entries", "a FIFO", "a regular file",
                                                          "a dangling link", "a link loop", "a link to /proc"]]]
for tzdir in BAD_TZDIRS:
    label = tzdir.removeprefix("{tree:").removesuffix("}")
    for args in (["zone", "UTC"], ["next", "--at", "09:00", "--tz", "Asia/Tokyo", "--after", AFTER], ["zones"],
                 ["transitions", "Europe/Berlin", "--from", "2026"], ["audit", "--at", "02:30", "--zones", NY, "--from", "2026"]):
        bad(f"TZDIR {label}: {args[0]}", args, "TZDIR=", env={"TZDIR": tzdir})
    bad(f"TZDIR {label}: --source tzif", ["zone", "UTC", "--source", "tzif"], "TZDIR=", env={"TZDIR": tzdir})
    bad(f"TZDIR {label}: batch", ["batch"], "TZDIR=", stdin=(json.dumps(GOOD) + "\n").encode(), env={"TZDIR": tzdir})
    # Only ICU asked: TZDIR is not read, and ICU answers.
    ok(f"TZDIR {label}: --source icu answers", ["zone", "UTC", "--source", "icu"], env={"TZDIR": tzdir})
for tzdir, cause in [("/", "more than 10000 entries"), ("/proc", "kernel's file system of /proc"),
                     ("/sys", "kernel's file system of /sys"), ("{tree:12,000 entries}", "more than 10000 entries"),
                     ("{tree:empty}", "holds no zones"), ("{tree:a FIFO}", "is not a directory")]:
    reload(f"zone data: reload onto TZDIR {tzdir.removeprefix('{tree:').removesuffix('}')}", tzdir, cause)
reload("zone data: reload onto TZDIR / (on-disk check)", "/", "more than 10000 entries", by="check")

# Trees without tzdata.zi holding links that loop, climb or leave: the walk skips them (never
# follows a directory link), and answers from the rest.
JUNK_LINKS = {"self loop": [("loop", "loop")], "pair loop": [("a", "b"), ("b", "a")],
              "dir link to .": [("here", ".")], "dir link to ..": [("up", "..")],
              "ten dir loops": [(f"d{i}", ".") for i in range(10)], "link to /": [("root", "/")],
              "link to /proc": [("proc", "/proc")], "link to /dev/zero": [("zero", "/dev/zero")],
              "nested loops": [("America/again", ".."), ("Europe/here", "."), ("Asia/up", "../..")]}
for label, links in JUNK_LINKS.items():
    name = f"walk-{label}"
    tree(name)(lambda path, fixtures, links=links: (copy_fixtures(fixtures, path, index=False),
                                                    [os.symlink(target, os.path.join(path, link)) for link, target in links]))
    ok(f"zone data: walked tree with {label}: zone", ["zone", NY, "--at", AFTER, "--source", "tzif"], shows=["America/New_York"],
       env={"TZDIR": f"{{tree:{name}}}"})
    ok(f"zone data: walked tree with {label}: zones", ["zones", "--source", "tzif"], shows=["Asia/Tokyo"],
       env={"TZDIR": f"{{tree:{name}}}"})
    bad(f"zone data: walked tree with {label}: the link is no zone", ["zone", links[0][0], "--source", "tzif"],
        "unknown time zone", env={"TZDIR": f"{{tree:{name}}}"})

# Links that leave the tree: never followed, with tzdata.zi (the zone's file cannot be read) or
# without (the walk does not list it). A link inside the tree still works.
ESCAPES = {"absolute link to another tree": lambda outside: os.path.join(outside, "Asia/Tokyo"),
           "relative link out": lambda outside: os.path.join("../..", os.path.basename(outside), "Asia/Tokyo"),
           "link to /etc/passwd": lambda outside: "/etc/passwd",
           "link to the host's zoneinfo": lambda outside: "/usr/share/zoneinfo/Asia/Tokyo"}
for label, target in ESCAPES.items():
    for indexed in (True, False):
        name = f"escape-{label}-{indexed}"

        def build(path, fixtures, target=target, indexed=indexed):
            outside = path + "-outside"
            copy_fixtures(fixtures, outside)
            copy_fixtures(fixtures, path, index=indexed)
            replace(os.path.join(path, NY), lambda p: os.symlink(target(outside), p))
        tree(name)(build)
        if indexed:
            bad(f"zone data: New York is a {label}", ["zone", NY, "--at", AFTER], NY, "outside",
                env={"TZDIR": f"{{tree:{name}}}"})
            bad(f"zone data: New York is a {label}: next", ["next", "--at", "02:30", "--tz", NY, "--after", AFTER], "outside",
                env={"TZDIR": f"{{tree:{name}}}"})
            reload(f"zone data: reload onto a tree where New York is a {label}", f"{{tree:{name}}}", f"{NY}: a symbolic link to")
        else:
            bad(f"zone data: walked, New York is a {label}", ["zone", NY, "--source", "tzif"], "unknown time zone",
                env={"TZDIR": f"{{tree:{name}}}"})
        ok(f"zone data: {label} ({'indexed' if indexed else 'walked'}): a link inside answers",
           ["zone", "Asia/Tokyo", "--at", AFTER, "--source", "tzif"], shows=["Asia/Tokyo", "JST"], env={"TZDIR": f"{{tree:{name}}}"})


# Names that are paths into the tree but not tz database names, in a tree that has those files
# (posix/ as Debian's link to the tree, right/ as a copy, localtime, posixrules): refused, saying
# why, with the name inside suggested.
def with_extras(path, fixtures, indexed):
    copy_fixtures(fixtures, path, index=indexed)
    os.symlink(".", os.path.join(path, "posix"))
    shutil.copytree(fixtures, os.path.join(path, "right"), symlinks=True)
    os.symlink("Etc/UTC", os.path.join(path, "localtime"))
    os.symlink("America/New_York", os.path.join(path, "posixrules"))


tree("extras")(lambda path, fixtures: with_extras(path, fixtures, True))
tree("extras walked")(lambda path, fixtures: with_extras(path, fixtures, False))
NAMED = ["America/New_York", "Europe/Berlin", "Asia/Tokyo", "America/Argentina/Buenos_Aires", "Etc/UTC"]
NOT_NAMES = []
for zone in NAMED:
    NOT_NAMES += [(f"posix/{zone}", "posix/", zone), (f"right/{zone}", "posix/", zone)]
    parts = zone.split("/")
    for i in range(1, len(parts)):
        NOT_NAMES.append(("/".join(parts[:i]) + "//" + "/".join(parts[i:]), "empty path segment", zone))
        NOT_NAMES.append(("/".join(parts[:i]) + "/./" + "/".join(parts[i:]), "'.' and '..'", zone))
    NOT_NAMES += [(zone + "/", "empty path segment", zone), (f"{parts[0]}/../{zone}", "'.' and '..'", None)]
NOT_NAMES += [("localtime", "localtime", None), ("posixrules", "posixrules", None), ("posix/localtime", "posix/", None),
              ("right/posixrules", "posix/", None), ("posix", None, None), ("right", None, None), ("./UTC", "'.' and '..'", "UTC")]
for tz in ("extras", "extras walked"):
    for zone, why, suggested in NOT_NAMES:
        mentions = ["unknown time zone"] + (["not a tz database name", "posix/ and right/" if why == "posix/" else why] if why else []) \
            + ([f"did you mean {suggested}"] if suggested else [])
        bad(f"zone name ({tz}): {zone}", ["zone", zone, "--at", AFTER], *mentions, env={"TZDIR": f"{{tree:{tz}}}"})
        if tz == "extras":
            bad(f"zone name: next --tz {zone}", ["next", "--at", "02:30", "--tz", zone, "--after", AFTER], *mentions,
                env={"TZDIR": "{tree:extras}"})
            bad(f"zone name: $TZ={zone}", ["next", "--at", "02:30", "--after", AFTER], *mentions, "$TZ",
                env={"TZDIR": "{tree:extras}", "TZ": zone})
            CASES.append(Case(f"zone name: batch zone {zone}", ["batch"], "batch", env={"TZDIR": "{tree:extras}"},
                              stdin=b"".join(json.dumps(l).encode() + b"\n" for l in [request(CAL, zone=zone), GOOD]),
                              codes=["unknownZone", None]))
    ok(f"zone name ({tz}): the real names answer", ["zone", "America/New_York", "Etc/UTC", "--at", AFTER], shows=["EDT"],
       env={"TZDIR": f"{{tree:{tz}}}"})
    ok(f"zone name ({tz}): zones lists no copies", ["zones", "--all"], shows=["America/New_York"],
       hides=["posix", "right/", "localtime"], env={"TZDIR": f"{{tree:{tz}}}"})


# Control characters in zone data reach text output escaped (`\u{1b}`), and JSON as JSON escapes.
def tzif(types, transitions=(), footer=b""):
    """A TZif v2 file: `types` as (utoff, isdst, abbreviation bytes), `transitions` as (time, type)."""
    import struct
    chars, index = b"", []
    for _, _, abbr in types:
        index.append(len(chars))
        chars += abbr + b"\0"

    def block(size):
        out = b"TZif2" + b"\0" * 15 + struct.pack(">6l", 0, 0, 0, len(transitions), len(types), len(chars))
        out += b"".join(struct.pack(">l" if size == 4 else ">q", t) for t, _ in transitions)
        out += bytes(k for _, k in transitions)
        out += b"".join(struct.pack(">lBB", off, dst, i) for (off, dst, _), i in zip(types, index))
        return out + chars
    return block(4) + block(8) + b"\n" + footer + b"\n"


CONTROLS = {"ESC": b"\x1b[31m", "OSC title": b"\x1b]0;owned\x07", "BEL": b"\x07", "backspace": b"\x08", "CR": b"\r",
            "newline": b"\n", "DEL": b"\x7f", "C1 CSI": "\u009b".encode(), "tab": b"\t", "SOH": b"\x01"}


def control_tree(path, fixtures):
    copy_fixtures(fixtures, path)
    os.makedirs(os.path.join(path, "Test"))
    zones = []
    for i, (label, raw) in enumerate(CONTROLS.items()):
        name = f"Test/C{i}"
        zones.append(name)
        # Standard time X<control>S, and from 2026-03-08T07:00:00Z daylight time X<control>D.
        with open(os.path.join(path, name), "wb") as f:
            f.write(tzif([(-18000, 0, b"X" + raw + b"S"), (-14400, 1, b"X" + raw + b"D")], [(1772953200, 1)]))
    with open(os.path.join(path, "tzdata.zi"), "ab") as f:
        f.write(b"".join(f"Z {z} -5 - EST\n".encode() for z in zones))
        f.write(b"Z Test/Bad\x1b[2JName -5 - EST\n")


tree("controls")(control_tree)
for i, label in enumerate(CONTROLS):
    zone, shown = f"Test/C{i}", "\\u{" + format(ord(CONTROLS[label].decode()[0]), "x") + "}"
    for args in (["zone", zone, "--at", "2026-07-01T00:00:00Z"], ["transitions", zone, "--from", "2026"],
                 ["next", "--at", "09:00", "--tz", zone, "--after", AFTER, "--count", "2"],
                 ["resolve", zone, "2026-03-08T02:30"], ["audit", "--at", "02:30", "--zones", zone, "--from", "2026"]):
        ok(f"zone data: {label} in an abbreviation: {args[0]}", args, shows=[shown], env={"TZDIR": "{tree:controls}"})
    ok(f"zone data: {label} in an abbreviation: zone --json", ["zone", zone, "--json", "--at", "2026-07-01T00:00:00Z"],
       shows=['"abbreviation":"X'], env={"TZDIR": "{tree:controls}"})
ok("zone data: a zone name with ESC in tzdata.zi is not listed", ["zones", "--search", "Test/"], shows=["Test/C0"],
   env={"TZDIR": "{tree:controls}"})
bad("zone data: a zone name with ESC in tzdata.zi is no zone", ["zone", "Test/Bad\x1b[2JName"], "unknown time zone", "\\u{1b}",
    env={"TZDIR": "{tree:controls}"})
tree("version with ESC")(lambda path, fixtures: (copy_fixtures(fixtures, path, index=False),
                                                 open(os.path.join(path, "+VERSION"), "wb").write(b"2025b\x1b[2J\x1b]0;x\x07")))
ok("zone data: +VERSION with ESC: zone", ["zone", "UTC", "--source", "tzif", "--at", AFTER], shows=["2025b\\u{1b}[2J"],
   env={"TZDIR": "{tree:version with ESC}"})
ok("zone data: +VERSION with ESC: --version", ["--version"], shows=["\\u{1b}"], env={"TZDIR": "{tree:version with ESC}"})


# ---------------------------------------------------------------------------------------------
# glibc's $TZ forms as zones (docs/contract.md, "Zones"): malformed POSIX TZ rules and paths that
# are no TZif file, wherever a zone is taken. A string shaped like a rule that does not parse is
# `unknownZone` naming the fault; a path is read as an untrusted zone file (`unreadable` or
# `malformedZoneData`, naming the path). Generated: each fault of a valid rule (a value out of
# POSIX's range, the words the message must hold), truncations right after a separator (always
# incomplete), and each kind of file a path can name.
POSIX_BASES = ["EST5EDT,M3.2.0,M11.1.0", "<+0330>-3:30<+0430>,J79/24,J263/24", "IST-1GMT0,M10.5.0,M3.5.0/1",
               "AEST-10AEDT,M10.1.0,M4.1.0/3", "<-02>2<-01>,M3.5.0/-1,M10.5.0/0", "XST5:30:15XDT4,100/25,300/-2"]
POSIX_FAULTS = [  # (pattern, replacement, the words) applied to the first base rule that has the pattern
    ("EST5", "EST25", "hour 25 exceeds 24"), ("EST5", "EST5:60", "minute 60 exceeds 59"),
    ("XST5:30:15", "XST5:30:60", "second 60 exceeds 59"), ("M3.2.0", "M13.2.0", "month 13 outside 1-12"),
    ("M3.2.0", "M0.2.0", "month 0 outside 1-12"), ("M3.2.0", "M3.6.0", "week 6 outside 1-5"),
    ("M3.2.0", "M3.0.0", "week 0 outside 1-5"), ("M3.2.0", "M3.2.7", "weekday 7 outside 0-6"),
    ("M4.1.0/3", "M4.1.0/168", "hour 168 exceeds 167"), ("M3.5.0/-1", "M3.5.0/-168", "hour 168 exceeds 167"),
    ("J79/24", "J0/24", "Julian day 0 outside 1-365"), ("J263/24", "J366/24", "Julian day 366 outside 1-365"),
    ("100/25", "366/25", "day of year 366 outside 0-365"), (",M11.1.0", "", "expected ',' before the DST end rule"),
    ("M11.1.0", "M11.1.0,", "unexpected text after the rule"), ("M11.1.0", "M11.1.0 ", "unexpected text after the rule"),
    ("<+0330>", "<+3>", "shorter than 3"), ("<+0330>", "<+03$0>", "invalid character in quoted zone abbreviation"),
    ("<+0330>", "<+0330", "invalid character"), ("M3.2.0", "M3-2.0", "expected '.' after the month"),
]
posix_random = random.Random(2028)
posix_faulty = []
for pattern, replacement, words in POSIX_FAULTS:
    base = next(b for b in POSIX_BASES if pattern in b)
    posix_faulty.append((base.replace(pattern, replacement, 1), ["unknown time zone", words]))
for base in POSIX_BASES:
    cuts = [i + 1 for i, c in enumerate(base) if c in ",/.MJ<" and i + 1 < len(base)]
    for cut in posix_random.sample(cuts, min(3, len(cuts))):
        posix_faulty.append((base[:cut], ["unknown time zone"]))
for rule, mentions in posix_faulty:
    bad(f"posix rule: zone {rule!r}", ["zone", rule, "--at", AFTER], *mentions)
    bad(f"posix rule: next --tz {rule!r}", ["next", "--at", "02:30", "--tz", rule, "--after", AFTER], *mentions)
    bad(f"posix rule: $TZ {rule!r}", ["next", "--at", "02:30", "--after", AFTER], *mentions, "$TZ", env={"TZ": rule})
    batch(f"posix rule: batch {rule!r}", [request(CAL, zone=rule), GOOD], ["unknownZone", None])
for rule in POSIX_BASES:   # the valid ones answer everywhere
    ok(f"posix rule: valid {rule!r}", ["next", "--at", "02:30", "--tz", rule, "--after", AFTER], shows=[rule])
    batch(f"posix rule: batch valid {rule!r}", [request(CAL, zone=rule), request(CAL, zone=":" + rule)], [None, None])


@tree("tz paths")
def tz_paths(path, fixtures):
    os.mkdir(path)
    os.mkfifo(os.path.join(path, "fifo"))
    make_socket(os.path.join(path, "socket"))
    os.mkdir(os.path.join(path, "dir"))
    with open(os.path.join(path, "text"), "w") as f:
        f.write("Europe/Berlin\n")
    open(os.path.join(path, "empty"), "w").close()
    with open(os.path.join(fixtures, "Europe/Berlin"), "rb") as f:
        berlin = f.read()
    with open(os.path.join(path, "truncated"), "wb") as f:
        f.write(berlin[:40])
    with open(os.path.join(path, "cut data"), "wb") as f:
        f.write(berlin[:len(berlin) // 2])
    with open(os.path.join(path, "big"), "wb") as f:
        f.truncate(2 << 20)
    with open(os.path.join(path, "berlin"), "wb") as f:
        f.write(berlin)
    os.symlink("loop", os.path.join(path, "loop"))
    os.symlink("nowhere-at-all", os.path.join(path, "dangling"))
    os.symlink("fifo", os.path.join(path, "link to fifo"))
    os.symlink("/dev/zero", os.path.join(path, "link to dev zero"))


TZ_PATHS = [  # (the file, error code, the words)
    ("fifo", "unreadable", "not a regular file (a FIFO)"), ("socket", "unreadable", "not a regular file (a socket)"),
    ("dir", "unreadable", "not a regular file (a directory)"), ("text", "malformedZoneData", "not a TZif file"),
    ("empty", "malformedZoneData", "truncated header"), ("truncated", "malformedZoneData", "truncated header"),
    ("cut data", "malformedZoneData", "truncated"), ("big", "unreadable", "larger than 1048576 bytes"),
    ("loop", "unreadable", "Too many levels of symbolic links"), ("dangling", "unreadable", "No such file or directory"),
    ("link to fifo", "unreadable", "not a regular file (a FIFO)"),
    ("link to dev zero", "unreadable", "on the kernel's file system of /dev"),
]
for name, code, words in TZ_PATHS:
    p = "{tree:tz paths}/" + name
    bad(f"tz path: zone {name}", ["zone", p, "--at", AFTER], "/" + name + ":", words)
    bad(f"tz path: next --tz :{name}", ["next", "--at", "02:30", "--tz", ":" + p, "--after", AFTER], words)
    bad(f"tz path: $TZ {name}", ["next", "--at", "02:30", "--after", AFTER], words, "$TZ", env={"TZ": p})
    batch(f"tz path: batch {name}", [request(CAL, zone=p), GOOD], [code, None])
for p, words in [("/proc/self/status", "kernel's file system of /proc"), ("/proc/self/fd/0", "kernel's file system of"),
                 ("/dev/null", "kernel's file system of /dev"), ("/sys/kernel", "kernel's file system of /sys"),
                 ("/etc", "not a regular file (a directory)"), ("/nonexistent/zone", "No such file or directory"),
                 ("/", "not a regular file (a directory)")]:
    bad(f"tz path: zone {p}", ["zone", p, "--at", AFTER], words)
    batch(f"tz path: batch {p}", [request(CAL, zone=p), GOOD], ["unreadable", None])
for rel in ["tz paths/berlin", "./Europe/Berlin", "../zoneinfo/Europe/Berlin", "zoneinfo/Europe/Berlin"]:
    bad(f"tz path: relative {rel}", ["zone", rel, "--at", AFTER], "unknown time zone")
    batch(f"tz path: batch relative {rel}", [request(CAL, zone=rel), GOOD], ["unknownZone", None])
ok("tz path: a TZif file answers", ["zone", "{tree:tz paths}/berlin", "--at", AFTER], shows=["CET", "TZif file"])
batch("tz path: batch TZif file", [request(CAL, zone="{tree:tz paths}/berlin")], [None])


# ---------------------------------------------------------------------------------------------
def fixtures_tzdir():
    d = tempfile.mkdtemp(prefix="chime-battery-tz-")
    subprocess.run(["/usr/sbin/zic", "-b", "fat", "-d", d, os.path.join(ROOT, "tzdata-fixtures/tzdata.zi")], check=True)
    shutil.copy(os.path.join(ROOT, "tzdata-fixtures/tzdata.zi"), d)
    return d


def encode(arg):
    return arg if isinstance(arg, bytes) else arg.encode()


class Trees:
    """The trees of `TREES`, each built the first time a case names it (`{tree:NAME}`)."""

    def __init__(self, fixtures, root):
        self.fixtures, self.root, self.built = fixtures, root, {}

    def path(self, name):
        if name not in self.built:
            path = os.path.join(self.root, f"t{len(self.built)}")
            TREES[name](path, self.fixtures)
            self.built[name] = path
        return self.built[name]

    def substitute(self, text):
        """`{tree:NAME}` anywhere in a string or bytes (an argument, an environment value, stdin)
        replaced by that tree's path."""
        if isinstance(text, str):
            return re.sub(r"\{tree:([^}]*)\}", lambda m: self.path(m.group(1)), text)
        if isinstance(text, bytes) and b"{tree:" in text:
            return re.sub(rb"\{tree:([^}]*)\}", lambda m: self.path(m.group(1).decode()).encode(), text)
        return text


def run(case, chime, tzdir, timeout, workdir, trees):
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "TZDIR": tzdir, "CHIME_ZONE_SOURCE": "newest", "TZ": "UTC",
           "LANG": "C.UTF-8"}
    env.update({k: trees.substitute(v) for k, v in case.env.items()})
    if case.kind == "reload":
        return run_reload(case, chime, env, timeout, workdir, trees)
    args = [trees.substitute(a) for a in case.args]
    if case.lines is not None:
        path = os.path.join(workdir, "requests.jsonl")
        with open(path, "wb") as f:
            f.write(case.lines)
        args = [path if a == "{file}" else a for a in args]
    argv = [encode(chime)] + [encode(a) for a in args]
    case_stdin = trees.substitute(case.stdin)
    stdin = subprocess.PIPE if case.stdin is not None else subprocess.DEVNULL
    stdout_file = None
    if case.stdout == "full":
        stdout_file = open("/dev/full", "wb")
    kwargs = dict(stdin=stdin, stderr=subprocess.PIPE, env={k: v for k, v in env.items()})
    if case.stdout == "closed":
        # The child starts with fd 1 closed (as `chime … >&-` does).
        kwargs["stdout"] = None
        kwargs["preexec_fn"] = lambda: os.close(1)
    elif stdout_file:
        kwargs["stdout"] = stdout_file
    else:
        kwargs["stdout"] = subprocess.PIPE
    start = time.monotonic()
    proc = subprocess.Popen(argv, **kwargs)
    try:
        if case.stdout == "epipe":
            # Read one line, then close the pipe while chime still has answers to write (the input
            # is written from a thread: chime answers while it reads, so the pipes would fill).
            def feed():
                try:
                    proc.stdin.write(case_stdin)
                    proc.stdin.close()
                except (BrokenPipeError, OSError):
                    pass
            threading.Thread(target=feed, daemon=True).start()
            proc.stdout.readline()
            proc.stdout.close()
            err = proc.stderr.read()
            proc.wait(timeout=timeout)
            out = b"x"   # something was read, as a pipe's reader would have
        else:
            out, err = proc.communicate(input=case_stdin, timeout=timeout)
        timed_out = False
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
        timed_out = True
    except BrokenPipeError:
        out, err = proc.communicate()
        timed_out = False
    elapsed = time.monotonic() - start
    if stdout_file:
        stdout_file.close()
    return proc.returncode, out or b"", err or b"", timed_out, elapsed


def run_reload(case, chime, env, timeout, workdir, trees):
    """A batch on a TZDIR link to the pinned tree: one line answered, the link switched to the case's
    tree, a SIGHUP (or a wait past the one-second check), two more lines, end of input."""
    link = os.path.join(workdir, "reload-link")
    if os.path.lexists(link):
        os.remove(link)
    os.symlink(env["TZDIR"], link)
    env = {**env, "TZDIR": link, "CHIME_ZONE_SOURCE": "tzif"}
    line = (json.dumps(request(CAL)) + "\n").encode()
    start = time.monotonic()
    proc = subprocess.Popen([chime, *case.args], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    killed = []
    timer = threading.Timer(timeout, lambda: (killed.append(True), proc.kill()))
    timer.start()
    try:
        proc.stdin.write(line)
        proc.stdin.flush()
        first = proc.stdout.readline()
        target = trees.substitute(case.reload_to)
        os.symlink(target, link + ".new")
        os.replace(link + ".new", link)
        if case.reload_by == "check":
            time.sleep(1.3)
        else:
            proc.send_signal(signal.SIGHUP)
        proc.stdin.write(line * 2)
        proc.stdin.close()
        rest = proc.stdout.read()
        err = proc.stderr.read()
        proc.wait()
    except (BrokenPipeError, OSError):
        proc.kill()
        first, rest, err = b"", b"", b""
    finally:
        proc.wait()
        timer.cancel()
    return proc.returncode, first + rest, err, bool(killed), time.monotonic() - start


def check(case, status, out, err, timed_out):
    problems = []
    text = err.decode("utf-8", "replace")
    if timed_out:
        return ["did not finish within the timeout"]
    if status < 0:
        problems.append(f"killed by signal {-status}")
    for marker in CRASH_MARKERS:
        if marker in text:
            problems.append(f"crash report on stderr ({marker})")
    leaked = TYPE_MARKERS.search(text + out.decode("utf-8", "replace"))
    if leaked:
        problems.append(f"a Swift type name in the output: {leaked.group(0)!r}")
    if case.kind in ("bad", "no_answer"):
        want = 2 if case.kind == "bad" else 1
        if status != want:
            problems.append(f"exit {status}, expected {want}")
        if case.kind == "bad" and case.stdout == "pipe" and out.strip():
            problems.append(f"stdout not empty: {out[:200]!r}")
        if not text.strip():
            problems.append("no message on stderr")
        for m in case.mentions:
            if encode(m).decode("utf-8", "replace") not in text:
                problems.append(f"stderr does not mention {m[:60]!r}")
    elif case.kind == "ok":
        if status != 0:
            problems.append(f"exit {status}, expected 0: {text[:300]}")
        shown = out.decode("utf-8", "replace")
        for m in case.shows:
            if m not in shown:
                problems.append(f"stdout does not show {m[:60]!r}")
        for m in case.hides:
            if m in shown:
                problems.append(f"stdout shows {m[:60]!r}")
        # A text answer never carries a raw control character (JSON may carry DEL and C1, which it need not escape).
        raw = re.search(r"[\x00-\x09\x0b-\x1f]" if shown.startswith("{") else r"[\x00-\x09\x0b-\x1f\x7f-\x9f]", shown)
        if case.shows and raw:
            problems.append(f"a raw control character in stdout: {shown[max(0, raw.start() - 20):raw.end() + 20]!r}")
    elif case.kind == "reload":
        lines = [l for l in out.split(b"\n") if l]
        if status != 0:
            problems.append(f"exit {status}, expected 0: {text[:300]}")
        if len(lines) != 3:
            problems.append(f"{len(lines)} answers for 3 lines")
        for i, line in enumerate(lines):
            try:
                answer = json.loads(line)
            except ValueError:
                problems.append(f"answer {i + 1} is not JSON: {line[:200]!r}")
                continue
            if not answer.get("fires") or answer.get("version") != "2025b":
                problems.append(f"answer {i + 1} is not the pinned data's: {line[:200]!r}")
        for m in case.mentions:
            if m not in text:
                problems.append(f"stderr does not mention {m[:60]!r}")
    elif case.kind == "batch":
        if status != 0:
            problems.append(f"exit {status}, expected 0: {text[:300]}")
        lines = out.split(b"\n")
        if lines and lines[-1] == b"":
            lines.pop()
        if len(lines) != len(case.codes):
            problems.append(f"{len(lines)} response lines for {len(case.codes)} requests")
        for i, (line, code) in enumerate(zip(lines, case.codes)):
            try:
                answer = json.loads(line)
            except ValueError:
                problems.append(f"response {i + 1} is not JSON: {line[:200]!r}")
                continue
            got = answer.get("error", {}).get("code")
            if got != code:
                problems.append(f"response {i + 1}: code {got!r}, expected {code!r} ({line[:200]!r})")
            elif code and not answer["error"].get("message", "").strip():
                problems.append(f"response {i + 1}: empty message")
            elif code is None and not answer.get("fires"):
                problems.append(f"response {i + 1}: no fires")
    elif case.kind == "pending":
        if status != 0:
            problems.append(f"exit {status}, expected 0: {text[:300]}")
        else:
            try:
                doc = json.loads(out)
                errors = {e["line"]: e["error"]["code"] for e in doc["errors"]}
            except (ValueError, KeyError, TypeError) as e:
                return problems + [f"no JSON document with errors: {e}: {out[:200]!r}"]
            if errors != case.codes:
                problems.append(f"errors {errors}, expected {case.codes}")
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--chime", default=os.path.join(ROOT, ".build/debug/chime"))
    parser.add_argument("--list", action="store_true", help="list the cases and exit")
    parser.add_argument("--filter", default="", help="only cases whose name contains TEXT")
    parser.add_argument("--timeout", type=float, default=5.0)
    opts = parser.parse_args()
    cases = [c for c in CASES if opts.filter in c.name]
    if opts.list:
        for c in cases:
            print(f"{c.kind:9} {c.name}")
        print(f"{len(cases)} cases")
        return 0
    if not os.access(opts.chime, os.X_OK):
        print(f"battery: {opts.chime} is not an executable; run `swift build` first or pass --chime", file=sys.stderr)
        return 2
    tzdir = fixtures_tzdir()
    workdir = tempfile.mkdtemp(prefix="chime-battery-")
    trees = Trees(tzdir, tempfile.mkdtemp(prefix="chime-battery-trees-"))
    failed, slowest = 0, (0.0, "")
    tally = {}
    try:
        for case in cases:
            status, out, err, timed_out, elapsed = run(case, opts.chime, tzdir, opts.timeout, workdir, trees)
            slowest = max(slowest, (elapsed, case.name))
            problems = check(case, status, out, err, timed_out)
            tally[case.kind] = tally.get(case.kind, 0) + 1
            if problems:
                failed += 1
                print(f"FAIL {case.name}: " + "; ".join(problems))
                print(f"     stderr: {err[:400]!r}")
    finally:
        shutil.rmtree(tzdir, ignore_errors=True)
        shutil.rmtree(workdir, ignore_errors=True)
        shutil.rmtree(trees.root, ignore_errors=True)
    kinds = ", ".join(f"{n} {k}" for k, n in sorted(tally.items()))
    print(f"battery: {len(cases)} cases ({kinds}), {len(cases) - failed} passed, {failed} failed; "
          f"slowest {slowest[0]:.2f} s ({slowest[1]})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
