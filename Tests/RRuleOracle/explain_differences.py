#!/usr/bin/env python3
"""Judges each difference the RRULE differential test found (/tmp/chime-rrule-differences-PEER.jsonl)
on its own with the independent RFC 5545 reading in rfc_reference.py, and appends the ones where
the reference gives Chime's answer and not the peer's to explained-PEER.jsonl (verdict "PEER wrong,
Chime right", with the reference's instances). Anything else is printed as unexplained and not
listed: a bug to fix, in Chime or in the reference.

    PYTHONTZPATH=<pinned zoneinfo> python3 Tests/RRuleOracle/explain_differences.py dateutil
"""
import json
import os
import sys
from datetime import datetime, timezone
from zoneinfo import ZoneInfo

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from rfc_reference import expand  # noqa: E402


def text(seconds, tz):
    if tz == "-":
        return [datetime.fromtimestamp(s, timezone.utc).strftime("%Y-%m-%dT%H:%M:%S") for s in seconds]
    return [datetime.fromtimestamp(s, ZoneInfo(tz)).isoformat() for s in seconds]


def main():
    peer = sys.argv[1]
    here = os.path.dirname(os.path.abspath(__file__))
    source = sys.argv[2] if len(sys.argv) > 2 else f"/tmp/chime-rrule-differences-{peer}.jsonl"
    listed_path = os.path.join(here, f"explained-{peer}.jsonl")
    listed = set()
    if os.path.exists(listed_path):
        for line in open(listed_path):
            listed.add(json.dumps(json.loads(line)["case"], sort_keys=True))
    explained, unexplained = [], []
    for line in open(source):
        if not line.strip():
            continue
        d = json.loads(line)
        c, mode = d["case"], d["mode"]
        if json.dumps(c, sort_keys=True) in listed:
            continue
        mine = [int(x) for x in d["chime"].split()[1:]] if d["chime"].startswith("ok") else None
        theirs = [int(x) for x in d[peer].split()[1:]] if d[peer].startswith("ok") else None
        reference = expand(c["dtstart"], c["tz"], c["rule"], c["limit"], mode)
        if mine == reference and theirs != reference:
            explained.append({"verdict": f"{peer} wrong, Chime right", "case": c, "mode": mode,
                              "reference": text(reference, c["tz"]),
                              peer: text(theirs, c["tz"]) if theirs is not None else "refused"})
        else:
            unexplained.append({"case": c, "mode": mode, "reference": text(reference, c["tz"]),
                                "chime": text(mine, c["tz"]) if mine is not None else "refused",
                                peer: text(theirs, c["tz"]) if theirs is not None else "refused"})
    with open(listed_path, "a") as f:
        for e in explained:
            f.write(json.dumps(e) + "\n")
    for u in unexplained:
        print(json.dumps(u))
    print(f"{peer}: {len(explained)} explained and listed, {len(unexplained)} unexplained", file=sys.stderr)
    return 1 if unexplained else 0


if __name__ == "__main__":
    sys.exit(main())
