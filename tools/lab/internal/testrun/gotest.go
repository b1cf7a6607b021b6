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

// Output is a whole go test run.
type Output struct {
	Pkgs   map[string]*testout.Package // by import path
	Stderr string                      // what the go command itself printed
	Err    error                       // how the go command exited
}

// GoTestRuns counts the runs of go test, for the tests of the result cache.
var GoTestRuns atomic.Int64

// ProgressEvery is how often a run that is still going says so (the golden tests make it an
// hour: how long a run takes depends on the machine).
var ProgressEvery = 10 * time.Second

// Lab runs the tests of lab l and analyzes them.
func Lab(ctx context.Context, c *course.Course, l *course.Lab, extra ...string) *Status {
	return Labs(ctx, c, []*course.Lab{l}, extra...)[0]
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

// GoTest runs go test -json on the given labs, each test binary limited to the longest of their
// time limits unless extra says otherwise (-timeout=D). While it waits it says so on c.Progress,
// every ProgressEvery.
func GoTest(ctx context.Context, c *course.Course, labs []*course.Lab, extra ...string) *Output {
	GoTestRuns.Add(1)
	limit := time.Duration(0)
	for _, l := range labs {
		limit = max(limit, l.Timeout)
	}
	args := append([]string{"test", "-json", "-timeout", limit.String()}, extra...)
	for _, a := range extra { // a later -timeout wins, as it does for go test
		if v, ok := strings.CutPrefix(a, "-timeout="); ok {
			if d, err := time.ParseDuration(v); err == nil {
				limit = d
			}
		}
	}
	for _, l := range labs {
		args = append(args, "./"+filepath.ToSlash(l.Dir()))
	}
	if c.Progress != nil {
		defer sayStillRunning(c, labs, limit)()
	}
	cmd := c.Go.With("GOFLAGS="+strings.TrimSpace(os.Getenv("GOFLAGS"))).Command(ctx, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	return &Output{Pkgs: testout.ReadJSON(&stdout), Stderr: stderr.String(), Err: err}
}

// sayStillRunning says on c.Progress, every ProgressEvery until stop is called, that the tests
// of labs are still running.
func sayStillRunning(c *course.Course, labs []*course.Lab, limit time.Duration) (stop func()) {
	done := make(chan struct{})
	start := time.Now()
	lang := c.Lang
	what := fmt.Sprintf(lang.Pick("lab %s", "实验 %s "), labs[0].Name)
	if len(labs) > 1 {
		what = fmt.Sprintf(lang.Pick("%d labs", " %d 个实验"), len(labs))
	}
	go func() {
		t := time.NewTicker(ProgressEvery)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				// The limit is go test's -timeout: it counts from the start of each test binary,
				// while the time shown counts the compiling too.
				fmt.Fprintf(c.Progress, lang.Pick("still running the tests of %s (%.0f s so far, compiling included; a test binary that runs %v is stopped)\n",
					"仍在运行%s的测试（到现在 %.0f 秒，包括编译；测试程序运行到 %v 时会被停掉）\n"), what, time.Since(start).Seconds(), limit)
			}
		}
	}()
	return func() { close(done) }
}

// goProblem explains, in lang, a go command that failed before running any test of the package
// (a toolchain it could not get, a broken go.mod): one sentence.
func (r *Output) goProblem(lang course.Lang) string {
	if r.Err == nil {
		return ""
	}
	if _, ok := r.Err.(*exec.ExitError); !ok {
		return fmt.Sprintf(lang.Pick("could not run go test: %v", "无法运行 go test：%v"), r.Err)
	}
	for _, line := range strings.Split(r.Stderr, "\n") {
		line, ok := strings.CutPrefix(strings.TrimSpace(line), "go: ")
		switch {
		case !ok:
		case strings.Contains(line, "toolchain") || strings.Contains(line, "download go"):
			return fmt.Sprintf(lang.Pick("the go command could not get the Go toolchain it needs (%s): check GOTOOLCHAIN or install that Go version",
				"go 命令拿不到它需要的 Go 工具链（%s）：检查 GOTOOLCHAIN，或者安装那个 Go 版本"), line)
		default:
			return lang.Pick("go test could not run: ", "go test 无法运行：") + line
		}
	}
	return ""
}
