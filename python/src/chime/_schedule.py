"""`Schedule` and `Fire`: a schedule compiled once in the library (chime.h's schedule handles),
then asked for fires as structs, with no JSON per call."""
from __future__ import annotations

import ctypes
import itertools
import json
import math
import struct
import threading
import time
from dataclasses import dataclass
from datetime import date, datetime, time as clock_time, timedelta, timezone, tzinfo
from typing import Any, Iterator, Mapping, Optional, Union
from zoneinfo import ZoneInfo

from . import _native
from ._errors import ChimeError, error

#: What an instant argument may be: an aware datetime (that instant), a naive datetime or a date
#: (that wall time, or that day's midnight, in the schedule's zone), an RFC 3339 / local-time /
#: `@EPOCH` / `now` string (docs/contract.md "Instants (input)"), or seconds since the epoch.
InstantLike = Union[datetime, date, str, int, float]

_UTC = timezone.utc
_EPOCH = datetime(1970, 1, 1, tzinfo=_UTC)
_lib = _native.lib
_FIRE = struct.Struct(_native.FIRE_LAYOUT)
assert _FIRE.size == ctypes.sizeof(_native.CFire), "chime_fire's layout"
_next = _lib.chime_schedule_next
_buffers = threading.local()   # one chime_fire per thread: the library writes it while the GIL is released


def _buffer() -> _native.CFire:
    try:
        return _buffers.fire
    except AttributeError:
        _buffers.fire = _native.CFire()
        return _buffers.fire


@dataclass(frozen=True, slots=True)
class Fire:
    """One fire of a schedule.

    - `instant`: an aware datetime in the schedule's zone (`zoneinfo.ZoneInfo` where Python's zone
      data agrees with Chime's offset, else a fixed offset named by `abbreviation`), with `fold=1`
      on the second pass of a repeated wall time. Microsecond precision (Python's).
    - `offset`: seconds east of UTC at the instant.
    - `abbreviation`: the zone's abbreviation there (`EDT`).
    - `adjustment`: `exact`, or what DST or a missing day changed (`gapShiftedForward`, …;
      docs/contract.md lists them).
    """

    instant: datetime
    offset: int
    abbreviation: str
    adjustment: str

    @property
    def utc(self) -> datetime:
        """The instant in UTC. Raises `OverflowError` for a fire in UTC year 10000 (late on the last
        day of 9999 west of UTC), which Python's `datetime` cannot hold; `instant` holds it."""
        try:
            return self.instant.astimezone(_UTC)
        except OverflowError:
            raise OverflowError(f"{self.instant.isoformat()} is in UTC year 10000, past Python's datetime "
                                "(year 9999): use .instant") from None


def _raise_from(buffer: ctypes.c_void_p, length: ctypes.c_size_t) -> None:
    line = _native._take(buffer.value, length.value)
    answer = json.loads(line)["error"]
    raise error(answer["code"], answer["message"])


