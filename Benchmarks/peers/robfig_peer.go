// robfig_peer: chime-bench's Go cron peer, robfig/cron v3 (Debian's golang-github-robfig-cron-dev,
// v3.0.1), timed in its own process. chime-bench (Benchmarks/ChimeBench/Peers/GoCronPeer.swift)
// builds it offline once per run and starts it once per expression:
//
//	GO111MODULE=off GOPATH=/usr/share/gocode go build -o robfig_peer Benchmarks/peers/robfig_peer.go
//	robfig_peer EXPRESSION INPUT REPETITIONS BUDGET_NS
//
// EXPRESSION is six fields with seconds first, read by the parser Chime's robfig flavor follows:
// cron.NewParser(Second | Minute | Hour | Dom | Month | Dow | Descriptor). INPUT holds one start a
// line, "ZONE SECONDS", the very starts chime-bench times Chime on. Like Benchmarks/peers/cron_peer.py
// this program
//
//  1. parses the expression once and loads every zone (time.LoadLocation, the system's TZif files)
//     before any timing: the documented use is one Schedule, Next called per time;
//  2. answers every start once: Unix seconds of schedule.Next(time.Unix(start, 0).In(zone)), or
//     null for Go's zero time (no fire), for chime-bench's agreement check;
//  3. times the same call the way chime-bench times Chime's: a calibration that grows the operation
//     count until one run takes a tenth of BUDGET_NS (also the warm-up), then REPETITIONS runs of
//     about BUDGET_NS each over the starts cyclically, time.Now() (monotonic) around each run; a
//     sample is nanoseconds per operation. The timed answers are summed and compared with step 2's.
//
// Output, on stdout, one JSON object:
//
//	{"version": "go1.19.8", "answers": [...], "iterations": N, "samples": [...], "timedAnswersAgree": true}
//
// or {"error": "..."} when the expression or a zone cannot be read.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/robfig/cron"
)

type start struct {
	loc     *time.Location
	seconds int64
}

type output struct {
	Version           string    `json:"version"`
	Answers           []*int64  `json:"answers"`
	Iterations        int       `json:"iterations"`
	Samples           []float64 `json:"samples"`
	TimedAnswersAgree bool      `json:"timedAnswersAgree"`
}

func fail(format string, args ...interface{}) {
	line, _ := json.Marshal(map[string]string{"error": fmt.Sprintf(format, args...)})
	os.Stdout.Write(append(line, '\n'))
	os.Exit(0)
}

func main() {
	if len(os.Args) != 5 {
		fmt.Fprintln(os.Stderr, "usage: robfig_peer EXPRESSION INPUT REPETITIONS BUDGET_NS")
		os.Exit(2)
	}
	repetitions, _ := strconv.Atoi(os.Args[3])
	budget, _ := strconv.ParseInt(os.Args[4], 10, 64)
	parser := cron.NewParser(cron.Second | cron.Minute | cron.Hour | cron.Dom | cron.Month | cron.Dow | cron.Descriptor)
	schedule, err := parser.Parse(os.Args[1])
	if err != nil {
		fail("robfig cannot parse %q: %v", os.Args[1], err)
	}
	file, err := os.Open(os.Args[2])
	if err != nil {
		fail("cannot read %s: %v", os.Args[2], err)
	}
	zones := map[string]*time.Location{}
	var starts []start
	scanner := bufio.NewScanner(file)
	for scanner.Scan() {
		fields := strings.Fields(scanner.Text())
		if len(fields) != 2 {
			continue
		}
		loc, ok := zones[fields[0]]
		if !ok {
			if loc, err = time.LoadLocation(fields[0]); err != nil {
				fail("zone %s: %v", fields[0], err)
			}
			zones[fields[0]] = loc
		}
		seconds, _ := strconv.ParseInt(fields[1], 10, 64)
		starts = append(starts, start{loc, seconds})
	}
	if len(starts) == 0 {
		fail("no starts in %s", os.Args[2])
	}

	next := func(s start) int64 {
		t := schedule.Next(time.Unix(s.seconds, 0).In(s.loc))
		if t.IsZero() {
			return 0
		}
		return t.Unix()
	}
	answers := make([]*int64, len(starts))
	values := make([]int64, len(starts))
	for i, s := range starts {
		v := next(s)
		values[i] = v
		if v != 0 {
			answers[i] = &values[i]
		}
	}
	run := func(n int) int64 {
		var sum int64
		for i := 0; i < n; i++ {
			sum += next(starts[i%len(starts)])
		}
		return sum
	}
	expected := func(n int) int64 {
		var whole, rest int64
		for i, v := range values {
			whole += v
			if i < n%len(values) {
				rest += v
			}
		}
		return int64(n/len(values))*whole + rest
	}

	// Calibration (and warm-up), as chime-bench's Runner and cron_peer.py.
	probe := time.Duration(budget / 10)
	n := 1
	var elapsed time.Duration
	for {
		t0 := time.Now()
		run(n)
		elapsed = time.Since(t0)
		if elapsed >= probe {
			break
		}
		grow := 100
		if elapsed > 0 {
			grow = int(probe/elapsed) + 1
			if grow < 2 {
				grow = 2
			}
			if grow > 100 {
				grow = 100
			}
		}
		n *= grow
	}
	perOp := float64(elapsed.Nanoseconds()) / float64(n)
	if perOp < 1 {
		perOp = 1
	}
	iterations := int(float64(budget) / perOp)
	if iterations < 1 {
		iterations = 1
	}
	agree := true
	samples := []float64{}
	for r := 0; r < repetitions; r++ {
		t0 := time.Now()
		sum := run(iterations)
		samples = append(samples, float64(time.Since(t0).Nanoseconds())/float64(iterations))
		agree = agree && sum == expected(iterations)
	}
	line, _ := json.Marshal(output{Version: runtime.Version(), Answers: answers, Iterations: iterations, Samples: samples, TimedAnswersAgree: agree})
	os.Stdout.Write(append(line, '\n'))
}
