package main

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// A lab may teach in steps: its tests are then named TestStep<N><Name>, and
// the runner shows the learner only the lowest step that still fails, so
// that step 5's failures do not bury step 1's. Tests without a step number
// come after every step.
var stepRE = regexp.MustCompile(`^(?:Test|Fuzz)Step([0-9]+)`)

// afterSteps is the step of a test that has no step number.
const afterSteps = 1 << 30

func stepOf(test string) int {
	m := stepRE.FindStringSubmatch(test)
	if m == nil {
		return afterSteps
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

// stepView is where a learner stands in a lab taught in steps.
type stepView struct {
	steps   []int // the step numbers, ascending (afterSteps last, if any test has none)
	current int   // the lowest step with a failing test
	tests   int   // the tests of the current step
	failing int   // and how many of them fail
	later   int   // failing tests of later steps
	// The current step's tests that did not run: a crash stopped the test binary first (most
	// often in a later step's test, whose file comes first).
	notRun []string
}

// steps returns nil when the lab is not taught in steps or nothing fails.
func (s *labStatus) steps() *stepView {
	numbered := false
	counts := map[int]int{}
	for _, t := range s.tests {
		n := stepOf(t)
		numbered = numbered || n != afterSteps
		counts[n]++
	}
	if !numbered || len(s.failing) == 0 {
		return nil
	}
	v := &stepView{current: afterSteps + 1}
	for n := range counts {
		v.steps = append(v.steps, n)
	}
	sort.Ints(v.steps)
	for _, f := range s.failing {
		v.current = min(v.current, stepOf(f.test))
	}
	v.tests = counts[v.current]
	for _, f := range s.failing {
		switch {
		case stepOf(f.test) == v.current && f.notRun:
			v.notRun = append(v.notRun, f.test)
		case stepOf(f.test) == v.current:
			v.failing++
		case !f.notRun:
			v.later++
		}
	}
	return v
}

// name says "step 3 of 8", or "the tests after the steps".
func (v *stepView) name() string {
	if v.current == afterSteps {
		return "the tests after the steps"
	}
	last := v.steps[len(v.steps)-1]
	if last == afterSteps && len(v.steps) > 1 {
		last = v.steps[len(v.steps)-2]
	}
	return fmt.Sprintf("step %d of %d", v.current, last)
}

// shows reports whether the report prints this failing test in full.
func (v *stepView) shows(f failure) bool {
	return v == nil || stepOf(f.test) == v.current || f.crashed
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
	s := fmt.Sprintf("you are at %s: %d of its %d test%s failing", v.name(), v.failing, v.tests, plural(v.tests))
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
