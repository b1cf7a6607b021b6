package main

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"text/tabwriter"
	"time"

	"gomaps/tools/internal/cli"
	"gomaps/tools/lab/internal/course"
)

// testLabs runs the tests of the given labs in one go test and analyzes each.
func testLabs(ctx context.Context, c *course.Course, labs []*course.Lab, extra ...string) []*labStatus {
	res := goTestLabs(ctx, c, labs, extra...)
	out := make([]*labStatus, len(labs))
	for i, l := range labs {
		out[i] = analyze(c, l, res)
	}
	return out
}

// goTestLabs runs the tests of the given labs in one go test, each binary limited to the
// longest of their time limits unless extra says otherwise. While it waits it says so on
// c.progress, every progressEvery.
func goTestLabs(ctx context.Context, c *course.Course, labs []*course.Lab, extra ...string) *goTestResult {
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
			t := time.NewTicker(progressEvery)
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

// progressEvery is how often a run that is still going says so.
var progressEvery = 10 * time.Second

// state is the one-phrase summary list prints for a lab.
func (s *labStatus) state(c *course.Course) string {
	switch {
	case s.problem != "":
		return "cannot run"
	case len(s.graders) > 0:
		return "tests changed: reset -tests " + s.lab.Num
	case s.compile != nil && s.vet:
		return "fails go vet"
	case s.compile != nil:
		return "does not compile"
	case s.crash != nil:
		return "crashes"
	case s.passing() && len(s.later) > 0:
		return "passing (" + s.laterShort() + ")"
	case s.passing():
		return "passing"
	case len(s.failing) == len(s.tests) && c.IsUntouched(s.lab):
		return fmt.Sprintf("not started (%d test%s)", len(s.tests), course.Plural(len(s.tests)))
	}
	if v := s.steps(); v != nil && v.current != course.AfterSteps {
		return fmt.Sprintf("at %s, %d of %d tests failing", v.name(), len(s.failing), len(s.tests))
	}
	return fmt.Sprintf("%d of %d tests failing", len(s.failing), len(s.tests))
}

func list(ctx context.Context, c *course.Course, w io.Writer) error {
	if len(c.Labs) == 0 {
		fmt.Fprintln(w, "this course has no labs yet")
		return nil
	}
	states, err := states(ctx, c, true)
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 0, 3, ' ', 0)
	fmt.Fprintln(tw, "LAB\tSTATE\tCHAPTER")
	for i, r := range states {
		fmt.Fprintf(tw, "%s\t%s\t%s\n", c.Labs[i].Name, r.State, filepath.ToSlash(c.Labs[i].Chapter()))
	}
	tw.Flush()
	fmt.Fprintln(w)
	next := nextLab(c, states)
	if next == nil {
		fmt.Fprintln(w, "every lab passes: well done")
		return nil
	}
	fmt.Fprintf(w, "next: lab %s; read %s, then run: go run ./tools/lab run %s\n",
		next.Name, filepath.ToSlash(next.Chapter()), next.Num)
	return nil
}

func runLab(ctx context.Context, c *course.Course, l *course.Lab, w io.Writer) error {
	s := testLabs(ctx, c, []*course.Lab{l})[0]
	remember(c, []*labStatus{s})
	report(c, s, w)
	if s.passing() {
		return nil
	}
	return cli.ErrFailed
}

// report prints what a learner needs from one run of a lab.
func report(c *course.Course, s *labStatus, w io.Writer) {
	if len(s.graders) > 0 && reportGraders(s, w) {
		return
	}
	switch {
	case s.problem != "":
		fmt.Fprintf(w, "lab %s cannot run: %s\n", s.lab.Name, s.problem)
	case s.compile != nil:
		reportCompile(s, w)
	case s.passing():
		reportPassing(c, s, w)
	default:
		reportFailing(c, s, w)
	}
}

// reportGraders says that the files that grade the lab are not as shipped; it reports whether
// that is all there is to say: the tests pass, and so the lab does not count as passing.
func reportGraders(s *labStatus, w io.Writer) (done bool) {
	l := s.lab
	fmt.Fprintf(w, "lab %s cannot pass while the files that grade it are not as shipped: %s\n", l.Name, course.DescribeChanges(s.graders))
	fmt.Fprintf(w, "they are the grader; put them back, keeping your own files: go run ./tools/lab reset -tests %s\n\n", l.Num)
	if s.testsPass() {
		fmt.Fprintf(w, "lab %s does not count as passing: %s with the changed tests\n", l.Name, countTests(len(s.tests), "passes", "pass"))
		return true
	}
	return false
}

