"""chime.Schedule held against oracles that are not Chime: croniter (next, prev, match, range,
is_valid), python-dateutil's rrule, Python's zoneinfo, and hand-derived DST facts (each with its
reasoning); and against the batch contract's answers (`next_fires`) for agreement of the two
paths through the library."""
import itertools
from datetime import date, datetime, time, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest
from croniter import croniter, croniter_range
from dateutil import rrule as dateutil_rrule

import chime

UTC = timezone.utc
NY = "America/New_York"
ZONES = ["UTC", "Asia/Tokyo", NY, "Europe/Berlin", "Australia/Sydney", "Asia/Kolkata"]
# Wall times no DST change in these zones skips or repeats (their changes are between 00:00 and
# 04:00 local), so croniter's answer is plain calendar arithmetic, not a DST rule of its own.
CRON = ["0 12 * * *", "*/15 * * * *", "30 9 * * 1-5", "0 0 1 * *", "5 4 * * sun", "0 6,18 * * *", "45 23 L * *"]
START = datetime(2026, 1, 15, 10, 7, tzinfo=UTC)


@pytest.mark.parametrize("zone", ZONES)
@pytest.mark.parametrize("expression", CRON)
def test_next_prev_and_fires_match_croniter(zone, expression):
    tz = ZoneInfo(zone)
    schedule = chime.Schedule(cron=expression, flavor="croniter", zone=zone, source="tzif")
    forward = croniter(expression, START.astimezone(tz))
    expected = [forward.get_next(datetime) for _ in range(30)]
    assert [fire.instant for fire in itertools.islice(schedule.fires(START), 30)] == expected
    assert schedule.next(START).instant == expected[0]
    # Chained as croniter users chain get_next: each next from the previous fire.
    chained, at = [], START
    for _ in range(30):
        at = schedule.next(at).instant
        chained.append(at)
    assert chained == expected
    backward = croniter(expression, START.astimezone(tz))
    earlier = [backward.get_prev(datetime) for _ in range(30)]
    assert [fire.instant for fire in itertools.islice(schedule.fires_before(START), 30)] == earlier
    assert schedule.prev(START).instant == earlier[0]


@pytest.mark.parametrize("zone", ["UTC", NY, "Asia/Kolkata"])
def test_matches_and_between_match_croniter(zone):
    tz = ZoneInfo(zone)
    schedule = chime.Schedule(cron="*/20 9-17 * * 1-5", flavor="croniter", zone=zone, source="tzif")
    start, end = datetime(2026, 5, 1, 9, 0, tzinfo=tz), datetime(2026, 5, 15, 9, 0, tzinfo=tz)
    # croniter_range includes both ends; `between` excludes the end (a Python range).
    expected = [d for d in croniter_range(start, end, "*/20 9-17 * * 1-5") if d < end]
    assert [fire.instant for fire in schedule.between(start, end)] == expected
    for minute in range(0, 120, 7):
        candidate = datetime(2026, 5, 4, 9, 0, tzinfo=tz) + timedelta(minutes=minute)
        assert schedule.matches(candidate) == croniter.match("*/20 9-17 * * 1-5", candidate), candidate
    assert not schedule.matches(datetime(2026, 5, 4, 9, 20, 0, 1, tzinfo=tz)), "one microsecond off is no match"


@pytest.mark.parametrize("expression", ["*/5 * * * *", "0 0 L * *", "61 * * * *", "* * * *", "0 0 30 2 *",
                                        "@daily", "5 4 * * sun", "1-60 * * * *", "0 0 * * 8", "x y z w v"])
def test_is_valid_matches_croniter(expression):
    assert chime.is_valid(expression, flavor="croniter") == croniter.is_valid(expression)


def _agree_with_dateutil(rules, start, count, **options):
    """Chime's first `count` fires of each rule (Europe/Berlin) are dateutil's `rrulestr` instances."""
    berlin = ZoneInfo("Europe/Berlin")
    for text in rules:
        schedule = chime.Schedule(rrule=text, dtstart=start, zone="Europe/Berlin", source="tzif", **options)
        expected = list(itertools.islice(dateutil_rrule.rrulestr(text, dtstart=start), count))
        got = [fire.instant.replace(tzinfo=None) for fire in itertools.islice(schedule.fires(datetime(2026, 1, 1, tzinfo=berlin)), count)]
        assert got == expected, text


