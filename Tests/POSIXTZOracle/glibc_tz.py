#!/usr/bin/env python3
"""glibc's reading of POSIX TZ rules, for POSIXTZDifferentialTests.

Input (stdin), one JSON object per line: {"rule": "EST5EDT,M3.2.0,M11.1.0", "from": S, "to": S,
"step": S, "instants": [S, ...]} with UTC seconds. For each, with TZ set to the rule and
time.tzset() called (glibc's tzset; time.localtime is glibc's localtime_r):

- "transitions": every instant in [from, to) where (tm_gmtoff, tm_isdst, tm_zone) changes, found
  by sampling every `step` seconds and bisecting each change to the second (the caller keeps
  every period longer than `step`, so no change hides between two samples);
- "initial": the state at `from`;
- "answers": the state at each of `instants`.

A state is [gmtoff, isdst, zone]. Output: one JSON object per input line, in order.
"""
import json
import os
import sys
import time


def state(t):
    tm = time.localtime(t)
    return (tm.tm_gmtoff, 1 if tm.tm_isdst > 0 else 0, tm.tm_zone)


def transitions(start, end, step):
    found = []
    t, s = start, state(start)
    while t < end:
        u = min(t + step, end)
        v = state(u)
        if v != s:
            lo, hi = t, u          # state(lo) == s, state(hi) != s
            while hi - lo > 1:
                mid = (lo + hi) // 2
                if state(mid) == s:
                    lo = mid
                else:
                    hi = mid
            after = state(hi)
            found.append([hi, *after])
            t, s = hi, after
        else:
            t, s = u, v
    return found


def main():
    for line in sys.stdin:
        if not line.strip():
            continue
        case = json.loads(line)
        os.environ["TZ"] = case["rule"]
        time.tzset()
        out = {
            "rule": case["rule"],
            "initial": list(state(case["from"])),
            "transitions": transitions(case["from"], case["to"], case["step"]),
            "answers": [list(state(t)) for t in case["instants"]],
        }
        sys.stdout.write(json.dumps(out) + "\n")


if __name__ == "__main__":
    main()