def _request(kwargs: Mapping[str, Any]) -> dict:
    """The batch request (docs/contract.md) a `Schedule`'s arguments describe."""
    kinds = [name for name in ("cron", "oncalendar", "rrule", "at", "components", "weekly", "every", "trigger") if kwargs[name] is not None]
    if len(kinds) != 1:
        raise TypeError("give exactly one of cron=, oncalendar=, rrule=, at=, components=, weekly=, every=, trigger=; "
                        f"got {', '.join(kinds) or 'none'}")
    kind = kinds[0]
    value = kwargs[kind]
    policies = {name: kwargs[name] for name in ("semantics", "gap", "overlap") if kwargs[name] is not None}
    if kwargs["flavor"] is not None and kind not in ("cron", "rrule"):
        raise TypeError("flavor= goes with cron= or rrule=")
    if (kwargs["dtstart"] is not None or kwargs["dtstart_mode"] is not None) and kind != "rrule":
        raise TypeError("dtstart= and dtstart_mode= go with rrule=")
    if kwargs["anchor"] is not None and kind != "every":
        raise TypeError("anchor= goes with every=")
    if kind == "cron":
        trigger = {"cron": {"expression": _text(value, "cron"), **({"flavor": kwargs["flavor"]} if kwargs["flavor"] else {}), **policies}}
    elif kind == "oncalendar":
        trigger = {"onCalendar": {"expression": _text(value, "oncalendar"), **policies}}
    elif kind == "rrule":
        text = _text(value, "rrule")
        dtstart = kwargs["dtstart"]
        if dtstart is not None:
            text = _dtstart_line(dtstart) + "\n" + text
        mode = {"dtstart": kwargs["dtstart_mode"]} if kwargs["dtstart_mode"] is not None else {}
        flavor = {"flavor": kwargs["flavor"]} if kwargs["flavor"] is not None else {}
        trigger = {"rrule": {"text": text, **flavor, **mode, **policies}}
    elif kind == "at":
        hour, minute, second = _time_of_day(value)
        trigger = {"calendar": {"components": {"hour": hour, "minute": minute, "second": second}, **policies}}
    elif kind == "components":
        if not isinstance(value, Mapping):
            raise TypeError(f"components= is a dict of calendar components, not {type(value).__name__}")
        trigger = {"calendar": {"components": dict(value), **policies}}
    elif kind == "weekly":
        trigger = {"weekly": {**_weekly(value), **policies}}
    elif kind == "every":
        interval = {"seconds": _seconds(value), "repeats": True}
        if kwargs["anchor"] is not None:
            interval["anchor"] = _instant_text(kwargs["anchor"])
        if policies:
            raise TypeError("semantics=, gap= and overlap= do not go with every= (an interval is exact elapsed time)")
        trigger = {"interval": interval}
    else:
        if not isinstance(value, Mapping):
            raise TypeError(f"trigger= is a trigger object (docs/contract.md), not {type(value).__name__}")
        if policies:
            raise TypeError("with trigger=, give semantics, gap and overlap inside the trigger object")
        trigger = dict(value)
    request = {"trigger": trigger}
    if kwargs["zone"] is not None:
        request["zone"] = _text(kwargs["zone"], "zone")
    return request


def _text(value: Any, name: str) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{name}= is a str, not {type(value).__name__}")
    return value


def _time_of_day(value: Any) -> tuple[int, int, int]:
    if isinstance(value, clock_time):
        return value.hour, value.minute, value.second
    if isinstance(value, str):
        parts = value.split(":")
        if 2 <= len(parts) <= 3 and all(part.isdigit() for part in parts):
            numbers = [int(part) for part in parts] + [0]
            return numbers[0], numbers[1], numbers[2]
        raise ValueError(f"at= is HH:MM or HH:MM:SS, got {value!r}")
    raise TypeError(f"at= is a datetime.time or 'HH:MM', not {type(value).__name__}")


def _weekly(value: Any) -> dict:
    """`{"weekdays": [...], "time": "..."}` from a dict, or from `chime next --weekly`'s
    `mon,fri@09:00`."""
    if isinstance(value, Mapping):
        return dict(value)
    if isinstance(value, str) and value.count("@") == 1:
        days, at = value.split("@")
        return {"weekdays": [day.strip() for day in days.split(",")], "time": at.strip()}
    raise ValueError(f"weekly= is {{'weekdays': [...], 'time': 'HH:MM'}} or 'mon,fri@09:00', got {value!r}")


def _seconds(value: Any) -> Union[int, str]:
    """An interval's seconds, exactly: an int, or a decimal string for fractions."""
    if isinstance(value, bool):
        raise TypeError("every= is a timedelta or a number of seconds, not a bool")
    if isinstance(value, timedelta):
        whole = value.days * 86_400 + value.seconds
        return whole if value.microseconds == 0 else f"{whole}.{value.microseconds:06d}"
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"every= must be finite, got {value}")
        return repr(value)
    if isinstance(value, str):
        return value
    raise TypeError(f"every= is a timedelta or a number of seconds, not {type(value).__name__}")


def _instant_text(value: Any) -> str:
    """An instant argument as the contract's text (for a trigger field such as an anchor)."""
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, bool):
        raise TypeError("an instant is a datetime, a date, a str or epoch seconds, not a bool")
    if isinstance(value, int):
        return "@%d" % value
    if isinstance(value, str):
        return value
    raise TypeError(f"an instant is a datetime, a date, a str or epoch seconds, not {type(value).__name__}")


