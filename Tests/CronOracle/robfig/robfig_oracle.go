// robfig_oracle: the real robfig/cron v3 as the differential test's peer for Chime's robfig flavor.
//
// Reads JSON lines {"expression": "...", "zone": "America/New_York", "after": EPOCH_SECONDS, "count": N}
// and answers one JSON line each: {"fires": [EPOCH_SECONDS, ...]} (each fire the Next of the one before,
// the first the Next of `after` in `zone`; a zero time ends the chain) or {"error": "..."} when
// the parser refuses the expression (or panics: robfig v3.0.1 slices past a "TZ=" prefix with no space).
//
// The parser is the one the issue names: cron.NewParser(Second | Minute | Hour | Dom | Month | Dow |
// Descriptor): six fields with seconds first, descriptors and "@every". Zones load from the system's
// tz database (the same TZif files Chime's tzif source reads).
//
// Build (offline, Debian's golang-github-robfig-cron-dev in GOPATH layout):
//   GO111MODULE=off GOPATH=/usr/share/gocode go build -o /tmp/robfig_oracle Tests/CronOracle/robfig/robfig_oracle.go
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"time"

	"github.com/robfig/cron"
)

type request struct {
	Expression string `json:"expression"`
	Zone       string `json:"zone"`
	After      int64  `json:"after"`
	Count      int    `json:"count"`
}

type answer struct {
	Fires []int64  `json:"fires,omitempty"`
	Local []string `json:"local,omitempty"`
	Error *string  `json:"error,omitempty"`
}

var parser = cron.NewParser(cron.Second | cron.Minute | cron.Hour | cron.Dom | cron.Month | cron.Dow | cron.Descriptor)

func parse(spec string) (schedule cron.Schedule, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	return parser.Parse(spec)
}

func solve(r request) answer {
	loc, err := time.LoadLocation(r.Zone)
	if err != nil {
		msg := "zone: " + err.Error()
		return answer{Error: &msg}
	}
	schedule, err := parse(r.Expression)
	if err != nil {
		msg := err.Error()
		return answer{Error: &msg}
	}
	fires := []int64{}
	local := []string{}
	t := time.Unix(r.After, 0).In(loc)
	for i := 0; i < r.Count; i++ {
		t = schedule.Next(t)
		if t.IsZero() {
			break
		}
		fires = append(fires, t.Unix())
		local = append(local, t.Format(time.RFC3339))
	}
	return answer{Fires: fires, Local: local}
}

func int64s(xs []int64) []interface{} {
	out := []interface{}{}
	for _, x := range xs {
		out = append(out, x)
	}
	return out
}

func strings(xs []string) []interface{} {
	out := []interface{}{}
	for _, x := range xs {
		out = append(out, x)
	}
	return out
}

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<20)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	for in.Scan() {
		var r request
		var a answer
		if err := json.Unmarshal(in.Bytes(), &r); err != nil {
			msg := "bad request: " + err.Error()
			a = answer{Error: &msg}
		} else {
			a = solve(r)
		}
		var line []byte
		if a.Error != nil {
			line, _ = json.Marshal(map[string]string{"error": *a.Error})
		} else {
			line, _ = json.Marshal(map[string][]interface{}{"fires": int64s(a.Fires), "local": strings(a.Local)})
		}
		out.Write(line)
		out.WriteByte('\n')
		out.Flush()
	}
}
