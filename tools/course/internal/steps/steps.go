// Package steps reports a command's steps the one way the course's commands do:
//
//	==> [2/19] zh: go run ./tools/course zh
//	--- ok zh (1.4s)
//	--- FAIL vet (3.1s): why (nothing after the time: cli.ErrFailed, the step said why)
//	18 passed, 1 failed
package steps

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"gomaps/tools/course/internal/stepcache"
	"gomaps/tools/internal/cli"
)

// A Step is one step of a command that stops at the first failure (prepare, pack).
type Step struct {
	Name  string                             // one word
	Title string                             // the command it amounts to, or what it does
	Run   func() (summary string, err error) // summary, if any, ends its ok line
}

// A Runner reports steps to Out.
type Runner struct {
	Out    io.Writer
	Total  int // the number of steps, for "[i/n]"; 0 leaves the numbers and the titles out
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

// Cached counts a step that passed before with the same inputs (check's).
func (r *Runner) Cached(name string, rec stepcache.Record) {
	r.passed++
	fmt.Fprintf(r.Out, "--- ok %s (%v; -fresh runs it again)\n", name, rec)
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

// Run runs the steps in order, each with Begin and End, and returns the first failure.
func (r *Runner) Run(steps []Step) error {
	for i, s := range steps {
		r.Begin(i, s.Name, s.Title)
		start := time.Now()
		summary, err := s.Run()
		r.End(s.Name, time.Since(start).Seconds(), summary, err)
		if err != nil {
			return err
		}
	}
	return nil
}

// Summary prints the steps that failed, then "N passed, N failed"; ErrFailed when one failed.
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
