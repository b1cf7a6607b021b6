package testrun

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"gomaps/tools/lab/internal/course"
)

// stepView is where a learner stands in a lab taught in steps.
type stepView struct {
	steps   []int // the step numbers, ascending (course.AfterSteps last, if any test has none)
	current int   // the lowest step with a failing test
	tests   int   // the tests of the current step
	failing int   // and how many of them fail
	later   int   // failing tests of later steps
	// The current step's tests that did not run: a crash stopped the test binary first (most
	// often in a later step's test, whose file comes first).
	notRun []string
}

// steps returns nil when the lab is not taught in steps or nothing fails.
func (s *Status) steps() *stepView {
	numbered := false
	counts := map[int]int{}
	for _, t := range s.Tests {
		n := course.StepOf(t)
		numbered = numbered || n != course.AfterSteps
		counts[n]++
	}
	if !numbered || len(s.Failing) == 0 {
		return nil
	}
	v := &stepView{current: course.AfterSteps + 1}
	for n := range counts {
		v.steps = append(v.steps, n)
	}
	sort.Ints(v.steps)
	for _, f := range s.Failing {
		v.current = min(v.current, course.StepOf(f.Test))
	}
	v.tests = counts[v.current]
	for _, f := range s.Failing {
		switch {
		case course.StepOf(f.Test) == v.current && f.NotRun:
			v.notRun = append(v.notRun, f.Test)
		case course.StepOf(f.Test) == v.current:
			v.failing++
		case !f.NotRun:
			v.later++
		}
	}
	return v
}

// Step is the step the learner is on in a lab taught in steps: its lowest failing step; 0 for a
// lab without steps, or when every step passes.
func (s *Status) Step() int {
	if v := s.steps(); v != nil && v.current != course.AfterSteps {
		return v.current
	}
	return 0
}

// name says "step 3 of 8", or "the tests after the steps".
func (v *stepView) name() string {
	if v.current == course.AfterSteps {
		return "the tests after the steps"
	}
	last := v.steps[len(v.steps)-1]
	if last == course.AfterSteps && len(v.steps) > 1 {
		last = v.steps[len(v.steps)-2]
	}
	return fmt.Sprintf("step %d of %d", v.current, last)
}

// shows reports whether the report prints this failing test in full.
func (v *stepView) shows(f Failure) bool {
	return v == nil || course.StepOf(f.Test) == v.current || f.Crashed
}

// summary is the line above the failures.
func (v *stepView) summary() string {
	var done []string
	for _, n := range v.steps {
		if n >= v.current {
			break
		}
		done = append(done, strconv.Itoa(n))
	}
	s := fmt.Sprintf("you are at %s: %d of its %d test%s failing", v.name(), v.failing, v.tests, course.Plural(v.tests))
	if len(v.notRun) > 0 {
		s += fmt.Sprintf(", %d did not run", len(v.notRun))
	}
	if len(done) > 0 {
		if len(done) == 1 {
			s += fmt.Sprintf(" (step %s passes)", done[0])
		} else {
			s += fmt.Sprintf(" (steps %s pass)", strings.Join(done, ", "))
		}
	}
	return s
}

// runAlone is the go test command that runs the current step's tests alone, without the later
// steps' tests (whose crash may stop the binary before this step's tests run).
func (v *stepView) runAlone(dir string) string {
	return fmt.Sprintf("go test -run 'Step%d([^0-9]|$)' ./%s", v.current, dir)
}
