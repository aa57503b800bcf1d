"""The library answers exactly as `chime batch` does: the same bytes for the same lines."""
import json
import random
import subprocess

import pytest

import chime
from chime import _native
from conftest import REPOSITORY

ZONES = ["America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "Asia/Kolkata", "UTC", "US/Eastern",
         "america/new_york", "Eastern Standard Time", "Mars/Olympus", "", "Pacific/Chatham", "America/Santiago"]
TRIGGERS = [
    {"calendar": {"components": {"hour": 2, "minute": 30}}},
    {"calendar": {"components": {"hour": 1, "minute": 30}, "repeatedTimePolicy": "last"}},
    {"calendar": {"components": {"day": 31}, "matchingPolicy": "strict"}},
    {"calendar": {"components": {"day": -1, "hour": 9}, "semantics": "consistent"}},
    {"calendar": {"components": {"weekday": 2, "hour": 2, "minute": 30}, "gap": "skip", "overlap": "both"}},
    {"calendar": {"components": {"month": 2, "day": 29}}},
    {"weekly": {"weekdays": ["mon", "fri"], "time": "02:30"}},
    {"interval": {"seconds": 5400, "repeats": True}},
    {"interval": {"seconds": "86400", "repeats": True, "reportDrift": True, "anchor": "2026-03-01 09:00"}},
    {"cron": {"expression": "30 2 * * *"}},
    {"cron": {"expression": "30 2 * * *", "flavor": "croniter"}},
    {"cron": {"expression": "*/20 1-3 * * *", "flavor": "apscheduler3"}},
    {"cron": {"expression": "0 30 2 * * *", "flavor": "robfig"}},
    {"cron": {"expression": "H H * * *", "flavor": "croniter", "hashId": "job-7"}},
    {"cron": {"expression": "0 0 30 2 *"}},
    {"cron": {"expression": "61 * * * *"}},
    {"onCalendar": {"expression": "Mon..Fri *-*-* 02:30"}},
    {"onCalendar": {"expression": "*-*-* 02:30 Europe/Berlin"}},
    {"calendar": {"components": {"hour": 25}}},
    {"interval": {"seconds": 30, "repeats": True}},
    {"bogus": {}},
]
AFTERS = ["2026-03-07T12:00:00Z", "2026-03-08T01:59:59.5-05:00", "2026-10-25 02:30", "2026-03-29T02:30",
          "@1772953200", "2026-02-30T00:00:00Z", "yesterday", "2026-11-01", "9999-12-31T23:59:59Z"]


def generated_requests(n, seed):
    """A seeded mix of valid and invalid requests (every line is answered without the clock)."""
    rng = random.Random(seed)
    lines = []
    for i in range(n):
        request = {"id": rng.choice([f"r{i}", i, f"é-{i}"]), "zone": rng.choice(ZONES),
                   "after": rng.choice(AFTERS), "count": rng.choice([0, 1, 2, 5, 40, 10001, -1]),
                   "trigger": rng.choice(TRIGGERS)}
        if request["zone"] == "" or rng.random() < 0.03:
            del request["zone"]
        line = json.dumps(request, ensure_ascii=rng.random() < 0.5)
        roll = rng.random()
        if roll < 0.03:
            line = line[: rng.randrange(len(line))]                # truncated: malformed JSON
        elif roll < 0.05:
            line = "   \t"                                          # blank: skipped
        elif roll < 0.07:
            line = json.dumps([request])                            # not an object
        elif roll < 0.09:
            line += "\r"                                            # CRLF line end
        lines.append(line)
    return ("\n".join(lines)).encode()


def run_cli(cli, data, *arguments):
    result = subprocess.run([cli, "batch", *arguments], input=data, capture_output=True, timeout=600)
    assert result.returncode == 0, result.stderr
    return result.stdout


def streamed(data, flag_bits, rng):
    """The responses of a stream fed `data` in random pieces."""
    out = []
    with _native.Stream(flag_bits) as stream:
        start = 0
        while start < len(data):
            end = min(len(data), start + rng.choice([1, 2, 7, 100, 4096, 65536]))
            assert stream.feed(data[start:end]) == _native.OK
            out.append(stream.read())
            start = end
        assert stream.end() == _native.OK
        out.append(stream.read())
    return b"".join(out)


