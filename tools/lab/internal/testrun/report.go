package testrun

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"gomaps/tools/lab/internal/course"
)

// state is the one-phrase summary list prints for a lab.
func (s *Status) state(c *course.Course) string {
	switch {
	case s.Problem != "":
		return "cannot run"
	case len(s.Graders) > 0:
		return "tests changed: reset -tests " + s.Lab.Num
	case s.Compile != nil && s.Vet:
		return "fails go vet"
	case s.Compile != nil:
		return "does not compile"
	case s.Crash != nil:
		return "crashes"
	case s.Passing() && len(s.Later) > 0:
		return "passing (" + s.LaterShort() + ")"
	case s.Passing():
		return "passing"
	case len(s.Failing) == len(s.Tests) && c.IsUntouched(s.Lab):
		return fmt.Sprintf("not started (%d test%s)", len(s.Tests), course.Plural(len(s.Tests)))
	}
	if v := s.steps(); v != nil && v.current != course.AfterSteps {
		return fmt.Sprintf("at %s, %d of %d tests failing", v.name(), len(s.Failing), len(s.Tests))
	}
	return fmt.Sprintf("%d of %d tests failing", len(s.Failing), len(s.Tests))
}

// Report prints what a learner needs from one run of a lab.
func Report(c *course.Course, s *Status, w io.Writer) {
	if len(s.Graders) > 0 && reportGraders(s, w) {
		return
	}
	switch {
	case s.Problem != "":
		fmt.Fprintf(w, "lab %s cannot run: %s\n", s.Lab.Name, s.Problem)
	case s.Compile != nil:
		reportCompile(s, w)
	case s.Passing():
		reportPassing(c, s, w)
	default:
		reportFailing(s, w)
	}
}

// reportGraders says that the files that grade the lab are not as shipped; it reports whether
// that is all there is to say: the tests pass, and so the lab does not count as passing.
func reportGraders(s *Status, w io.Writer) (done bool) {
	l := s.Lab
	fmt.Fprintf(w, "lab %s cannot pass while the files that grade it are not as shipped: %s\n", l.Name, course.DescribeChanges(s.Graders))
	fmt.Fprintf(w, "they are the grader; put them back, keeping your own files: go run ./tools/lab reset -tests %s\n\n", l.Num)
	if s.TestsPass() {
		fmt.Fprintf(w, "lab %s does not count as passing: %s with the changed tests\n", l.Name, countTests(len(s.Tests), "passes", "pass"))
		return true
	}
	return false
}

// reportCompile says why the lab does not build, go vet's complaint or the compiler's.
func reportCompile(s *Status, w io.Writer) {
	l := s.Lab
	more := ""
	if n := len(s.Compile) - 1; n > 0 {
		more = fmt.Sprintf(" (and %d more line%s below)", n, course.Plural(n))
	}
	if s.Vet {
		fmt.Fprintf(w, "lab %s fails go vet, which go test runs before the tests: %s%s\n", l.Name, strings.TrimSpace(s.Compile[0]), more)
	} else {
		fmt.Fprintf(w, "lab %s does not compile: %s%s\n", l.Name, strings.TrimSpace(s.Compile[0]), more)
	}
	for _, line := range s.Compile[1:] {
		fmt.Fprintf(w, "    %s\n", strings.TrimSpace(line))
	}
	fmt.Fprintf(w, "fix the code in %s and run the lab again\n", filepath.ToSlash(l.Dir()))
}

// reportPassing says the lab passes, and which lab is next.
func reportPassing(c *course.Course, s *Status, w io.Writer) {
	fmt.Fprintf(w, "lab %s passes: %s\n", s.Lab.Name, countTests(len(s.Tests), "passes", "pass"))
	if note := s.LaterNote(); note != "" {
		fmt.Fprintln(w, note)
	}
	// The same rule as list's: the lowest lab not known to pass.
	if states, err := States(context.Background(), c, false); err == nil {
		if next := NextLab(c, states); next != nil {
			fmt.Fprintf(w, "next: lab %s (%s)\n", next.Name, filepath.ToSlash(next.Chapter()))
		} else {
			fmt.Fprintln(w, "every lab passes: well done")
		}
	}
}