def test_rrule_matches_dateutil():
    # Europe/Berlin, 09:00 local: no DST change at 09:00, so dateutil's naive arithmetic is the rule.
    # dateutil yields DTSTART only when the rule produces it (Chime's ifMatching).
    _agree_with_dateutil(["FREQ=MONTHLY;BYDAY=-1FR", "FREQ=WEEKLY;BYDAY=MO,WE,FR;INTERVAL=2", "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1",
                          "FREQ=DAILY;COUNT=10", "FREQ=MONTHLY;BYMONTHDAY=31"], datetime(2026, 1, 30, 9, 0), 25, dtstart_mode="ifMatching")


def test_rrule_dateutil_flavor_matches_dateutil():
    # Combinations RFC 5545 forbids and dateutil expands: flavor="dateutil" gives dateutil's
    # instances (and counts DTSTART only when the rule matches it, without dtstart_mode=).
    start = datetime(2026, 1, 29, 9, 0)
    _agree_with_dateutil(["FREQ=MONTHLY;BYWEEKNO=2,20", "FREQ=WEEKLY;BYMONTHDAY=1,-1", "FREQ=DAILY;BYYEARDAY=1,100,-1",
                          "FREQ=MONTHLY;BYYEARDAY=60;BYDAY=MO", "FREQ=WEEKLY;BYDAY=1MO"], start, 12, flavor="dateutil")
    with pytest.raises(chime.ChimeError, match="did you mean dateutil"):
        chime.Schedule(rrule="FREQ=MONTHLY;BYWEEKNO=2", dtstart=start, flavor="dateutils", zone="Europe/Berlin")
    with pytest.raises(chime.ChimeError, match="BYWEEKNO goes with FREQ=YEARLY only"):
        chime.Schedule(rrule="FREQ=MONTHLY;BYWEEKNO=2", dtstart=start, zone="Europe/Berlin")


def test_overlap_fires_carry_fold_and_the_right_instant():
    # New York falls back at 2026-11-01 06:00Z (02:00 EDT -> 01:00 EST): 01:30 happens at 05:30Z
    # (EDT, UTC-4) and again at 06:30Z (EST, UTC-5).
    schedule = chime.Schedule(at="01:30", zone=NY, semantics="consistent", overlap="both", source="tzif")
    first, second = itertools.islice(schedule.fires("2026-10-31T12:00:00Z"), 2)
    assert (first.instant.fold, second.instant.fold) == (0, 1)
    assert first.utc == datetime(2026, 11, 1, 5, 30, tzinfo=UTC) and second.utc == datetime(2026, 11, 1, 6, 30, tzinfo=UTC)
    assert (first.offset, first.abbreviation, second.offset, second.abbreviation) == (-14400, "EDT", -18000, "EST")
    assert (first.adjustment, second.adjustment) == ("overlapFirst", "overlapLast")
    assert isinstance(first.instant.tzinfo, ZoneInfo)


def test_a_gap_fire():
    # New York springs forward at 2026-03-08 07:00Z (02:00 EST -> 03:00 EDT): 02:30 does not exist.
    # Foundation's nextTime (the apple default) fires at the first instant after the gap, 03:00 EDT = 07:00Z.
    fire = chime.Schedule(at="02:30", zone=NY, source="tzif").next("2026-03-07T12:00:00Z")
    assert fire.utc == datetime(2026, 3, 8, 7, 0, tzinfo=UTC) and fire.adjustment == "gapNextTime"


def test_instant_forms():
    schedule = chime.Schedule(every=3600, anchor="2026-01-01T00:00:00Z", zone=NY, source="tzif")
    hour = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)   # a fire: whole hours after the anchor
    expected = datetime(2026, 6, 1, 13, 0, tzinfo=UTC)
    # 12:00Z is 08:00 EDT (UTC-4 in June): the naive datetime and local text are read in the zone.
    for form in [hour, hour.astimezone(ZoneInfo("Asia/Tokyo")), datetime(2026, 6, 1, 8, 0), "2026-06-01T12:00:00Z",
                 "2026-06-01 08:00", "@%d" % int(hour.timestamp()), int(hour.timestamp()), float(hour.timestamp())]:
        assert schedule.next(form).utc == expected, form
    # A date is its midnight in the zone: 2026-06-01 00:00 EDT = 04:00Z, the next hour 05:00Z.
    assert schedule.next(date(2026, 6, 1)).utc == datetime(2026, 6, 1, 5, 0, tzinfo=UTC)
    # Half a second after a fire, the next is the following hour; half a second before, that fire.
    assert schedule.next(hour.timestamp() + 0.5).utc == expected
    assert schedule.next(hour.timestamp() - 0.5).utc == hour


