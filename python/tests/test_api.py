"""The Python API and the C ABI's edges: errors as exceptions and as data, threads, misuse."""
import ctypes
import json
import os
import subprocess
import sys
import threading
from datetime import datetime, timezone

import pytest

import chime
from chime import _native


def test_errors_raise_with_the_contract_code():
    with pytest.raises(chime.ChimeError) as error:
        chime.next_fires("Mars/Olympus", "0 9 * * *", "2026-01-01T00:00:00Z")
    assert error.value.code == "unknownZone" and "Mars/Olympus" in error.value.message
    with pytest.raises(chime.ChimeError) as error:
        chime.next_fires("UTC", "61 * * * *", "2026-01-01T00:00:00Z")
    assert error.value.code == "invalidCronExpression"
    with pytest.raises(chime.ChimeError) as error:
        chime.next_fires("UTC", "0 9 * * *", "not a time")
    assert error.value.code == "malformedInstant"
    with pytest.raises(chime.ChimeError) as error:
        chime.next_fires("UTC", {"calendar": {"components": {"hour": 9}, "gap": "sideways"}}, "2026-01-01T00:00:00Z")
    assert error.value.code == "invalidTrigger"


def test_posix_tz_rules_and_paths_are_zones():
    """glibc's $TZ forms through the C ABI, as chime batch takes them (docs/contract.md, "Zones").
    EST5EDT,M3.2.0,M11.1.0 starts DST on the second Sunday of March at 02:00 EST: 2026-03-08
    (Mar 1 2026 is a Sunday), 07:00Z, so a daily 02:30 fires at 03:00 EDT that day (gapNextTime).
    zoneinfo knows no rule or path, so the datetimes carry Chime's fixed offset."""
    trigger = {"calendar": {"components": {"hour": 2, "minute": 30}}}
    fires = chime.next_fires("EST5EDT,M3.2.0,M11.1.0", trigger, "2026-03-07T12:00:00Z", 2)
    assert [d.isoformat() for d in fires] == ["2026-03-08T03:00:00-04:00", "2026-03-09T02:30:00-04:00"]
    assert fires[0].tzname() == "EDT"
    [answer] = chime.batch([{"zone": "<+0330>-3:30", "after": "2026-01-01T00:00:00Z", "trigger": trigger}])
    assert answer["source"] == "posix" and answer["fires"][0]["utc"] == "2026-01-01T23:00:00Z"
    [berlin] = chime.batch([{"zone": ":Europe/Berlin", "after": "2026-07-01T00:00:00Z", "trigger": trigger}])
    assert berlin["zone"] == "Europe/Berlin" and berlin["requested"] == ":Europe/Berlin"
    with pytest.raises(chime.ChimeError) as error:
        chime.next_fires("EST25EDT", trigger, "2026-01-01T00:00:00Z")
    assert error.value.code == "unknownZone" and "hour 25 exceeds 24" in error.value.message


def test_batch_yields_errors_as_data():
    responses = list(chime.batch([{"id": "a", "zone": "Mars/Olympus", "trigger": {"calendar": {"components": {"hour": 8}}}},
                                  '{"id": "b", "zone": "UTC", oops}',
                                  {"id": "c", "zone": "UTC", "after": "2026-01-01T00:00:00Z",
                                   "trigger": {"calendar": {"components": {"hour": 8}}}}]))
    assert [r.get("id") for r in responses] == ["a", None, "c"]
    assert responses[0]["error"]["code"] == "unknownZone"
    assert responses[1]["error"]["code"] == "malformedJSON"
    assert responses[2]["fires"][0]["utc"] == "2026-01-01T08:00:00Z"


def test_after_forms():
    trigger = {"calendar": {"components": {"hour": 12}}}
    aware = chime.next_fires("Europe/Berlin", trigger, datetime(2026, 1, 1, 10, 0, tzinfo=timezone.utc))
    naive = chime.next_fires("Europe/Berlin", trigger, datetime(2026, 1, 1, 11, 0))   # 11:00 Berlin wall time
    epoch = chime.next_fires("Europe/Berlin", trigger, 1767261600)                     # 2026-01-01T10:00:00Z
    text = chime.next_fires("Europe/Berlin", trigger, "2026-01-01T10:00:00Z")
    assert aware == naive == epoch == text
    assert aware[0].isoformat() == "2026-01-01T12:00:00+01:00"
    now = chime.next_fires("UTC", {"interval": {"seconds": 60}}, None, 1, raw=True)
    assert len(now) == 1


