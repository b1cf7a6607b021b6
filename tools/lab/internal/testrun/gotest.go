// Package testrun runs the labs' tests and says what a run means to a learner: a lab's Status
// (its failures, each with its first message; a crash, explained; the step the learner is on;
// the tests that need a newer Go), the Report that run and watch print, and the Record of each
// lab's last run, kept in the user's cache folder, from which list and progress tell every lab's
// state without running again the labs that did not change.
package testrun

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	"gomaps/labs/testout"
	"gomaps/tools/lab/internal/course"
)

// A testResult is one test or subtest of a run; a pkgResult what go test said of one package.
type (
	testResult = testout.Test
	pkgResult  = testout.Package
)

// Output is a whole go test run.
type Output struct {
	Pkgs   map[string]*testout.Package // by import path
	Stderr string                      // what the go command itself printed
	Err    error                       // how the go command exited
}

// GoTestRuns counts the runs of go test, for the tests of the result cache.
var GoTestRuns atomic.Int64

// goTest runs go test -json with args in the course root.
func goTest(ctx context.Context, c *course.Course, args ...string) *Output {
	GoTestRuns.Add(1)
	cmd := c.Go.With("GOFLAGS="+strings.TrimSpace(os.Getenv("GOFLAGS"))).Command(ctx, append([]string{"test", "-json"}, args...)...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	res := &Output{}
	res.Err = cmd.Run()
	res.Stderr = stderr.String()
	res.Pkgs = testout.ReadJSON(&stdout)
	return res
}

// goProblem explains a go command that failed before running any test of
// the package (a toolchain it could not get, a broken go.mod): one sentence.
func (r *Output) goProblem() string {
	if r.Err == nil {
		return ""
	}
	if _, ok := r.Err.(*exec.ExitError); !ok {
		return fmt.Sprintf("could not run go test: %v", r.Err)
	}
	for _, line := range strings.Split(r.Stderr, "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "go: ") {
			if strings.Contains(line, "toolchain") || strings.Contains(line, "download go") {
				return fmt.Sprintf("the go command could not get the Go toolchain it needs (%s): check GOTOOLCHAIN or install that Go version", strings.TrimPrefix(line, "go: "))
			}
			return "go test could not run: " + strings.TrimPrefix(line, "go: ")
		}
	}
	return ""
}

// Labs runs the tests of the given labs in one go test and analyzes each.
func Labs(ctx context.Context, c *course.Course, labs []*course.Lab, extra ...string) []*Status {
	res := GoTest(ctx, c, labs, extra...)
	out := make([]*Status, len(labs))
	for i, l := range labs {
		out[i] = Analyze(c, l, res)
	}
	return out
}

// GoTest runs the tests of the given labs in one go test, each binary limited to the
// longest of their time limits unless extra says otherwise. While it waits it says so on
// c.Progress, every ProgressEvery.
func GoTest(ctx context.Context, c *course.Course, labs []*course.Lab, extra ...string) *Output {
	limit := time.Duration(0)
	var names []string
	for _, l := range labs {
		limit = max(limit, l.Timeout)
		names = append(names, l.Name)
	}
	args := append([]string{"-timeout", limit.String()}, extra...)
	// A later -timeout in extra (verify's) wins, as it does for go test.
	for i, a := range extra {
		v, ok := strings.CutPrefix(a, "-timeout=")
		if !ok && a == "-timeout" && i+1 < len(extra) {
			v, ok = extra[i+1], true
		}
		if d, err := time.ParseDuration(v); ok && err == nil {
			limit = d
		}
	}
	for _, l := range labs {
		args = append(args, "./"+filepath.ToSlash(l.Dir()))
	}
	if c.Progress != nil {
		done := make(chan struct{})
		defer close(done)
		start := time.Now()
		go func() {
			t := time.NewTicker(ProgressEvery)
			defer t.Stop()
			for {
				select {
				case <-done:
					return
				case <-t.C:
					what := "lab " + names[0]
					if len(names) > 1 {
						what = fmt.Sprintf("%d labs", len(names))
					}
					// The limit is go test's -timeout: it counts from the start of each test
					// binary, while the time shown counts the compiling too.
					fmt.Fprintf(c.Progress, "still running the tests of %s (%.0f s so far, compiling included; a test binary that runs %v is stopped)\n", what, time.Since(start).Seconds(), limit)
				}
			}
		}()
	}
	return goTest(ctx, c, args...)
}

// ProgressEvery is how often a run that is still going says so (the golden tests make it an
// hour: how long a run takes depends on the machine).
var ProgressEvery = 10 * time.Second
