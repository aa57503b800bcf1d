#!/usr/bin/env python3
"""The python icalendar peer for Chime's VTIMEZONE differential test (Tests/ChimeOracleTests/VTimeZoneDifferentialTests.swift).

Reads one .ics file (argv[1]) with python's icalendar (PyPI) and answers, as one JSON object:
  "offsets": {TZID: [seconds east of UTC at each sample]}: each VTIMEZONE compiled by icalendar
             itself (Timezone.to_tz(lookup_tzid=False): dateutil's tzical reading of the
             component, whatever the TZID), at the UTC instants the test sends; null where
             Python refuses the answer (a ValueError: tzical's dst() is TZOFFSETTO - TZOFFSETFROM
             of a DAYLIGHT observance, which must be under 24 hours);
  "events":  [UTC seconds]: the file's VEVENT's first `count` instances: DTSTART as icalendar reads
             it (a TZID no zone database knows takes the file's VTIMEZONE, a known one the IANA
             zone: icalendar's choice) and its RRULE expanded by dateutil from that aware DTSTART.
stdin: {"samples": {TZID: [utc seconds, ...]}, "count": N}.
"""
import json
import sys
from datetime import datetime, timedelta, timezone

import dateutil.rrule
import icalendar

EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)


def main():
    request = json.load(sys.stdin)
    with open(sys.argv[1], "rb") as f:
        calendar = icalendar.Calendar.from_ical(f.read())
    offsets = {}
    for component in calendar.walk("VTIMEZONE"):
        tzid = str(component["TZID"])
        tz = component.to_tz(lookup_tzid=False)
        answers = []
        for t in request["samples"].get(tzid, []):
            try:
                local = (EPOCH + timedelta(seconds=t)).astimezone(tz)
                answers.append(int(local.utcoffset().total_seconds()))
            except ValueError:
                answers.append(None)
        offsets[tzid] = answers
    events = []
    for event in calendar.walk("VEVENT"):
        start = event.DTSTART
        rule = event["RRULE"].to_ical().decode()
        for instance in dateutil.rrule.rrulestr(rule, dtstart=start):
            events.append(int(instance.timestamp()))
            if len(events) >= request["count"]:
                break
        break
    json.dump({"offsets": offsets, "events": events}, sys.stdout)


main()