def test_errors_are_subclasses_with_codes():
    cases = [
        (lambda: chime.Schedule(cron="61 * * * *", zone="UTC"), chime.InvalidCronExpressionError, "invalidCronExpression"),
        (lambda: chime.Schedule(rrule="FREQ=MONTHLY;BYWEEKNO=2", dtstart=datetime(2026, 1, 1), zone="UTC"), chime.InvalidRRuleError, "invalidRRule"),
        (lambda: chime.Schedule(at="09:00", zone="Mars/Olympus_Mons"), chime.UnknownZoneError, "unknownZone"),
        (lambda: chime.Schedule(oncalendar="*-*-* 09:00 Europe/Berlin", zone=NY), chime.ZoneConflictError, "zoneConflict"),
        (lambda: chime.Schedule(components={"hour": 25}, zone="UTC"), chime.InvalidTriggerError, "invalidTrigger"),
        (lambda: chime.Schedule(components={"hour": 9, "minite": 5}, zone="UTC"), chime.InvalidRequestError, "unknownField"),
        (lambda: chime.Schedule(at="09:00", zone="UTC").next("yesterday"), chime.MalformedInstantError, "malformedInstant"),
        (lambda: chime.Schedule(at="09:00", zone="UTC").next("10000-01-02T02:00:00Z"), chime.ChimeError, None),
        (lambda: chime.Schedule(oncalendar="*-*-* 09:00", zone="UTC").prev("2026-01-01T00:00:00Z"), chime.InvalidTriggerError, "invalidTrigger"),
        (lambda: chime.Schedule(at="02:30", gap="reject", semantics="consistent", zone=NY).next("2026-03-07T12:00:00Z"),
         chime.WallTimeSkippedError, "wallTimeSkipped"),
    ]
    for make, kind, code in cases:
        with pytest.raises(kind) as raised:
            make()
        if code:
            assert raised.value.code == code and raised.value.message
    with pytest.raises(chime.YearOutOfRangeError):
        chime.Schedule(at="09:00", zone="UTC").next(10**12)


def test_wrong_arguments_are_type_errors():
    with pytest.raises(TypeError):
        chime.Schedule(cron="* * * * *", at="09:00", zone="UTC")
    with pytest.raises(TypeError):
        chime.Schedule(zone="UTC")
    with pytest.raises(TypeError):
        chime.Schedule(at="09:00", flavor="croniter", zone="UTC")
    schedule = chime.Schedule(at="09:00", zone="UTC")
    for wrong in ([1], {"a": 1}, True, object()):
        with pytest.raises(TypeError):
            schedule.next(wrong)
    with pytest.raises(ValueError):
        schedule.next(float("nan"))


def test_fires_are_lazy_and_end():
    forever = chime.Schedule(cron="* * * * *", zone="UTC")
    assert len(list(itertools.islice(forever.fires("2026-01-01T00:00:00Z"), 5))) == 5
    once = chime.Schedule(components={"year": 2026, "month": 7, "day": 4, "hour": 9}, zone=NY, source="tzif")
    assert [fire.utc for fire in once.fires("2026-01-01T00:00:00Z")] == [datetime(2026, 7, 4, 13, 0, tzinfo=UTC)]
    assert once.next("2026-08-01T00:00:00Z") is None


def test_words_zone_and_trigger():
    schedule = chime.Schedule(weekly="mon,fri@09:00", zone="US/Eastern", source="tzif")
    assert schedule.zone == NY
    assert str(schedule) == "at 09:00 on Monday and Friday, America/New_York"
    assert schedule.trigger["weekly"]["time"] == "09:00:00"


def test_schedule_agrees_with_the_batch_path():
    # Two paths through the library (a schedule handle; a batch request), the same answers.
    triggers = [{"calendar": {"components": {"hour": 2, "minute": 30}}}, {"weekly": {"weekdays": ["sun"], "time": "01:30"}},
                {"cron": {"expression": "30 1 * * *", "flavor": "croniter"}}, {"onCalendar": {"expression": "*-*-* 02:30"}},
                {"rrule": {"text": "DTSTART:20260101T013000\nRRULE:FREQ=WEEKLY;BYDAY=SU"}},
                {"flutterAndroid": {"match": "time", "time": "02:30"}}]
    for zone in [NY, "Europe/Berlin", "Australia/Lord_Howe"]:
        for trigger in triggers:
            schedule = chime.Schedule(trigger=trigger, zone=zone, source="tzif")
            got = [fire.utc.strftime("%Y-%m-%dT%H:%M:%SZ") for fire in itertools.islice(schedule.fires("2026-01-01T00:00:00Z"), 300)]
            answer = chime.next_fires(zone, trigger, "2026-01-01T00:00:00Z", 300, raw=True, source="tzif")
            assert got == [fire["utc"] for fire in answer], (zone, trigger)