def _dtstart_line(value: Any) -> str:
    """A DTSTART line: an aware datetime in UTC (`…Z`) or with its zoneinfo key as TZID, a naive
    one floating (read in the schedule's zone), or a str as written."""
    if isinstance(value, str):
        return value if value.upper().startswith("DTSTART") else "DTSTART:" + value
    if isinstance(value, datetime):
        stamp = value.strftime("%Y%m%dT%H%M%S")
        if value.tzinfo is None:
            return "DTSTART:" + stamp
        key = getattr(value.tzinfo, "key", None)
        if key:
            return f"DTSTART;TZID={key}:{stamp}"
        return "DTSTART:" + value.astimezone(_UTC).strftime("%Y%m%dT%H%M%SZ")
    raise TypeError(f"dtstart= is a datetime or a DTSTART text, not {type(value).__name__}")


class Schedule:
    """A schedule in a zone, compiled once, asked many times.

    Exactly one of:
    - `cron="30 2 * * *"` (with `flavor=`: posix, croniter, robfig, quartz, apscheduler3, apscheduler),
    - `oncalendar="Mon..Fri 09:00"` (systemd.time(7)),
    - `rrule="FREQ=MONTHLY;BYDAY=-1FR"` (with `dtstart=`, or DTSTART lines in the text;
      `flavor=`: `rfc5545`, the default, or `dateutil`, python-dateutil 2.9's reading, which expands
      combinations RFC 5545 forbids such as `FREQ=MONTHLY;BYWEEKNO=20`;
      `dtstart_mode=`: `always`, RFC 5545's default, DTSTART is the first fire, or `ifMatching`,
      python-dateutil's (the dateutil flavor's default): only when the rule produces it),
    - `at="02:30"` (every day at that wall time),
    - `components={"day": 31, "hour": 9}` (Apple's `DateComponents` names),
    - `weekly="mon,fri@09:00"` (or `{"weekdays": [...], "time": ...}`),
    - `every=timedelta(hours=1, minutes=30)` (exact elapsed time from `anchor=`, default now),
    - `trigger={...}` (any trigger object of docs/contract.md),

    with `zone=` (any id Chime takes; may be left out when the expression names its zone) and the
    DST policies `semantics=` (apple, consistent), `gap=` (skip, shift, nextValid, previous,
    reject) and `overlap=` (first, last, both) where the trigger kind takes them. `source=`
    chooses the zone data (tzif, icu, newest).

        >>> s = Schedule(cron="30 2 * * *", zone="America/New_York")
        >>> s.next("2026-03-07T12:00:00Z")   # 02:30 does not exist on 8 March: cron runs it at 03:00 EDT
        Fire(instant=datetime.datetime(2026, 3, 8, 3, 0, tzinfo=zoneinfo.ZoneInfo(key='America/New_York')), offset=-14400, abbreviation='EDT', adjustment='gapNextTime')

    Raises a `ChimeError` subclass (`.code` is the contract's) for anything Chime refuses.
    """

    def __init__(self, cron: Optional[str] = None, *, oncalendar: Optional[str] = None, rrule: Optional[str] = None,
                 dtstart: Union[datetime, str, None] = None, dtstart_mode: Optional[str] = None,
                 at: Union[str, clock_time, None] = None,
                 components: Optional[Mapping[str, Any]] = None, weekly: Union[str, Mapping[str, Any], None] = None,
                 every: Union[timedelta, int, float, str, None] = None, anchor: Optional[InstantLike] = None,
                 trigger: Optional[Mapping[str, Any]] = None, zone: Optional[str] = None, flavor: Optional[str] = None,
                 semantics: Optional[str] = None, gap: Optional[str] = None, overlap: Optional[str] = None,
                 source: Optional[str] = None) -> None:
        self._handle = None
        request = _request(locals())
        line = json.dumps(request, separators=(",", ":")).encode()
        buffer, length = ctypes.c_void_p(), ctypes.c_size_t()
        handle = _lib.chime_schedule_open(line, len(line), _native.flags(False, source), ctypes.byref(buffer), ctypes.byref(length))
        if not handle:
            if buffer.value:
                _raise_from(buffer, length)
            raise ValueError("chime_schedule_open refused its arguments")
        self._handle = handle
        _lib.chime_schedule_info(handle, ctypes.byref(buffer), ctypes.byref(length))
        self._info = json.loads(_native._take(buffer.value, length.value))
        self._tz = _zoneinfo(self._info["requested"], self._info["zone"])
        self._offsets: dict[int, timedelta] = {}
        self._fixed: dict[tuple[int, str], tzinfo] = {}
        # The last fire's instant and its (seconds, nanosecond): a chained `next(fire.instant)`
        # needs no conversion back. Threads may share a schedule: the three are read together
        # before the call and written together (under the GIL) after it.
        self._last: list[Any] = [None, 0, 0]

    def __del__(self) -> None:
        if getattr(self, "_handle", None):
            _lib.chime_schedule_close(self._handle)
            self._handle = None

    # What it is

    @property
    def zone(self) -> str:
        """The canonical id of the zone it fires in (`America/New_York` for `US/Eastern`)."""
        return self._info["zone"]

    @property
    def trigger(self) -> dict:
        """The trigger as Chime understood it (docs/contract.md's object, as `--explain` prints it)."""
        return json.loads(json.dumps(self._info["trigger"]))

    def __str__(self) -> str:
        """The schedule in words: `at 02:30 every day, America/New_York`."""
        return self._info["description"]

    def __repr__(self) -> str:
        return f"<chime.Schedule {self._info['description']!r}>"

    # Asking it

    def next(self, after: Optional[InstantLike] = None) -> Optional[Fire]:
        """The first fire strictly after `after` (default: now), or None when it never fires again."""
        last = self._last
        instant, seconds, nanosecond = last
        if after is not instant or instant is None:   # not chained from the instant of this schedule's last fire
            seconds, nanosecond = self._point(after)
        if _speedups is not None:
            answer = _speedups.next(self._handle, seconds, nanosecond, 0, self._tz, self._fixed_zone, last)
            if answer is None or answer.__class__ is Fire:
                return answer
            self._fail(-answer, seconds, nanosecond, 0)
        buffer = _buffer()
        found = _next(self._handle, seconds, nanosecond, 0, ctypes.addressof(buffer))
        if found == 1:
            return self._fire_from(_FIRE.unpack_from(buffer))
        if found == 0:
            return None
        self._fail(-found, seconds, nanosecond, 0)

    def prev(self, before: Optional[InstantLike] = None) -> Optional[Fire]:
        """The last fire strictly before `before` (default: now), or None when there is none.
        Calendar, weekly, interval and cron schedules search backward; OnCalendar, RRULE and the
        android profile raise `InvalidTriggerError`."""
        seconds, nanosecond = self._point(before)
        return self._one(seconds, nanosecond, 1)

    def fires(self, after: Optional[InstantLike] = None) -> Iterator[Fire]:
        """The fires strictly after `after` (default: now), lazily, in order: each searched from
        the one before (fetched from the library in growing batches)."""
        return self._walk(*self._point(after), 0)

    def fires_before(self, before: Optional[InstantLike] = None) -> Iterator[Fire]:
        """The fires strictly before `before` (default: now), latest first, lazily."""
        return self._walk(*self._point(before), 1)

    def between(self, start: InstantLike, end: InstantLike) -> list[Fire]:
        """The fires at or after `start` and strictly before `end`, in order."""
        seconds, nanosecond = self._point(start)
        end_point = self._point(end)
        result = []
        for fire in self._walk(*_just_before(seconds, nanosecond), 0, until=end_point):
            result.append(fire)
        return result

    def matches(self, instant: InstantLike) -> bool:
        """Whether the schedule fires at exactly this instant."""
        seconds, nanosecond = self._point(instant)
        fire = _native.CFire()
        count = ctypes.c_size_t()
        status = _lib.chime_schedule_fires(self._handle, *_just_before(seconds, nanosecond), 0, ctypes.byref(fire), 1,
                                           ctypes.byref(count), None, None)
        if status != _native.OK:
            self._fail(status, seconds, nanosecond, 0)
        return count.value == 1 and fire.utc_seconds == seconds and fire.nanosecond == nanosecond

    # Inside

    def _point(self, value: Optional[InstantLike]) -> tuple[int, int]:
        """(seconds, nanosecond) since the epoch for an instant argument."""
        if value is None:
            return int(time.time()), 0   # now, whole seconds (as the contract's `now`)
        if isinstance(value, datetime):
            if value.tzinfo is not None and value.utcoffset() is not None:
                delta = value - _EPOCH
                return delta.days * 86_400 + delta.seconds, delta.microseconds * 1000
            return self._read(value.isoformat())
        if isinstance(value, date):
            return self._read(value.isoformat())
        if isinstance(value, bool):
            raise TypeError("an instant is a datetime, a date, a str or epoch seconds, not a bool")
        if isinstance(value, int):
            return value, 0
        if isinstance(value, float):
            if not math.isfinite(value):
                raise ValueError(f"an instant must be finite, got {value}")
            whole = math.floor(value)
            nanosecond = round((value - whole) * 1e9)
            return (whole + 1, 0) if nanosecond >= 1_000_000_000 else (whole, nanosecond)
        if isinstance(value, str):
            return self._read(value)
        raise TypeError(f"an instant is a datetime, a date, a str or epoch seconds, not {type(value).__name__}")

    def _read(self, text: str) -> tuple[int, int]:
        data = text.encode("utf-8", "surrogatepass")
        seconds, nanosecond = ctypes.c_int64(), ctypes.c_int32()
        buffer, length = ctypes.c_void_p(), ctypes.c_size_t()
        status = _lib.chime_schedule_instant(self._handle, data, len(data), ctypes.byref(seconds), ctypes.byref(nanosecond),
                                             ctypes.byref(buffer), ctypes.byref(length))
        if status != _native.OK:
            _raise_from(buffer, length)
        return seconds.value, nanosecond.value

    def _one(self, seconds: int, nanosecond: int, backward: int) -> Optional[Fire]:
        fire = _native.CFire()
        count = ctypes.c_size_t()
        status = _lib.chime_schedule_fires(self._handle, seconds, nanosecond, backward, ctypes.byref(fire), 1,
                                           ctypes.byref(count), None, None)
        if status != _native.OK:
            self._fail(status, seconds, nanosecond, backward)
        return self._fire(fire) if count.value else None

    def _fail(self, status: int, seconds: int, nanosecond: int, backward: int) -> None:
        """Raises the error of a call that failed (asked again for its words: the answer is the same)."""
        if status == _native.BAD_ARGUMENT:
            raise ValueError(f"the library refused the instant ({seconds} s, {nanosecond} ns)")
        buffer, length = ctypes.c_void_p(), ctypes.c_size_t()
        _lib.chime_schedule_fires(self._handle, seconds, nanosecond, backward, ctypes.byref(_native.CFire()), 1,
                                  ctypes.byref(ctypes.c_size_t()), ctypes.byref(buffer), ctypes.byref(length))
        if buffer.value:
            _raise_from(buffer, length)
        raise ChimeError("invalidTrigger", "the search failed")

    def _walk(self, seconds: int, nanosecond: int, backward: int, until: Optional[tuple[int, int]] = None) -> Iterator[Fire]:
        # Opened now, so a bad instant raises here, not at the first `next()`; closed when the
        # iterator ends or is dropped, started or not. The fires come in lists, one per library
        # call, flattened by `chain` in C: a fire then costs no resumption of a Python generator.
        return itertools.chain.from_iterable(self._batches(_Cursor(self._handle, seconds, nanosecond, backward), until))

    def _batches(self, cursor: "_Cursor", until: Optional[tuple[int, int]]) -> Iterator[list[Fire]]:
        fires = (_native.CFire * 4096)()
        view = memoryview(fires).cast("B")
        address = ctypes.addressof(fires)
        count = ctypes.c_size_t()
        size = 16   # a first fire soon, then fewer calls
        make = self._fire_from
        while True:
            buffer, length = ctypes.c_void_p(), ctypes.c_size_t()
            status = _lib.chime_fire_cursor_next(cursor.handle, fires, size, ctypes.byref(count), ctypes.byref(buffer), ctypes.byref(length))
            if status != _native.OK:
                cursor.close()
                _raise_from(buffer, length)
            n = count.value
            if n == 0:
                cursor.close()
                return
            if _speedups is not None:
                made, reached = _speedups.fires(address, n, self._tz, self._fixed_zone, until)
            else:
                made, reached = [], False
                for fields in _FIRE.iter_unpack(view[:n * _FIRE.size]):
                    if until is not None and (fields[0], fields[1]) >= until:
                        reached = True
                        break
                    made.append(make(fields))
            yield made
            if reached:
                cursor.close()
                return
            size = min(size * 4, 4096)

    def _fire(self, f: _native.CFire) -> Fire:
        return self._fire_from(_FIRE.unpack_from(f))

    def _fire_from(self, fields: tuple) -> Fire:
        """A `Fire` from chime_fire's fields (`_FIRE`): utc_seconds, nanosecond, offset, year,
        month, day, hour, minute, second, fold, is_dst, adjustment, abbreviation."""
        seconds, nanosecond, offset, year, month, day, hour, minute, second, fold, _, adjustment, abbreviation_id = fields
        abbreviation = _abbreviations.get(abbreviation_id) or _abbreviation(abbreviation_id)
        tz = self._tz
        if tz:
            instant = datetime(year, month, day, hour, minute, second, nanosecond // 1000, tz, fold=fold)
            expected = self._offsets.get(offset)
            if expected is None:
                expected = self._offsets[offset] = timedelta(seconds=offset)
            if instant.utcoffset() != expected:   # Python's zone data differs here: Chime's offset, named
                instant = datetime(year, month, day, hour, minute, second, nanosecond // 1000, self._fixed_zone(offset, abbreviation))
        else:
            instant = datetime(year, month, day, hour, minute, second, nanosecond // 1000, self._fixed_zone(offset, abbreviation))
        self._last = [instant, seconds, nanosecond - nanosecond % 1000]
        return Fire(instant, offset, abbreviation, _ADJUSTMENTS[adjustment])

    def _fixed_zone(self, offset: int, abbreviation: str) -> tzinfo:
        fixed = self._fixed.get((offset, abbreviation))
        if fixed is None:
            fixed = self._fixed[(offset, abbreviation)] = timezone(timedelta(seconds=offset), abbreviation)
        return fixed


class _Cursor:
    """A chime_fire_cursor, closed once: at the end of its walk or when dropped."""

    def __init__(self, schedule: int, seconds: int, nanosecond: int, backward: int) -> None:
        buffer, length = ctypes.c_void_p(), ctypes.c_size_t()
        self.handle = _lib.chime_fire_cursor_open(schedule, seconds, nanosecond, backward, ctypes.byref(buffer), ctypes.byref(length))
        if not self.handle:
            if buffer.value:
                _raise_from(buffer, length)
            raise ValueError(f"the library refused the instant ({seconds} s, {nanosecond} ns)")

    def close(self) -> None:
        if self.handle:
            _lib.chime_fire_cursor_close(self.handle)
            self.handle = None

    def __del__(self) -> None:
        self.close()


def _just_before(seconds: int, nanosecond: int) -> tuple[int, int]:
    return (seconds, nanosecond - 1) if nanosecond > 0 else (seconds - 1, 999_999_999)


_abbreviations: dict[int, str] = {}


def _abbreviation(identifier: int) -> str:
    text = _abbreviations.get(identifier)
    if text is None:
        text = _abbreviations[identifier] = _lib.chime_abbreviation(identifier).decode()
    return text


def _adjustments() -> tuple[str, ...]:
    names = []
    while True:
        name = _lib.chime_adjustment(len(names))
        if name is None:
            return tuple(names)
        names.append(name.decode())


_ADJUSTMENTS = _adjustments()

_zoneinfos: dict[str, Any] = {}


def _zoneinfo(requested: Optional[str], canonical: Optional[str]) -> Any:
    """zoneinfo's zone for the id asked for (as the caller named it: `UTC` stays `UTC`), else
    for the canonical id Chime answered with (`Eastern Standard Time` is `America/New_York`),
    else False: zoneinfo knows neither."""
    for identifier in (requested, canonical):
        if not identifier:
            continue
        if identifier not in _zoneinfos:
            try:
                _zoneinfos[identifier] = ZoneInfo(identifier)
            except Exception:
                _zoneinfos[identifier] = False
        if _zoneinfos[identifier]:
            return _zoneinfos[identifier]
    return False


def is_valid(expression: str, flavor: str = "posix") -> bool:
    """Whether `flavor`'s cron reads `expression` (croniter's `is_valid`): True when Chime can
    build a schedule of it (in UTC, unless the expression names its zone)."""
    if not isinstance(expression, str):
        raise TypeError(f"expression is a str, not {type(expression).__name__}")
    for zone in (None, "UTC"):
        try:
            Schedule(cron=expression, flavor=flavor, zone=zone)
            return True
        except ChimeError as failure:
            if failure.code == "missingField" and zone is None:
                continue   # the expression names no zone: ask again in UTC
            return False
    return False


# The per-fire work in C where the extension was built (setup.py builds it when a compiler and
# Python's headers are there); the same answers either way.
try:
    from . import _speedups
except ImportError:   # pragma: no cover - a build without a C compiler
    _speedups = None
else:
    _speedups.setup(ctypes.cast(_lib.chime_schedule_next, ctypes.c_void_p).value, Fire, _ADJUSTMENTS, _abbreviation)