def test_trigger_naming_its_zone():
    """An OnCalendar expression naming its zone needs no `zone`; the datetimes are in that zone."""
    fires = chime.next_fires(None, {"onCalendar": {"expression": "*-*-* 09:00 Europe/Berlin"}}, "2026-03-28T12:00:00Z", 2)
    assert [d.isoformat() for d in fires] == ["2026-03-29T09:00:00+02:00", "2026-03-30T09:00:00+02:00"]
    assert all(d.tzinfo.key == "Europe/Berlin" for d in fires)


def test_count_zero_and_a_trigger_that_stops():
    assert chime.next_fires("UTC", "0 9 * * *", "2026-01-01T00:00:00Z", 0) == []
    once = chime.next_fires("UTC", {"interval": {"seconds": 3600}}, "2026-01-01T00:00:00Z", 20_000)
    assert len(once) == 1


def test_threads_get_the_answers_one_thread_gets():
    cases = [(zone, expression) for zone in ["America/New_York", "Europe/Berlin", "Asia/Tokyo", "UTC"]
             for expression in ["*/7 * * * *", "30 2 * * *", "0 0 * * 0"]]
    expected = {case: chime.next_fires(case[0], case[1], "2026-03-01T00:00:00Z", 500, raw=True) for case in cases}
    failures = []

    def work(offset):
        for i in range(60):
            case = cases[(i + offset) % len(cases)]
            if chime.next_fires(case[0], case[1], "2026-03-01T00:00:00Z", 500, raw=True) != expected[case]:
                failures.append(case)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []


