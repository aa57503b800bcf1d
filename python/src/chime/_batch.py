"""The batch contract from Python: JSON Lines in, JSON Lines out (`batch`, `batch_text`), and
`next_fires` over it."""
import json
import re
import time
from itertools import repeat
from datetime import datetime, timezone, timedelta

from . import _native
from ._errors import error
from ._schedule import _zoneinfo

#: The most fires one batch request may ask for (docs/contract.md); `next_fires` asks in pieces.
MAXIMUM_COUNT = 100_000


def version():
    """The library's version (as `chime --version` names it)."""
    return _native.version()


def batch_text(data, *, explain=False, source=None):
    """JSON Lines in (str or bytes), JSON Lines out (bytes): byte for byte what `chime batch`
    (with `--explain`, `--source SOURCE`) writes for the same input."""
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogatepass")   # a lone surrogate: that line is malformedJSON
    elif not isinstance(data, (bytes, bytearray, memoryview)):
        raise TypeError(f"batch_text takes str or bytes, not {type(data).__name__}")
    status, out = _native.batch(bytes(data), _native.flags(explain, source))
    if status == _native.BAD_CONFIGURATION:
        answer = json.loads(out)["error"]
        raise error(answer["code"], answer["message"])
    if status != _native.OK:
        raise ValueError(f"chime_batch refused its arguments (status {status})")
    return out


def batch(requests, *, explain=False, source=None, lines_per_call=512):
    """Streams requests through one chime_batch_stream: yields one response dict per non-blank
    request, in order, as they are answered (errors are responses with an "error" member).

    A request is a dict (a batch request object), or one JSON line as str or bytes.
    """
    stream = _native.Stream(_native.flags(explain, source))
    try:
        pending = []
        for request in requests:
            pending.append(_request_line(request))
            if len(pending) >= lines_per_call:
                yield from _responses(stream, b"".join(pending))
                pending.clear()
        if pending:
            yield from _responses(stream, b"".join(pending))
        _check(stream.end(), stream)
        yield from _decode(stream.read())
    finally:
        stream.close()


def _request_line(request):
    if isinstance(request, dict):
        text = json.dumps(request, separators=(",", ":"), ensure_ascii=False)
        try:
            return text.encode() + b"\n"
        except UnicodeEncodeError:
            # A lone surrogate has no UTF-8: written as its JSON escape, Chime answers that one
            # line with an error (malformedJSON) and the others as usual.
            return json.dumps(request, separators=(",", ":")).encode() + b"\n"
    if isinstance(request, str):
        request = request.encode("utf-8", "surrogatepass")
    if not isinstance(request, (bytes, bytearray)):
        raise TypeError(f"a request is a dict or one JSON line (str or bytes), not {type(request).__name__}")
    if b"\n" in request.rstrip(b"\r\n"):
        raise ValueError("a request line must not contain a newline")
    return bytes(request.rstrip(b"\r\n")) + b"\n"


def _responses(stream, data):
    _check(stream.feed(data), stream)
    return _decode(stream.read())


def _check(status, stream):
    if status == _native.BAD_CONFIGURATION:
        answer = json.loads(stream.read())["error"]
        raise error(answer["code"], answer["message"])
    if status != _native.OK:
        raise ValueError(f"chime_batch_stream refused its arguments (status {status})")


def _decode(data):
    return [json.loads(line) for line in data.split(b"\n") if line]


# next_fires

def next_fires(zone, trigger, after=None, count=1, *, flavor=None, raw=False, source=None):
    """The next `count` fires of `trigger` in `zone` after `after`.

    - `zone`: an IANA id (or any id the contract accepts); None when the trigger names its own
      zone (an OnCalendar or robfig expression with a zone).
    - `trigger`: a batch trigger object (dict, docs/contract.md "Triggers"), or a str: a cron
      expression, read by `flavor` (default: the contract's, posix).
    - `after`: an aware datetime (that instant), a naive datetime (that wall time in the zone),
      an int (seconds since the epoch), a str (any input form of the contract) or None (now).
    - `count`: any number; more than 100,000 are asked for in pieces, each search starting from
      the previous fire, as one request's fires do.

    Returns aware datetimes in the zone (tzinfo a zoneinfo.ZoneInfo; fixed offsets where
    zoneinfo does not know the zone or its offset differs from Chime's answer), or with
    `raw=True` the contract's fire dicts ({"at", "utc", "offset", "abbreviation",
    "adjustment"}). Raises ChimeError (with the contract's code) for a bad request.
    """
    if isinstance(trigger, str):
        cron = {"expression": trigger}
        if flavor is not None:
            cron["flavor"] = flavor
        trigger = {"cron": cron}
    elif not isinstance(trigger, dict):
        raise TypeError(f"trigger is a dict (docs/contract.md) or a cron expression, not {type(trigger).__name__}")
    elif flavor is not None:
        raise ValueError("flavor applies to a cron expression given as a str")
    if not isinstance(count, int) or isinstance(count, bool) or count < 0:
        raise ValueError(f"count must be a non-negative int, got {count!r}")
    after = _after_text(after)
    request = {"zone": zone, "after": after, "count": min(count, MAXIMUM_COUNT), "trigger": trigger}
    if zone is None:
        del request["zone"]
    if count > MAXIMUM_COUNT:
        request["trigger"] = _anchored(trigger, after)
    flag_bits = _native.flags(False, source)
    fires, tz = [], None
    while True:
        asked = request["count"]
        text = _answer(request, flag_bits)
        if raw:
            got = _decoded(text)["fires"]
            fires.extend(got)
            last = got[-1]["utc"] if got else None
        else:
            if tz is None:
                tz = _zoneinfo(zone, _decoded(text[:text.index(',"fires":[')] + "}").get("zone"))
            got = _datetimes(text, tz)
            fires.extend(got)
            last = _last_utc(text) if got else None
        remaining = count - len(fires)
        if remaining <= 0 or len(got) < asked:
            return fires
        request["after"] = last
        request["count"] = min(remaining, MAXIMUM_COUNT)
        request["trigger"] = _continued(request["trigger"], _last_at(text) if not raw else got[-1]["at"])