def test_examples_match_the_cli_and_the_recorded_output(cli):
    data = (REPOSITORY / "examples/requests.jsonl").read_bytes()
    recorded = (REPOSITORY / "examples/requests.out.jsonl").read_bytes()
    assert run_cli(cli, data) == recorded
    assert chime.batch_text(data) == recorded


@pytest.mark.parametrize("explain", [False, True])
def test_generated_requests_match_the_cli(cli, explain):
    data = generated_requests(1500, seed=15 + explain)
    expected = run_cli(cli, data, *(["--explain"] if explain else []))
    assert expected.count(b"\n") > 1300
    assert chime.batch_text(data, explain=explain) == expected
    assert streamed(data, _native.flags(explain), random.Random(6)) == expected


def test_a_last_line_without_newline_and_crlf_lines(cli):
    data = b'{"id":1,"zone":"UTC","after":"2026-01-01T00:00:00Z","trigger":{"calendar":{"components":{"hour":3}}}}\r\n\r\n  \n' \
           b'{"id":2,"zone":"UTC","after":"2026-01-01T00:00:00Z","trigger":{"calendar":{"components":{"hour":4}}}}'
    expected = run_cli(cli, data)
    assert expected.count(b"\n") == 2
    assert chime.batch_text(data) == expected
    assert streamed(data, 0, random.Random(1)) == expected


@pytest.mark.parametrize("source", ["tzif", "icu", "newest"])
def test_sources_match_the_cli(cli, source):
    data = generated_requests(200, seed=99)
    assert chime.batch_text(data, source=source) == run_cli(cli, data, "--source", source)


def test_batch_yields_the_cli_responses_as_dicts(cli):
    data = generated_requests(400, seed=3)
    expected = [json.loads(line) for line in run_cli(cli, data).splitlines()]
    lines = [line for line in data.split(b"\n") if line.strip(b" \t\r")]
    assert list(chime.batch(lines, lines_per_call=37)) == expected
    assert list(chime.batch(json.loads(line) for line in lines if _is_object(line))) == \
        [json.loads(line) for line in run_cli(cli, b"\n".join(line for line in lines if _is_object(line))).splitlines()]


def _is_object(line):
    try:
        return isinstance(json.loads(line), dict)
    except ValueError:
        return False


def test_version_is_the_cli_version(cli):
    first = subprocess.run([cli, "--version"], capture_output=True, text=True, check=True).stdout.splitlines()[0]
    assert first == f"chime {chime.version()}"


def test_random_bytes_match_the_cli(cli):
    """Arbitrary bytes (NUL, invalid UTF-8, stray quotes and braces): one error line per
    non-blank line, the same bytes as the CLI's; never a crash."""
    rng = random.Random(2026)
    alphabet = bytes(range(256)).replace(b"\n", b"") + b'{}[]":,' * 20
    lines = []
    for _ in range(400):
        line = bytes(rng.choice(alphabet) for _ in range(rng.randrange(0, 120)))
        if rng.random() < 0.3:
            line = b'{"zone":"UTC","trigger":' + line
        lines.append(line)
    data = b"\n".join(lines)
    expected = run_cli(cli, data)
    assert chime.batch_text(data) == expected
    assert streamed(data, 0, random.Random(5)) == expected


@pytest.mark.parametrize("option, android", [
    ("--at=02:30", {"match": "time", "time": "02:30"}),
    ("--weekly=sun@02:30", {"match": "dayOfWeekAndTime", "time": "02:30", "weekday": "sun"}),
])
def test_android_fires_asked_in_pieces_are_one_answers(cli, option, android):
    # 25,000 fires are asked in three pieces (10,000 a request); the android profile carries a DST
    # gap's shift into every later fire (docs/profiles.md), so each piece must start from the
    # state the previous one left, as `chime next` (one answer, up to 100,000) does.
    after = "2026-03-07T12:00:00Z"
    expected = json.loads(subprocess.run(
        [cli, "next", option, "--profile", "android", "--tz", "America/New_York", "--after", after,
         "--count", "25000", "--source", "tzif", "--json"], capture_output=True, check=True).stdout)["fires"]
    got = chime.next_fires("America/New_York", {"flutterAndroid": android}, after, 25_000, raw=True, source="tzif")
    assert len(got) == len(expected) == 25_000
    assert got == expected
