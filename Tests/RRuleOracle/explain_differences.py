#!/usr/bin/env python3
"""Judges each difference the RRULE differential test found between Chime and a peer, case by
case, with the independent RFC 5545 reading in rfc_reference.py, and lists the ones where the
reference gives Chime's answer and not the peer's in explained-PEER.jsonl.gz (read it with zcat).

    python3 Tests/RRuleOracle/explain_differences.py PEER [DIFFERENCES] [--jobs 2] [--rebuild] [--rejudge] [--decide-open]

DIFFERENCES is the test's $CHIME_RRULE_DIFF_OUT/chime-rrule-differences-PEER.jsonl (default /tmp): every case where Chime's and
the peer's answers differ, listed or not. A difference already listed with the same two answers
is kept as it is (--rejudge judges it again); a new one is judged: the reference's instances
equal Chime's and not the peer's -> listed, verdict "PEER wrong, Chime right". Anything else is
printed (the reference agrees with the peer: a Chime bug; with neither: a bug in Chime or in
the reference; the peer gives the reference's instances with a DTSTART the rule does not
produce counted first: a set RFC 5545 §3.8.5.3 leaves undefined, to decide case by case) and not
listed, and the exit status is 1. --decide-open lists those RFC-open cases too, each with its own
DTSTART and the reference's first instance, as decided for Chime's mode in docs/rrule.md (Chime's
`ifMatching` counts DTSTART only when the rule produces it, by definition); read the printed cases
before asking for it.

One line a case, sorted by the case, written the same way every time (keys sorted): the case; the
FNV-1a 64-bit hash of Chime's and of the peer's answer as the test writes them ("ok s1 s2 …" or
"error"), so the test passes the case only while both answers are still the judged ones; the
verdict; and "why": the first place the peer leaves the reference (the reference's instances are
what rfc_reference.expand gives for the case, to recompute at will). Entries of cases not in
DIFFERENCES stay unless --rebuild (then the file lists exactly this run's differences).

Zones: the pinned tz data (tzdata-fixtures/tzdata.zi compiled with zic like the tests do), unless
PYTHONTZPATH names a compiled tree.
"""
import argparse
import gzip
import json
import os
import subprocess
import sys
import tempfile
import zoneinfo
from datetime import datetime, timezone
from multiprocessing import Pool

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)


def pinned_zones():
    """PYTHONTZPATH, or the pinned tzdata.zi compiled with zic -b fat into a temporary directory."""
    if os.environ.get("PYTHONTZPATH"):
        return os.environ["PYTHONTZPATH"]
    directory = tempfile.mkdtemp(prefix="chime-rrule-explain-tz-")
    source = os.path.join(HERE, "..", "..", "tzdata-fixtures", "tzdata.zi")
    subprocess.run(["zic", "-b", "fat", "-d", directory, source], check=True)
    return directory