def _continued(trigger, at):
    """The trigger to ask the next piece with. A flutterAndroid trigger keeps the wall time of its
    last fire (docs/profiles.md: after a DST gap moved a fire, later ones keep the moved time), so
    the next piece starts from that state, as one answer's later fires do; other triggers carry no
    state from fire to fire."""
    android = trigger.get("flutterAndroid") if isinstance(trigger, dict) else None
    if not isinstance(android, dict):
        return trigger
    local = datetime.fromisoformat(at)   # the fire's wall time (its offset is not needed)
    scheduled = {"time": local.strftime("%H:%M:%S") + (f".{local.microsecond:06d}".rstrip("0") if local.microsecond else "")}
    match = android.get("match", "time")
    if match == "dayOfWeekAndTime":
        scheduled["weekday"] = local.isoweekday() % 7 + 1   # Chime's weekdays: 1 Sunday … 7 Saturday
    if match in ("dayOfMonthAndTime", "dateAndTime"):
        scheduled["day"] = local.day
    if match == "dateAndTime":
        scheduled["month"] = local.month
    return {**trigger, "flutterAndroid": {**android, "scheduled": scheduled}}


def _after_text(after):
    if after is None:
        # Now, once: every piece of a long answer starts from the same instant (whole seconds, as
        # the contract's "now").
        return "@%d" % int(time.time())
    if isinstance(after, datetime):
        return after.isoformat()
    if isinstance(after, int) and not isinstance(after, bool):
        return "@%d" % after
    if isinstance(after, str):
        return after
    raise TypeError(f"after is a datetime, an int (epoch seconds), a str or None, not {type(after).__name__}")


def _anchored(trigger, after):
    """An interval without an anchor is anchored at the request's `after`: asked in pieces, each
    piece must keep the first piece's anchor (the anchor decides the fires and their drift)."""
    interval = trigger.get("interval")
    if not isinstance(interval, dict) or interval.get("anchor") not in (None, "now"):
        return trigger
    anchor = after if interval.get("anchor") is None else "@%d" % int(time.time())
    return {**trigger, "interval": {**interval, "anchor": anchor}}


def _answer(request, flag_bits):
    """The response line (str) to one request; ChimeError when it is an error."""
    status, out = _native.batch(json.dumps(request, separators=(",", ":")).encode(), flag_bits)
    if status != _native.OK and status != _native.BAD_CONFIGURATION:
        raise ValueError(f"chime_batch refused its arguments (status {status})")
    text = out.decode()
    if ',"fires":[' not in text:
        _decoded(text)   # raises the error
    return text


def _decoded(text):
    response = json.loads(text)
    if "error" in response:
        answer = response["error"]
        raise error(answer["code"], answer["message"], response.get("id"))
    return response


_offsets = {}


def _fixed(seconds, abbreviation):
    key = (seconds, abbreviation)
    if key not in _offsets:
        _offsets[key] = timezone(timedelta(seconds=seconds), abbreviation)
    return _offsets[key]


def _last_utc(text):
    """The last fire's "utc" (fires come before "notes", whose strings escape their quotes)."""
    start = text.rindex('"utc":"') + 7
    return text[start:text.index('"', start)]


def _last_at(text):
    """The last fire's "at" (see `_last_utc`)."""
    start = text.rindex('{"at":"') + 7
    return text[start:text.index('"', start)]


# A fire object's start, as FireFormatting writes it (docs/contract.md: "at" first). An "at" holds
# no quote or backslash, and elsewhere on a line such bytes appear only inside escaped strings.
_AT = re.compile(r'\{"at":"([^"]*)"')


def _datetimes(text, tz):
    """Aware datetimes for the fires of a response line: the instant and wall time of each `at`,
    in zoneinfo's zone `tz` where zoneinfo agrees with Chime's offset, else a fixed offset named
    by Chime's abbreviation. The common case reads only the `at` strings (a JSON parse of
    every fire object costs several times the rest)."""
    # map over C functions: no bytecode per fire (a third of the time of the same comprehensions).
    local = list(map(datetime.fromisoformat, _AT.findall(text)))
    if tz:
        zoned = list(map(datetime.astimezone, local, repeat(tz)))
        if list(map(datetime.utcoffset, zoned)) == list(map(datetime.utcoffset, local)):
            return zoned
    result = []
    for d, fire in zip(local, _decoded(text)["fires"]):
        zoned = d.astimezone(tz) if tz else None
        if zoned is not None and zoned.utcoffset() == d.utcoffset():
            result.append(zoned)
        else:
            result.append(d.replace(tzinfo=_fixed(fire["offset"], fire["abbreviation"])))
    return result