def test_a_stream_shared_by_threads_answers_every_line_once():
    line = b'{"id":1,"zone":"UTC","after":"2026-01-01T00:00:00Z","trigger":{"calendar":{"components":{"minute":5}}}}\n'
    with _native.Stream() as stream:
        def work():
            for _ in range(200):
                stream.feed(line)
        threads = [threading.Thread(target=work) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        stream.end()
        out = stream.read()
    assert out.count(b"\n") == 800 and len(set(out.splitlines())) == 1


def test_c_abi_refuses_bad_arguments():
    lib = _native.lib
    buffer, length = ctypes.c_void_p(), ctypes.c_size_t()
    assert lib.chime_batch(b"{}", 2, 0, None, None) == _native.BAD_ARGUMENT
    # chime.h: an output pointer given is set to NULL (its length to 0) even when the other is NULL.
    stale = ctypes.c_void_p(12345)
    assert lib.chime_batch(b"{}", 2, 0, ctypes.byref(stale), None) == _native.BAD_ARGUMENT
    assert stale.value is None
    stale_length = ctypes.c_size_t(7)
    assert lib.chime_batch(b"{}", 2, 0, None, ctypes.byref(stale_length)) == _native.BAD_ARGUMENT
    assert stale_length.value == 0
    stale = ctypes.c_void_p(12345)
    assert lib.chime_batch_read(None, ctypes.byref(stale), None) == _native.BAD_ARGUMENT
    assert stale.value is None
    assert lib.chime_batch(None, 5, 0, ctypes.byref(buffer), ctypes.byref(length)) == _native.BAD_ARGUMENT
    assert buffer.value is None and length.value == 0
    assert lib.chime_batch(b"{}", 2, 16, ctypes.byref(buffer), ctypes.byref(length)) == _native.BAD_ARGUMENT
    assert lib.chime_batch(b"{}", 2, 2 | 4, ctypes.byref(buffer), ctypes.byref(length)) == _native.BAD_ARGUMENT
    assert lib.chime_batch(None, 0, 0, ctypes.byref(buffer), ctypes.byref(length)) == _native.OK
    assert ctypes.string_at(buffer.value, 1) == b"\x00" and length.value == 0
    lib.chime_free(buffer.value)
    assert lib.chime_batch_open(32) is None
    assert lib.chime_batch_feed(None, b"x", 1) == _native.BAD_ARGUMENT
    assert lib.chime_batch_end(None) == _native.BAD_ARGUMENT
    assert lib.chime_batch_read(None, ctypes.byref(buffer), ctypes.byref(length)) == _native.BAD_ARGUMENT
    lib.chime_batch_close(None)
    lib.chime_free(None)
    with _native.Stream() as stream:
        assert stream.read() == b""


def test_bad_zone_source_is_one_error_line(monkeypatch, cli):
    monkeypatch.setenv("CHIME_ZONE_SOURCE", "sundial")
    status, out = _native.batch(b'{"zone":"UTC","trigger":{"calendar":{"components":{"hour":1}}}}\n', 0)
    assert status == _native.BAD_CONFIGURATION
    with pytest.raises(chime.ChimeError) as error:
        chime.batch_text(b"{}")
    assert error.value.code == "badConfiguration"
    # The same words as chime batch's (on its stderr, exit 2).
    result = subprocess.run([cli, "batch"], input=b"{}\n", capture_output=True)
    assert result.returncode == 2 and result.stderr.decode().strip() == "chime: " + error.value.message
    with pytest.raises(chime.ChimeError):
        list(chime.batch([{}]))
    # An explicit source needs no environment.
    assert chime.batch_text(b'{"zone":"UTC","after":"2026-01-01T00:00:00Z","trigger":{"calendar":{"components":{"hour":1}}}}',
                            source="tzif").startswith(b'{"zone":"Etc/UTC","requested":"UTC","source":"tzif"')


def test_unreadable_tzdir_is_refused_not_answered_from_icu(tmp_path, cli):
    # A $TZDIR that holds no tree: chime exits 2 naming it; the C ABI (so Python) refuses the same
    # way rather than answer from ICU's older data (issue 30: it used to answer, source "icu").
    missing = str(tmp_path / "nowhere")
    env = dict(os.environ, TZDIR=missing)
    script = (
        "import chime\n"
        "try:\n"
        "    chime.batch_text(b'{\"zone\":\"UTC\",\"trigger\":{\"calendar\":{\"components\":{\"hour\":1}}}}')\n"
        "except chime.ChimeError as e:\n"
        "    print(e.code); print(e.message)\n"
    )
    python = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True)
    assert python.returncode == 0, python.stderr
    code, message = python.stdout.strip().split("\n")
    assert message.startswith("TZDIR=" + missing + ": ") and "is not a directory" in message
    result = subprocess.run([cli, "batch"], input=b"{}\n", capture_output=True, env=env)
    assert result.returncode == 2 and result.stderr.decode().strip() == "chime: " + message


def test_version():
    assert chime.version() == chime.__version__ and chime.version().count(".") == 2


def test_a_bad_item_is_an_error_answer_not_an_exception():
    good = {"id": "g", "zone": "UTC", "after": "2026-01-01T00:00:00Z", "trigger": {"interval": {"seconds": 60}}}
    lone = dict(good, id="s", zone="\ud800")          # a lone surrogate: not encodable as UTF-8
    answers = list(chime.batch([good, lone, '{"id":"t","zone":"\ud800"}', good]))
    assert [a.get("id") for a in answers] == ["g", None, None, "g"]   # neither line parses, so no id is read
    assert "fires" in answers[0] and "fires" in answers[3]
    assert answers[1]["error"]["code"] == "malformedJSON" and answers[2]["error"]["code"] == "malformedJSON"
    text = chime.batch_text('{"zone":"\ud800"}\n')
    assert json.loads(text)["error"]["code"] == "malformedJSON"


def test_wrong_argument_types_raise_type_error():
    for wrong in (5, None, 1.5, ["{}"]):
        with pytest.raises(TypeError):
            chime.batch_text(wrong)
    with pytest.raises(TypeError):
        list(chime.batch([5]))