// reportCompile says why the lab does not build, go vet's complaint or the compiler's.
func reportCompile(s *labStatus, w io.Writer) {
	l := s.lab
	more := ""
	if n := len(s.compile) - 1; n > 0 {
		more = fmt.Sprintf(" (and %d more line%s below)", n, course.Plural(n))
	}
	if s.vet {
		fmt.Fprintf(w, "lab %s fails go vet, which go test runs before the tests: %s%s\n", l.Name, strings.TrimSpace(s.compile[0]), more)
	} else {
		fmt.Fprintf(w, "lab %s does not compile: %s%s\n", l.Name, strings.TrimSpace(s.compile[0]), more)
	}
	for _, line := range s.compile[1:] {
		fmt.Fprintf(w, "    %s\n", strings.TrimSpace(line))
	}
	fmt.Fprintf(w, "fix the code in %s and run the lab again\n", filepath.ToSlash(l.Dir()))
}

// reportPassing says the lab passes, and which lab is next.
func reportPassing(c *course.Course, s *labStatus, w io.Writer) {
	fmt.Fprintf(w, "lab %s passes: %s\n", s.lab.Name, countTests(len(s.tests), "passes", "pass"))
	if note := s.laterNote(); note != "" {
		fmt.Fprintln(w, note)
	}
	// The same rule as list's: the lowest lab not known to pass.
	if states, err := states(context.Background(), c, false); err == nil {
		if next := nextLab(c, states); next != nil {
			fmt.Fprintf(w, "next: lab %s (%s)\n", next.Name, filepath.ToSlash(next.Chapter()))
		} else {
			fmt.Fprintln(w, "every lab passes: well done")
		}
	}
}

// reportFailing shows the failing tests of the step the learner is on, and the crash of the
// run: first when it is of that step or a lock misuse, after the failures when it is of a later
// step.
func reportFailing(c *course.Course, s *labStatus, w io.Writer) {
	l := s.lab
	steps := s.steps()
	// A crash in a later step's test usually means only that the steps before it are not
	// written yet: it comes after the current step's failures, and says so. A lock misuse is a
	// bug of the code as written, whatever its step: it comes first, as a crash of the current
	// step does.
	laterCrash := s.crash != nil && steps != nil && s.crash.test != "" && course.StepOf(s.crash.test) > steps.current && !s.crash.misuse
	if s.crash != nil && !laterCrash {
		reportCrash(c, s, w, "")
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "lab %s: %d of %d tests failing\n", l.Name, len(s.failing), len(s.tests))
	if steps != nil {
		fmt.Fprintln(w, steps.summary())
	}
	notRun := reportFailures(s, steps, w)
	if laterCrash {
		fmt.Fprintln(w)
		why := fmt.Sprintf(" (step %d, after the step you are on: expected until the steps before it are written)", course.StepOf(s.crash.test))
		if len(steps.notRun) > 0 {
			// It is not only expected: it kept tests of the learner's step from running.
			why = fmt.Sprintf(" (step %d, after the step you are on, but it stopped the tests before %s of %s ran: %s runs that step's tests alone)",
				course.StepOf(s.crash.test), strings.Join(steps.notRun, ", "), fmt.Sprintf("step %d", steps.current), steps.runAlone(filepath.ToSlash(l.Dir())))
		}
		reportCrash(c, s, w, why)
	}
	if notRun > 0 {
		fmt.Fprintf(w, "\n%d test%s did not run because the crash stopped the test binary\n", notRun, course.Plural(notRun))
	}
	reportWhatNext(s, steps, w)
}

// reportFailures shows each failing test of the current step with its message, and counts
// the tests the crash kept from running.
func reportFailures(s *labStatus, steps *stepView, w io.Writer) (notRun int) {
	for _, f := range s.failing {
		if f.crashed {
			continue
		}
		if f.notRun {
			notRun++
			continue
		}
		if !steps.shows(f) {
			continue
		}
		fmt.Fprintf(w, "\nFAIL %s\n", f.test)
		if f.race {
			fmt.Fprintln(w, "     the race detector found a data race in this test")
		}
		if len(f.msg) == 0 {
			fmt.Fprintln(w, "     (it failed without a message)")
		}
		for _, line := range f.msg {
			fmt.Fprintf(w, "     %s\n", line)
		}
	}
	return notRun
}

// reportWhatNext says what the report left out of later steps, and where to go from here.
func reportWhatNext(s *labStatus, steps *stepView, w io.Writer) {
	l := s.lab
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
func reportCrash(c *course.Course, s *labStatus, w io.Writer, note string) {
	where := ""
	if s.crash.test != "" {
		where = " in " + s.crash.test
	}
	fmt.Fprintf(w, "lab %s crashed%s%s: %s: %s\n", s.lab.Name, where, note, s.crash.headline, s.crash.explain)
	for _, f := range s.crash.tail {
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