// reportFailing shows the failing tests of the step the learner is on, and the crash of the
// run: first when it is of that step or a lock misuse, after the failures when it is of a later
// step.
func reportFailing(s *Status, w io.Writer) {
	l := s.Lab
	steps := s.steps()
	// A crash in a later step's test usually means only that the steps before it are not
	// written yet: it comes after the current step's failures, and says so. A lock misuse is a
	// bug of the code as written, whatever its step: it comes first, as a crash of the current
	// step does.
	laterCrash := s.Crash != nil && steps != nil && s.Crash.Test != "" && course.StepOf(s.Crash.Test) > steps.current && !s.Crash.Misuse
	if s.Crash != nil && !laterCrash {
		reportCrash(s, w, "")
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "lab %s: %d of %d tests failing\n", l.Name, len(s.Failing), len(s.Tests))
	if steps != nil {
		fmt.Fprintln(w, steps.summary())
	}
	notRun := reportFailures(s, steps, w)
	if laterCrash {
		fmt.Fprintln(w)
		why := fmt.Sprintf(" (step %d, after the step you are on: expected until the steps before it are written)", course.StepOf(s.Crash.Test))
		if len(steps.notRun) > 0 {
			// It is not only expected: it kept tests of the learner's step from running.
			why = fmt.Sprintf(" (step %d, after the step you are on, but it stopped the tests before %s of %s ran: %s runs that step's tests alone)",
				course.StepOf(s.Crash.Test), strings.Join(steps.notRun, ", "), fmt.Sprintf("step %d", steps.current), steps.runAlone(filepath.ToSlash(l.Dir())))
		}
		reportCrash(s, w, why)
	}
	if notRun > 0 {
		fmt.Fprintf(w, "\n%d test%s did not run because the crash stopped the test binary\n", notRun, course.Plural(notRun))
	}
	reportWhatNext(s, steps, w)
}

// reportFailures shows each failing test of the current step with its message, and counts
// the tests the crash kept from running.
func reportFailures(s *Status, steps *stepView, w io.Writer) (notRun int) {
	for _, f := range s.Failing {
		if f.Crashed {
			continue
		}
		if f.NotRun {
			notRun++
			continue
		}
		if !steps.shows(f) {
			continue
		}
		fmt.Fprintf(w, "\nFAIL %s\n", f.Test)
		if f.Race {
			fmt.Fprintln(w, "     the race detector found a data race in this test")
		}
		if len(f.Msg) == 0 {
			fmt.Fprintln(w, "     (it failed without a message)")
		}
		for _, line := range f.Msg {
			fmt.Fprintf(w, "     %s\n", line)
		}
	}
	return notRun
}

// reportWhatNext says what the report left out of later steps, and where to go from here.
func reportWhatNext(s *Status, steps *stepView, w io.Writer) {
	l := s.Lab
	if steps != nil && steps.later > 0 {
		fmt.Fprintf(w, "\nnot shown: %d failing test%s of later steps; they wait until %s passes\n", steps.later, course.Plural(steps.later), steps.name())
	}
	if steps != nil && steps.current != course.AfterSteps {
		fmt.Fprintf(w, "\nedit the files in %s; stuck on step %d? go run ./tools/lab hint %s shows its hints one at a time\n", filepath.ToSlash(l.Dir()), steps.current, l.Num)
	} else {
		fmt.Fprintf(w, "\nedit the files in %s; stuck? go run ./tools/lab hint %s shows the hints one at a time\n", filepath.ToSlash(l.Dir()), l.Num)
	}
}

// reportCrash prints the crash of the run: where, what, and the learner's frames.
func reportCrash(s *Status, w io.Writer, note string) {
	where := ""
	if s.Crash.Test != "" {
		where = " in " + s.Crash.Test
	}
	fmt.Fprintf(w, "lab %s crashed%s%s: %s: %s\n", s.Lab.Name, where, note, s.Crash.Headline, s.Crash.Explain)
	for _, f := range s.Crash.Tail {
		fmt.Fprintf(w, "    at %s\n", f)
	}
}

// countTests says "all 3 tests pass" or "its 1 test passes".
func countTests(n int, one, many string) string {
	if n == 1 {
		return "its 1 test " + one
	}
	return fmt.Sprintf("all %d tests %s", n, many)
}
