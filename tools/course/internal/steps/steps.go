// Package steps runs a command's steps and reports them the one way the course's commands do:
//
//	==> [2/19] zh: go run ./tools/course zh
//	--- ok zh (1.4s)
//	...
//	18 passed, 1 failed
//
// A step that fails prints "--- FAIL NAME (Ns): why"; a step whose error is cli.ErrFailed has
// printed why already. check goes on after a failure; prepare and pack stop at the first.
package steps

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"gomaps/tools/internal/cli"
)

// A Step is one step of a command.
type Step struct {
	Name  string // one word, for the report and for -skip
	Title string // the command it amounts to, or what it does
	// Run does the step; what it returns, when not "", follows the ok line: "--- ok NAME
	// (Ns): summary".
	Run func() (summary string, err error)
}

// A Runner reports steps to Out.
type Runner struct {
	Out    io.Writer
	Total  int  // the number of steps, for "[i/n]"; 0 leaves the numbers out
	GoOn   bool // go on after a failure (check); otherwise Run stops at the first
	passed int
	failed []string
}

// Begin prints the line that starts step i (from 0).
func (r *Runner) Begin(i int, name, title string) {
	switch {
	case r.Total == 0:
		fmt.Fprintf(r.Out, "==> %s\n", name)
	case title == "":
		fmt.Fprintf(r.Out, "==> [%d/%d] %s\n", i+1, r.Total, name)
	default:
		fmt.Fprintf(r.Out, "==> [%d/%d] %s: %s\n", i+1, r.Total, name, title)
	}
}

// Skipped prints that step i was left out, and why.
func (r *Runner) Skipped(i int, name, why string) {
	fmt.Fprintf(r.Out, "==> [%d/%d] %s: skipped (%s)\n", i+1, r.Total, name, why)
}

// Cached counts a step that passed before with the same inputs, and says so.
func (r *Runner) Cached(name string, secs float64, at time.Time) {
	r.passed++
	fmt.Fprintf(r.Out, "--- ok %s (cached: it passed in %.1fs at %s with the same inputs; -fresh runs it again)\n", name, secs, at.Format("2006-01-02 15:04"))
}

// End counts a step that ran for secs and prints its result.
func (r *Runner) End(name string, secs float64, summary string, err error) {
	switch {
	case errors.Is(err, cli.ErrFailed):
		fmt.Fprintf(r.Out, "--- FAIL %s (%.1fs)\n", name, secs)
	case err != nil:
		fmt.Fprintf(r.Out, "--- FAIL %s (%.1fs): %v\n", name, secs, err)
	case summary != "":
		fmt.Fprintf(r.Out, "--- ok %s (%.1fs): %s\n", name, secs, summary)
	default:
		fmt.Fprintf(r.Out, "--- ok %s (%.1fs)\n", name, secs)
	}
	if err != nil {
		r.failed = append(r.failed, name)
	} else {
		r.passed++
	}
}

// Run runs the steps in order, each with Begin and End. Without GoOn it stops at the first
// failure and returns its error; with GoOn it runs them all and returns ErrFailed when one
// failed. It prints no summary: see Summary.
func (r *Runner) Run(steps []Step) error {
	for i, s := range steps {
		title := s.Title
		if r.Total == 0 {
			title = ""
		}
		r.Begin(i, s.Name, title)
		start := time.Now()
		summary, err := s.Run()
		r.End(s.Name, time.Since(start).Seconds(), summary, err)
		if err != nil && !r.GoOn {
			return err
		}
	}
	if len(r.failed) > 0 {
		return cli.ErrFailed
	}
	return nil
}

// Failed reports whether a step failed.
func (r *Runner) Failed() bool { return len(r.failed) > 0 }

// Summary prints the steps that failed, if any, then "N passed, N failed", and returns
// ErrFailed when a step failed.
func (r *Runner) Summary() error {
	if len(r.failed) > 0 {
		fmt.Fprintf(r.Out, "failed: %s\n", strings.Join(r.failed, ", "))
	}
	fmt.Fprintf(r.Out, "%d passed, %d failed\n", r.passed, len(r.failed))
	if len(r.failed) > 0 {
		return cli.ErrFailed
	}
	return nil
}

// Quiet adapts a step that has no summary.
func Quiet(f func() error) func() (string, error) {
	return func() (string, error) { return "", f() }
}
