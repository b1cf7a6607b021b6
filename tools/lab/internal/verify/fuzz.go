package verify

import (
	"context"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"gomaps/labs/testout"
	"gomaps/tools/lab/internal/course"
	"gomaps/tools/lab/internal/testrun"
)

// runFuzz fuzzes each fuzz target of a lab with its solution, as much as -fuzztime says.
func (r *verifyRun) runFuzz(ctx context.Context, l *course.Lab) {
	if r.fuzzTime == "0" || r.fuzzTime == "0x" || r.fuzzTime == "0s" {
		return
	}
	for _, target := range fuzzTargets(r.c, l) {
		fmt.Fprintf(r.w, "verify: fuzzing %s of lab %s with its solution (%s)\n", target, l.Name, fuzzAmount(r.fuzzTime))
		r.extras[l] += fmt.Sprintf("; %s fuzzed (%s)", target, fuzzAmount(r.fuzzTime))
		res := testrun.GoTest(ctx, r.c, []*course.Lab{l}, "-run=^$", "-fuzz=^"+target+"$", "-fuzztime="+r.fuzzTime, "-fuzzminimizetime="+fuzzMinimizeTime, "-overlay="+r.ovFile)
		s := testrun.Analyze(r.c, l, res)
		if p := brokenRun(s); p != "" {
			r.add(l, "fuzzing %s with the solution: %s", target, p)
			continue
		}
		for _, f := range s.Failing {
			if f.Test != target || f.NotRun {
				continue
			}
			if len(f.Msg) > 0 {
				r.add(l, "fuzzing %s with the solution found a failing input (saved under %s): %s",
					target, filepath.ToSlash(filepath.Join(l.Dir(), "testdata", "fuzz", target)), strings.Join(f.Msg, " "))
			} else {
				r.add(l, "fuzzing %s with the solution failed without a test message; the fuzzing engine said: %s",
					target, fuzzEngineLines(res.Pkgs[r.c.Pkg(l)], target))
			}
		}
	}
}

// fuzzTargets lists the lab's fuzz targets.
func fuzzTargets(c *course.Course, l *course.Lab) []string {
	var fz []string
	built, _ := c.BuiltTests(l)
	for _, name := range built {
		if strings.HasPrefix(name, "Fuzz") {
			fz = append(fz, name)
		}
	}
	return fz
}

// fuzzEngineLines returns the last lines the fuzzing engine printed for target, without its
// progress lines ("fuzz: elapsed: ..."): what it says when it fails without a test message,
// such as a worker process that hung or exited.
func fuzzEngineLines(p *testout.Package, target string) string {
	if p == nil || p.Tests[target] == nil {
		return "(nothing)"
	}
	var lines []string
	for _, line := range p.Tests[target].Output {
		line = strings.TrimSpace(line)
		if line != "" && !strings.HasPrefix(line, "fuzz: elapsed:") && !strings.HasPrefix(line, "--- FAIL") {
			lines = append(lines, line)
		}
	}
	if len(lines) == 0 {
		return "(nothing)"
	}
	return strings.Join(lines[max(0, len(lines)-5):], " | ")
}

// defaultFuzzTime is how much verify fuzzes each target: a count of inputs, not a duration.
// With a duration, Go 1.26's fuzzing engine can end a clean run with "context deadline
// exceeded" when its deadline passes while a worker is busy, as happens on a loaded machine
// (go.dev/issue/75804); a count has no deadline. 5000 inputs take 3 to 15 seconds for the
// FuzzMap of lab 02 or 03 on two cores, most of it spent on the inputs that find new coverage.
const defaultFuzzTime = "5000x"

// fuzzMinimizeTime bounds the minimization of each new interesting input, by count too: with
// go test's default of 60 seconds per input, minimizing made a 10000-input run take a minute.
const fuzzMinimizeTime = "200x"

var fuzzCountRE = regexp.MustCompile(`^[0-9]+x$`)

// validFuzzTime reports whether s is what go test -fuzztime takes: a count (Nx) or a duration.
func validFuzzTime(s string) bool {
	if fuzzCountRE.MatchString(s) || s == "0" {
		return true
	}
	d, err := time.ParseDuration(s)
	return err == nil && d >= 0
}

// fuzzAmount says how much -fuzztime s fuzzes: "10000 inputs", "for 10s".
func fuzzAmount(s string) string {
	if n, ok := strings.CutSuffix(s, "x"); ok {
		return n + " inputs"
	}
	return "for " + s
}
