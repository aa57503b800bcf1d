"""Chime's errors as exceptions: one class per code of docs/contract.md, all `ChimeError`s."""
from __future__ import annotations


class ChimeError(Exception):
    """An answer that is an error: `code` is the contract's camelCase code, `message` its words,
    `id` the request's id when a batch response carried one."""

    code: str
    message: str
    id: str | int | None

    def __init__(self, code: str, message: str, id: str | int | None = None) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.id = id


class InvalidRequestError(ChimeError, ValueError):
    """The request is not one Chime reads (`malformedJSON`, `missingField`, `invalidField`,
    `unknownField`, `invalidCount`, `lineTooLong`)."""


class InvalidTriggerError(ChimeError, ValueError):
    """The trigger cannot be read or searched (`invalidTrigger`; `calendarUnavailable`: an RSCALE
    calendar ICU cannot compute at a year the walk reaches)."""


class InvalidCronExpressionError(InvalidTriggerError):
    """A cron expression the flavor cannot read (`invalidCronExpression`)."""


class InvalidRRuleError(InvalidTriggerError):
    """An RFC 5545 recurrence that cannot be read or that RFC 5545 forbids (`invalidRRule`)."""


class UnknownZoneError(ChimeError, LookupError):
    """No zone source knows the zone id (`unknownZone`); the message suggests the closest ids."""


class ZoneConflictError(ChimeError, ValueError):
    """The zone given differs from the one the expression names (`zoneConflict`)."""


class MalformedInstantError(ChimeError, ValueError):
    """An instant or local time in none of the input forms (`malformedInstant`, `malformedLocalTime`)."""


class YearOutOfRangeError(ChimeError, ValueError):
    """An instant outside years 1–9999 (`yearOutOfRange`)."""


class WallTimeSkippedError(ChimeError):
    """Gap policy `reject` met a wall time a DST change skips (`wallTimeSkipped`)."""


class ZoneDataError(ChimeError, OSError):
    """The zone data cannot be used (`malformedZoneData`, `unreadable`, `zoneSourceUnavailable`,
    `badConfiguration`)."""


_CLASSES = {
    "malformedJSON": InvalidRequestError, "missingField": InvalidRequestError, "invalidField": InvalidRequestError,
    "unknownField": InvalidRequestError, "invalidCount": InvalidRequestError, "lineTooLong": InvalidRequestError,
    "invalidTrigger": InvalidTriggerError, "calendarUnavailable": InvalidTriggerError,
    "invalidCronExpression": InvalidCronExpressionError,
    "invalidRRule": InvalidRRuleError, "unknownZone": UnknownZoneError, "zoneConflict": ZoneConflictError,
    "malformedInstant": MalformedInstantError, "malformedLocalTime": MalformedInstantError,
    "yearOutOfRange": YearOutOfRangeError, "wallTimeSkipped": WallTimeSkippedError,
    "malformedZoneData": ZoneDataError, "unreadable": ZoneDataError, "zoneSourceUnavailable": ZoneDataError,
    "badConfiguration": ZoneDataError,
}


def error(code: str, message: str, id: str | int | None = None) -> ChimeError:
    """The exception for an error answer: its code's class, else `ChimeError` itself."""
    return _CLASSES.get(code, ChimeError)(code, message, id)
