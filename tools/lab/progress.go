package main

import (
	"context"
	"encoding/json"
	"fmt"
	"gomaps/tools/lab/internal/course"
	"io"
	"strings"
)

// The kinds of state a lab can be in, as progress -json names them.
const (
	kindPassing      = "passing"
	kindNotStarted   = "not started"
	kindAtStep       = "at step"     // a lab taught in steps, failing: step says which
	kindFailing      = "failing"     // a lab without steps (or past its steps), failing
	kindCrash        = "crash"       // the test binary died
	kindBuildError   = "build error" // it does not compile
	kindVetError     = "vet error"   // go vet, run by go test, fails
	kindTestsChanged = "tests changed"
	kindCannotRun    = "cannot run"
	kindNotRun       = "not run" // changed since its last run, not run again
)

// result is what list and progress keep of one run of a lab.
func (s *labStatus) result(c *course.Course) result {
	r := result{State: s.state(c), Passing: s.passing(), Tests: len(s.tests), Failing: len(s.failing)}
	for _, t := range s.tests {
		if n := course.StepOf(t); n != course.AfterSteps {
			r.Steps = max(r.Steps, n)
		}
	}
	if s.problem == "" && s.compile == nil {
		if v := s.steps(); v != nil && v.current != course.AfterSteps {
			r.Step = v.current
		}
	}
	switch {
	case s.problem != "":
		r.Kind = kindCannotRun
	case len(s.graders) > 0:
		r.Kind = kindTestsChanged
	case s.compile != nil && s.vet:
		r.Kind = kindVetError
	case s.compile != nil:
		r.Kind = kindBuildError
	case s.crash != nil:
		r.Kind = kindCrash
	case r.Passing:
		r.Kind = kindPassing
	case strings.HasPrefix(r.State, "not started"):
		r.Kind = kindNotStarted
	case r.Step > 0:
		r.Kind = kindAtStep
	default:
		r.Kind = kindFailing
	}
	return r
}

// short is a lab's state in the progress line: "ok", "-" (not started), "step 5/8",
// "3/7 tests" (passing, of a lab without steps), or the kind of trouble.
func (r result) short() string {
	switch {
	case r.Kind == kindPassing:
		return "ok"
	case r.Kind == kindNotStarted:
		return "-"
	case r.Step > 0 && (r.Kind == kindAtStep || r.Kind == kindCrash):
		return fmt.Sprintf("step %d/%d", r.Step, r.Steps)
	case r.Kind == kindFailing:
		return fmt.Sprintf("%d/%d tests", r.Tests-r.Failing, r.Tests)
	case r.Kind == kindNotRun || r.Kind == "":
		return "?"
	}
	return r.Kind
}

// progressEntry is one lab in progress -json.
type progressEntry struct {
	Lab   string `json:"lab"`   // "03-swiss"
	State string `json:"state"` // one of the kinds above
	Step  int    `json:"step"`  // the step the learner is on; 0 when none
	Steps int    `json:"steps"` // the lab's last step; 0 for a lab without steps
}

// progress prints one line for the room's chat, "01 ok · 02 ok · 03 step 5/8 · 04 - · ...",
// or with asJSON an array of progressEntry, from the states list shows (and with its cache:
// only the labs changed since their last run are run).
func progressReport(ctx context.Context, c *course.Course, asJSON bool, w io.Writer) error {
	states, err := states(ctx, c, true)
	if err != nil {
		return err
	}
	if asJSON {
		entries := make([]progressEntry, len(states))
		for i, r := range states {
			entries[i] = progressEntry{Lab: c.Labs[i].Name, State: r.Kind, Step: r.Step, Steps: r.Steps}
		}
		data, err := json.MarshalIndent(entries, "", "  ")
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "%s\n", data)
		return nil
	}
	parts := make([]string, len(states))
	for i, r := range states {
		parts[i] = c.Labs[i].Num + " " + r.short()
	}
	fmt.Fprintln(w, strings.Join(parts, " · "))
	return nil
}
