// explain_differences: an independent verdict on each difference the robfig differential test
// writes (lines {"case": {...}, "robfig": {"fires": [...]}, "chime": {"fires": [...]}}).
//
// At the first fire where the two chains part, with `prev` the start or the fire before:
//   - robfig is wrong when its fire is not after `prev`: SpecSchedule.Next documents "the next time
//     this schedule is activated, greater than the given time" (spec.go line 56);
//   - Chime is right when its fire is the first second after `prev` whose wall clock in the zone
//     (Go's time package reading the same tz files) matches the parsed fields — found by brute
//     force, one second at a time, with spec.go's dayMatches rule (OR unless a day field has the
//     star bit). Only the parse (the field bit sets) comes from robfig; its Next walk is not used.
//
// Build and run (offline, as the oracle):
//   GO111MODULE=off GOPATH=/usr/share/gocode go build -o /tmp/robfig_explain Tests/CronOracle/robfig/explain/explain_differences.go
//   ZONEINFO=<the test's compiled tz tree or /usr/share/zoneinfo> /tmp/robfig_explain < /tmp/robfig-diff.jsonl
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"time"

	"github.com/robfig/cron"
)

type caseT struct {
	Expression string `json:"expression"`
	Zone       string `json:"zone"`
	After      int64  `json:"after"`
	Count      int    `json:"count"`
}

type side struct {
	Fires []string `json:"fires"`
	Error *string  `json:"error"`
}

type difference struct {
	Case   caseT `json:"case"`
	Robfig side  `json:"robfig"`
	Chime  side  `json:"chime"`
}

var parser = cron.NewParser(cron.Second | cron.Minute | cron.Hour | cron.Dom | cron.Month | cron.Dow | cron.Descriptor)

const starBit = 1 << 63

func matches(s *cron.SpecSchedule, t time.Time) bool {
	if 1<<uint(t.Second())&s.Second == 0 || 1<<uint(t.Minute())&s.Minute == 0 || 1<<uint(t.Hour())&s.Hour == 0 ||
		1<<uint(t.Month())&s.Month == 0 {
		return false
	}
	dom := 1<<uint(t.Day())&s.Dom > 0
	dow := 1<<uint(t.Weekday())&s.Dow > 0
	if s.Dom&starBit > 0 || s.Dow&starBit > 0 {
		return dom && dow
	}
	return dom || dow
}

func parseTimes(xs []string) []int64 {
	out := []int64{}
	for _, x := range xs {
		t, err := time.Parse(time.RFC3339, x)
		if err != nil {
			panic(err)
		}
		out = append(out, t.Unix())
	}
	return out
}

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<20)
	for in.Scan() {
		if len(in.Bytes()) == 0 {
			continue
		}
		var d difference
		if err := json.Unmarshal(in.Bytes(), &d); err != nil {
			panic(err)
		}
		verdict, detail := judge(d)
		line, _ := json.Marshal(map[string]interface{}{"case": d.Case, "verdict": verdict, "detail": detail})
		fmt.Println(string(line))
	}
}

func judge(d difference) (string, string) {
	if d.Robfig.Error != nil || d.Chime.Error != nil {
		return "unexplained", "one side refused the expression"
	}
	schedule, err := parser.Parse(d.Case.Expression)
	if err != nil {
		return "unexplained", "robfig's parser refuses it"
	}
	spec, ok := schedule.(*cron.SpecSchedule)
	if !ok {
		return "unexplained", "not a SpecSchedule"
	}
	loc := spec.Location
	if loc == time.Local {
		if loc, err = time.LoadLocation(d.Case.Zone); err != nil {
			return "unexplained", "zone: " + err.Error()
		}
	}
	r, c := parseTimes(d.Robfig.Fires), parseTimes(d.Chime.Fires)
	k := 0
	for k < len(r) && k < len(c) && r[k] == c[k] {
		k++
	}
	prev := d.Case.After
	if k > 0 {
		prev = r[k-1]
	}
	if k >= len(r) || k >= len(c) {
		return "unexplained", "one chain is shorter"
	}
	if r[k] > prev {
		return "unexplained", fmt.Sprintf("fire %d: robfig's %d is after the previous %d", k, r[k], prev)
	}
	for u := prev + 1; u <= c[k]; u++ {
		if matches(spec, time.Unix(u, 0).In(loc)) {
			if u == c[k] {
				return "robfig wrong, Chime right", fmt.Sprintf(
					"fire %d: robfig answers %s, not after the previous %s (spec.go: Next is greater than the given time); the first second after it whose wall time in %s matches the fields is %s, Chime's",
					k, time.Unix(r[k], 0).In(loc).Format(time.RFC3339), time.Unix(prev, 0).In(loc).Format(time.RFC3339), loc, time.Unix(u, 0).In(loc).Format(time.RFC3339))
			}
			return "unexplained", fmt.Sprintf("fire %d: the first matching second after the previous is %d, not Chime's %d", k, u, c[k])
		}
	}
	return "unexplained", "no matching second up to Chime's fire"
}