def fnv(text):
    """FNV-1a, 64 bits, of the UTF-8 text, as 16 hex digits (the test computes the same)."""
    h = 0xcbf29ce484222325
    for byte in text.encode():
        h = ((h ^ byte) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return f"{h:016x}"


def key(case):
    return json.dumps(case, sort_keys=True, separators=(",", ":"))


def show(seconds, tz):
    if tz == "-":
        return datetime.fromtimestamp(seconds, timezone.utc).strftime("%Y-%m-%dT%H:%M:%S")
    return datetime.fromtimestamp(seconds, zoneinfo.ZoneInfo(tz)).isoformat()


def instances(answer):
    return [int(x) for x in answer.split()[1:]] if answer.startswith("ok") else None


def why(peer, reference, theirs, tz):
    """Where the peer's answer leaves the reference's, in words."""
    n = len(reference)
    if theirs is None:
        return f"{peer} refuses the rule; the reference gives {n} instance{'s' * (n != 1)}"
    if not theirs:
        return f"{peer} gives none; the reference gives {n}"
    if sorted(set(theirs)) == reference:
        return f"{peer} gives the reference's instances out of order or repeated"
    unordered = any(b <= a for a, b in zip(theirs, theirs[1:]))
    if unordered:
        first = next(i for i, (a, b) in enumerate(zip(theirs, theirs[1:])) if b <= a)
        return (f"{peer}'s instances are not in time order ({show(theirs[first + 1], tz)} after {show(theirs[first], tz)}); "
                f"the reference's first is {show(reference[0], tz) if reference else 'none'}")
    for i, (a, b) in enumerate(zip(reference, theirs)):
        if a != b:
            return f"instance {i + 1}: reference {show(a, tz)}, {peer} {show(b, tz)}"
    if len(theirs) < n:
        return f"{peer} stops after {len(theirs)}; the reference's next is {show(reference[len(theirs)], tz)}"
    return f"{peer} adds {show(theirs[n], tz)} after the reference's {n}"


# The verdict the test reads for a decided RFC-open case (RRuleDifferentialTests.openVerdict).
OPEN_VERDICT = "open: DTSTART not synchronized with the rule (RFC 5545 §3.8.5.3), decided in docs/rrule.md"


def judge(item):
    from rfc_reference import expand
    d, peer = item
    c = d["case"]
    reference = expand(c["dtstart"], c["tz"], c["rule"], c["limit"], d["mode"])
    mine, theirs = instances(d["chime"]), instances(d[peer])
    # RFC 5545 §3.8.5.3: "The recurrence set generated with a "DTSTART" property value not
    # synchronized with the recurrence rule is undefined." When DTSTART is not an instance of the
    # rule (not in the ifMatching reference) and the peer's answer is exactly the reference with
    # DTSTART counted as the first instance (mode "always"), the peer follows the other reading of
    # an undefined set: not "wrong". Such a case is printed for a decision, never listed.
    if theirs and mine == reference and d["mode"] == "ifMatching":
        first = expand(c["dtstart"], c["tz"], c["rule"], 1, "always")
        if first and theirs[0] == first[0] and first[0] not in reference \
                and theirs == expand(c["dtstart"], c["tz"], c["rule"], c["limit"], "always"):
            return False, {"case": c, "mode": d["mode"], "reference": [show(s, c["tz"]) for s in reference],
                           "chime": [show(s, c["tz"]) for s in mine], peer: [show(s, c["tz"]) for s in theirs],
                           "judgement": "open: DTSTART is not synchronized with the rule (RFC 5545 §3.8.5.3: undefined) and the peer counts it",
                           "listing": {"case": c, "chime": fnv(d["chime"]), "peer": fnv(d[peer]), "verdict": OPEN_VERDICT,
                                       "why": f"DTSTART {show(first[0], c['tz'])} is not an instance of the rule (the reference's first is "
                                              f"{show(reference[0], c['tz']) if reference else 'none'}); {peer} counts it first: its answer is "
                                              f"the reference's with DTSTART counted (mode always)"}}
    if mine == reference and theirs != reference:
        return True, {"case": c, "chime": fnv(d["chime"]), "peer": fnv(d[peer]),
                      "verdict": f"{peer} wrong, Chime right", "why": why(peer, reference, theirs, c["tz"])}
    return False, {"case": c, "mode": d["mode"], "reference": [show(s, c["tz"]) for s in reference],
                   "chime": [show(s, c["tz"]) for s in mine] if mine is not None else "refused",
                   peer: [show(s, c["tz"]) for s in theirs] if theirs is not None else "refused",
                   "judgement": "Chime wrong (the reference agrees with the peer)" if theirs == reference else "the reference agrees with neither"}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("peer")
    parser.add_argument("differences", nargs="?")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--rebuild", action="store_true", help="list exactly this run's differences")
    parser.add_argument("--rejudge", action="store_true", help="judge listed differences again too")
    parser.add_argument("--decide-open", action="store_true",
                        help="list the RFC-open cases found (each checked above on its own) as decided for Chime's mode (docs/rrule.md)")
    args = parser.parse_args()
    peer = args.peer
    source = args.differences or os.path.join(os.environ.get("CHIME_RRULE_DIFF_OUT", "/tmp"), f"chime-rrule-differences-{peer}.jsonl")
    listed_path = os.path.join(HERE, f"explained-{peer}.jsonl.gz")
    listed = {}
    if os.path.exists(listed_path):
        for line in gzip.open(listed_path, "rt", encoding="utf-8"):
            if line.strip():
                entry = json.loads(line)
                listed[key(entry["case"])] = entry
    zones = pinned_zones()
    zoneinfo.reset_tzpath([zones])
    os.environ["PYTHONTZPATH"] = zones
    kept, todo = {}, []
    for line in open(source):
        if not line.strip():
            continue
        d = json.loads(line)
        k = key(d["case"])
        old = listed.get(k)
        if not args.rejudge and old and old["chime"] == fnv(d["chime"]) and old["peer"] == fnv(d[peer]):
            kept[k] = old
        else:
            todo.append((d, peer))
    with Pool(args.jobs) as pool:
        judged = pool.map(judge, todo, chunksize=16)
    explained = {key(e["case"]): e for ok, e in judged if ok}
    if args.decide_open:
        explained.update({key(e["case"]): e["listing"] for ok, e in judged if not ok and "listing" in e})
    unexplained = [e for ok, e in judged if not ok and not (args.decide_open and "listing" in e)]
    result = {} if args.rebuild else {k: v for k, v in listed.items()}
    for k in [key(d["case"]) for d, _ in todo]:
        result.pop(k, None)
    result.update(kept)
    result.update(explained)
    # gzip with no name and no time stamp: the same list gives the same bytes (a 100,000-case run lists
    # tens of thousands of judged differences; gzip keeps the file a tenth of the text's size).
    text = "".join(json.dumps(result[k], sort_keys=True, separators=(",", ":"), ensure_ascii=False) + "\n" for k in sorted(result))
    with open(listed_path, "wb") as raw, gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0, compresslevel=9) as f:
        f.write(text.encode("utf-8"))
    for u in unexplained:
        print(json.dumps(u))
    print(f"{peer}: {len(kept)} listed before, {len(explained)} newly judged and listed, {len(unexplained)} unexplained; "
          f"{len(result)} in {os.path.basename(listed_path)}", file=sys.stderr)
    return 1 if unexplained else 0


if __name__ == "__main__":
    sys.exit(main())
