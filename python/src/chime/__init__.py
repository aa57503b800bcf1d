"""Chime from Python: when recurring schedules fire, in every IANA zone, across every DST transition.

In-process calls into libChimeC, Chime's C ABI (the same engine as the `chime` tool):

    >>> import chime
    >>> standup = chime.Schedule(cron="30 9 * * 1-5", zone="America/New_York")
    >>> standup.next("2026-03-07T12:00:00Z").instant
    datetime.datetime(2026, 3, 9, 9, 30, tzinfo=zoneinfo.ZoneInfo(key='America/New_York'))
    >>> str(standup)
    'at 09:30 on Monday through Friday, America/New_York'

`Schedule` (next, prev, fires, fires_before, between, matches) answers through the C ABI's
schedule handles, with no JSON per call; `batch`, `batch_text` and `next_fires` speak the batch
contract (docs/contract.md) for bulk work. Errors are `ChimeError` subclasses carrying the
contract's code (`.code`), except in `batch`, which yields every response, errors included.
"""
from ._errors import (ChimeError, InvalidCronExpressionError, InvalidRequestError, InvalidRRuleError,
                      InvalidTriggerError, MalformedInstantError, UnknownZoneError, WallTimeSkippedError,
                      YearOutOfRangeError, ZoneConflictError, ZoneDataError)
from ._schedule import Fire, InstantLike, Schedule, is_valid
from ._batch import MAXIMUM_COUNT, batch, batch_text, next_fires, version

__all__ = [
    "Schedule", "Fire", "InstantLike", "is_valid",
    "batch", "batch_text", "next_fires", "version", "MAXIMUM_COUNT",
    "ChimeError", "InvalidRequestError", "InvalidTriggerError", "InvalidCronExpressionError", "InvalidRRuleError",
    "UnknownZoneError", "ZoneConflictError", "MalformedInstantError", "YearOutOfRangeError",
    "WallTimeSkippedError", "ZoneDataError",
]
__version__ = version()