def test_android_cursor_carries_state_like_one_answer(cli):
    import json
    import subprocess
    expected = json.loads(subprocess.run([cli, "next", "--at=02:30", "--profile", "android", "--tz", NY, "--after",
                                          "2026-03-07T12:00:00Z", "--count", "5000", "--source", "tzif", "--json"],
                                         capture_output=True, check=True).stdout)["fires"]
    schedule = chime.Schedule(trigger={"flutterAndroid": {"match": "time", "time": "02:30"}}, zone=NY, source="tzif")
    got = list(itertools.islice(schedule.fires("2026-03-07T12:00:00Z"), 5000))
    assert [(f.utc.strftime("%Y-%m-%dT%H:%M:%SZ"), f.adjustment) for f in got] == [(f["utc"], f["adjustment"]) for f in expected]


def test_the_c_speedups_answer_as_the_ctypes_path(monkeypatch):
    import os
    from chime import _schedule
    if _schedule._speedups is None:
        if os.environ.get("CHIME_REQUIRE_ORACLES"):
            pytest.fail("chime._speedups was not built (pip needs a C compiler and Python's headers: python3-dev)")
        pytest.skip("chime._speedups was not built (no C compiler or Python headers); the ctypes path answers")
    cases = [dict(cron="30 2 * * *", zone=NY), dict(at="01:30", zone=NY, semantics="consistent", overlap="both"),
             dict(rrule="FREQ=MONTHLY;BYDAY=-1FR", dtstart=datetime(2026, 1, 30, 9), zone="Europe/Berlin"),
             dict(trigger={"flutterAndroid": {"time": "02:30"}}, zone="Australia/Lord_Howe"),
             dict(every=5400, anchor="2026-01-01T00:00:00Z", zone="Asia/Kolkata")]

    def answers():
        result = []
        for arguments in cases:
            schedule = chime.Schedule(source="tzif", **arguments)
            result.append((schedule.next("2026-03-07T12:00:00Z"), list(itertools.islice(schedule.fires("2026-01-01T00:00:00Z"), 500)),
                           schedule.between("2026-10-01T00:00:00Z", "2026-11-15T00:00:00Z")))
        return result

    fast = answers()
    monkeypatch.setattr(_schedule, "_speedups", None)
    slow = answers()
    assert fast == slow
    assert all(f.instant.tzinfo is s.instant.tzinfo and f.instant.fold == s.instant.fold
               for a, b in zip(fast, slow) for f, s in zip(a[1], b[1]))


def test_every_instant_written_reads_back_at_the_ends_of_time():
    # Hand-derived: the US DST rule runs on for ever but December is standard time, EST (-05:00),
    # so 9999-12-31T20:00:00-05:00 is 10000-01-01T01:00:00Z, a UTC year Python's datetime cannot
    # hold; New York's LMT (before 1883) is -04:56:02 = -17762 s.
    daily = chime.Schedule(components={"hour": 20}, zone="America/New_York")
    last = daily.next("9999-12-31T12:00:00Z")
    assert last.instant == datetime(9999, 12, 31, 20, tzinfo=ZoneInfo("America/New_York"))
    assert daily.next(last.instant) is None                       # read back as `after`: nothing later
    assert daily.next("10000-01-01T00:59:59Z") == last             # the UTC text, year 10000, read back
    assert daily.next("9999-12-31T19:59:59-05:00") == last
    with pytest.raises(OverflowError, match="UTC year 10000"):
        last.utc
    hourly = chime.Schedule("0 * * * *", zone="America/New_York")
    lmt = hourly.next("1850-01-01T02:30:00-04:56:02")              # the seconds offset Chime writes
    assert (lmt.instant.hour, lmt.offset, lmt.abbreviation) == (3, -17762, "LMT")
    assert hourly.next(lmt.instant).instant.hour == 4
