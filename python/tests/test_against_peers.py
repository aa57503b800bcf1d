"""next_fires held against oracles that are not Chime: croniter (the real tool, pinned in
.ci/run) and Python's zoneinfo, on simple cases, with zone data from the same files
(source="tzif": /usr/share/zoneinfo, which zoneinfo reads too)."""
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest
from croniter import croniter

import chime

UTC = timezone.utc
ZONES = ["UTC", "Asia/Tokyo", "America/New_York", "Europe/Berlin", "Australia/Sydney", "Asia/Kolkata"]

# Wall times no DST change in these zones skips or repeats (their changes are between 00:00 and
# 04:00 local: New York 02:00, Berlin 02:00/03:00, Sydney 02:00/03:00), so croniter's answer is
# not a DST rule but plain calendar arithmetic.
CRON = ["0 12 * * *", "*/15 * * * *", "30 9 * * 1-5", "0 0 1 * *", "5 4 * * sun", "0 6,18 * * *", "45 23 L * *"]
STARTS = [datetime(2026, 1, 15, 10, 7, tzinfo=UTC), datetime(2026, 6, 30, 23, 59, 30, tzinfo=UTC)]


@pytest.mark.parametrize("zone", ZONES)
@pytest.mark.parametrize("expression", CRON)
def test_cron_matches_croniter(zone, expression):
    tz = ZoneInfo(zone)
    for start in STARTS:
        local_start = start.astimezone(tz)
        iterator = croniter(expression, local_start)
        expected = [iterator.get_next(datetime) for _ in range(40)]
        got = chime.next_fires(zone, expression, start, 40, flavor="croniter", source="tzif")
        assert [d.timestamp() for d in got] == [d.timestamp() for d in expected], (zone, expression, start)
        # The same wall times and offsets, in the zone itself.
        assert [(d.replace(tzinfo=None), d.utcoffset()) for d in got] == \
            [(d.replace(tzinfo=None), d.utcoffset()) for d in expected]
        assert all(isinstance(d.tzinfo, ZoneInfo) and d.tzinfo.key == zone for d in got)


@pytest.mark.parametrize("zone", ZONES)
def test_daily_wall_time_matches_zoneinfo(zone):
    """09:30 every day for 400 days: each fire is that date's 09:30 as zoneinfo reads it
    (09:30 exists exactly once a day in these zones)."""
    tz = ZoneInfo(zone)
    start = datetime(2026, 1, 1, tzinfo=UTC)
    got = chime.next_fires(zone, {"calendar": {"components": {"hour": 9, "minute": 30}}}, start, 400,
                           raw=True, source="tzif")
    first = start.astimezone(tz).date()
    if start.astimezone(tz).time() >= datetime(2000, 1, 1, 9, 30).time():
        first += timedelta(days=1)
    expected = [datetime.combine(first + timedelta(days=i), datetime(2000, 1, 1, 9, 30).time(), tz) for i in range(400)]
    assert [fire["utc"] for fire in got] == [d.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ") for d in expected]
    assert [fire["offset"] for fire in got] == [int(d.utcoffset().total_seconds()) for d in expected]
    assert [fire["abbreviation"] for fire in got] == [d.tzname() for d in expected]
    assert {fire["adjustment"] for fire in got} == {"exact"}


def test_spring_forward_gap_is_the_transition_instant():
    """02:30 on 2026-03-08 does not exist in New York; the contract's default (Apple's
    nextTime) answers the first instant after the gap. zoneinfo locates that instant: the
    minute at which the offset changes from -5 h to -4 h."""
    tz = ZoneInfo("America/New_York")
    instant = datetime(2026, 3, 8, 0, 0, tzinfo=UTC)
    while instant.astimezone(tz).utcoffset() == timedelta(hours=-5):
        instant += timedelta(minutes=1)
    got = chime.next_fires("America/New_York", {"calendar": {"components": {"hour": 2, "minute": 30}}},
                           "2026-03-07T12:00:00Z", 2, source="tzif")
    assert got[0] == instant and got[0].hour == 3 and got[0].minute == 0
    assert got[1] == datetime(2026, 3, 9, 2, 30, tzinfo=tz)


def test_fall_back_overlap_keeps_fold():
    """01:30 on 2026-11-01 happens twice in New York; with overlap "both" both instants fire,
    and each datetime says which one it is (fold 0, then 1), as zoneinfo reads them."""
    tz = ZoneInfo("America/New_York")
    got = chime.next_fires("America/New_York", {"calendar": {"components": {"hour": 1, "minute": 30}, "overlap": "both"}},
                           "2026-10-31T12:00:00Z", 2, source="tzif")
    assert got == [datetime(2026, 11, 1, 1, 30, tzinfo=tz, fold=0), datetime(2026, 11, 1, 1, 30, tzinfo=tz, fold=1)]
    assert [d.fold for d in got] == [0, 1]
    assert [d.utcoffset() for d in got] == [timedelta(hours=-4), timedelta(hours=-5)]


def test_more_than_one_request_of_fires():
    """25,000 fires of */5 in UTC (three requests of at most 10,000): every five minutes."""
    start = datetime(2026, 1, 1, tzinfo=UTC)
    got = chime.next_fires("UTC", "*/5 * * * *", start, 25_000, source="tzif")
    assert len(got) == 25_000
    assert got == [start + timedelta(minutes=5 * (k + 1)) for k in range(25_000)]


def test_long_interval_keeps_its_anchor_and_drift():
    """A daily interval with no anchor is anchored at `after`; asked for 12,000 fires (two
    requests), every fire is anchor + k days, marked as drift exactly when zoneinfo's wall time
    of day differs from the anchor's."""
    tz = ZoneInfo("America/New_York")
    anchor = datetime(2026, 1, 10, 14, 0, tzinfo=UTC)
    got = chime.next_fires("America/New_York", {"interval": {"seconds": 86400, "repeats": True, "reportDrift": True}},
                           anchor, 12_000, raw=True, source="tzif")
    expected = [anchor + timedelta(days=k + 1) for k in range(12_000)]
    assert [fire["utc"] for fire in got] == [d.strftime("%Y-%m-%dT%H:%M:%SZ") for d in expected]
    anchor_wall = anchor.astimezone(tz).time()
    assert [fire["adjustment"] for fire in got] == \
        ["exact" if d.astimezone(tz).time() == anchor_wall else "intervalWallClockDrift" for d in expected]
    assert {fire["adjustment"] for fire in got} == {"exact", "intervalWallClockDrift"}
