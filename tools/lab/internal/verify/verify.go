// Package verify is the verify command, which CI runs: it checks that each lab keeps the lab
// contract:
//
//  1. labs/NN-word is package word (its tests may be word_test); its
//     non-test files are the learner's, and every file that the solution
//     changes has a TODO(NN) edit point.
//  2. solutions/NN-word holds exactly twins of the learner's files, with no
//     TODO marker left, and step-J folders of step snapshots (see 5); the
//     chapter has hints for the runner; the lab's table in the chapter (both
//     editions) and the step list of its doc.go name its steps, the tests
//     of each and the code of each, as its tests and edit points have them
//     (see checkStepProse).
//  3. As shipped, go vet passes and every test fails with a message: no
//     build error, crash, timeout or silent failure.
//  4. With the solution's files in place (by go test -overlay, so the
//     learner's tree is never touched), every test passes under
//     -race -shuffle=on -count=3.
//  5. A step snapshot, solutions/NN-word/step-J/FILE.go, is FILE.go once
//     steps 1 to J are done and no later step: with checkpoint to the next
//     step done in memory and put in place by -overlay, the tests of steps 1
//     to J pass and those of the next step fail (on the default map
//     runtime only: the classic one would only repeat it).
package verify

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"gomaps/labs/overlay"
	"gomaps/tools/internal/cli"
	"gomaps/tools/lab/internal/course"
	"gomaps/tools/lab/internal/testrun"
)

// Command is the verify command.
func Command(open course.Opener) *cli.Command {
	var fuzzTime string
	return &cli.Command{
		Name:  "verify",
		Usage: "[-fuzztime Nx|D] [NN...]",
		Short: "check the lab contract (CI runs this)",
		Long:  "check the lab contract for the labs named, or every lab (CI runs this)",
		Flags: func(fs *flag.FlagSet) {
			fs.StringVar(&fuzzTime, "fuzztime", defaultFuzzTime, "how much to fuzz each fuzz target with its solution: a count of inputs (5000x) or a duration (10s); 0 for none")
		},
		Run: open.Run(func(ctx context.Context, c *course.Course, io cli.IO, args []string) error {
			if !validFuzzTime(fuzzTime) {
				return cli.Usagef("verify: -fuzztime %s: want a count of inputs such as 5000x, or a duration such as 10s", fuzzTime)
			}
			labs := c.Labs
			if len(args) > 0 {
				labs = nil
				for _, arg := range args {
					l, err := c.Lab(arg)
					if err != nil {
						return err
					}
					labs = append(labs, l)
				}
			}
			return verify(ctx, c, labs, fuzzTime, io.Stdout)
		}),
	}
}

// verify checks the lab contract (see the package's doc) for labs, and says what it found.
func verify(ctx context.Context, c *course.Course, labs []*course.Lab, fuzzTime string, w io.Writer) error {
	if len(labs) == 0 {
		return fmt.Errorf("there are no labs to verify in %s", filepath.Join(c.Root, "labs"))
	}
	r := &verifyRun{c: c, w: w, fuzzTime: fuzzTime, problems: map[*course.Lab][]string{}, extras: map[*course.Lab]string{}}
	sayEditedLabs(c, labs, w)
	solved := r.checkStatic(ctx, labs)

	fmt.Fprintln(w, "verify: running every lab as shipped")
	for _, s := range testrun.Labs(ctx, c, labs, "-count=1") {
		for _, p := range shippedProblems(s) {
			r.add(s.Lab, "as shipped, %s", p)
		}
	}

	fmt.Fprintln(w, "verify: running every lab with its solution, under -race -shuffle=on -count=3")
	replaceFiles, err := overlay.Solutions(c.Root, solved...)
	if err != nil {
		return err
	}
	if r.ovFile, err = overlay.Write(replaceFiles); err != nil {
		return err
	}
	defer os.Remove(r.ovFile)
	for _, s := range testrun.Labs(ctx, c, labs, "-count=3", "-race", "-shuffle=on", "-timeout=10m", "-overlay="+r.ovFile) {
		for _, p := range solvedProblems(s) {
			r.add(s.Lab, "with the solution, %s", p)
		}
	}

	for _, l := range labs {
		if len(r.problems[l]) > 0 {
			continue
		}
		r.runInvariants(ctx, l)
		r.runStepSnapshots(ctx, l)
		r.runFuzz(ctx, l)
	}
	return r.verdicts(labs)
}

// A verifyRun is one run of verify: the problems it found and the further runs that passed,
// lab by lab.
type verifyRun struct {
	c        *course.Course
	w        io.Writer
	fuzzTime string
	problems map[*course.Lab][]string
	extras   map[*course.Lab]string // the further runs that passed, for the report
	ovFile   string                 // the -overlay file that puts every lab's solution in place
	classic  *bool                  // whether the go command runs the classic map runtime; nil: not asked yet
}

func (r *verifyRun) add(l *course.Lab, format string, args ...any) {
	r.problems[l] = append(r.problems[l], fmt.Sprintf(format, args...))
}

// sayEditedLabs warns, when some of the labs hold the learner's edits, that verify checks the
// course and not the learner's work.
func sayEditedLabs(c *course.Course, labs []*course.Lab, w io.Writer) {
	var yours []string
	for _, l := range labs {
		if c.Changed(l) {
			yours = append(yours, l.Name)
		}
	}
	if len(yours) > 0 {
		fmt.Fprintf(w, "verify checks the course itself (each lab fails as shipped, its solution passes), not your work; "+
			"it runs the labs as they are in this folder, and %s %s your changes, so what it says of them is about your edits. "+
			"To check your work: go run ./tools/lab run NN\n", strings.Join(yours, ", "), map[bool]string{true: "has", false: "have"}[len(yours) == 1])
	}
}

// checkStatic checks the layout of each lab and runs go vet on it as shipped; it returns the
// labs that have a solution folder, for the overlay.
func (r *verifyRun) checkStatic(ctx context.Context, labs []*course.Lab) (solved []string) {
	for _, l := range labs {
		if fi, err := os.Stat(filepath.Join(r.c.Root, l.SolutionDir())); err == nil && fi.IsDir() {
			solved = append(solved, l.Name)
		}
		for _, p := range checkLayout(r.c, l) {
			r.add(l, "%s", p)
		}
		if out, err := r.c.RunGo(ctx, "vet", "./"+filepath.ToSlash(l.Dir())); err != nil {
			r.add(l, "go vet fails as shipped: %s", course.FirstError(out))
		}
	}
	return solved
}

// runInvariants runs the tests of a lab that has files built with -tags invariants with its
// solution and that tag.
func (r *verifyRun) runInvariants(ctx context.Context, l *course.Lab) {
	if !hasBuildTag(r.c, l, "invariants") {
		return
	}
	r.extras[l] += " and with -tags invariants"
	fmt.Fprintf(r.w, "verify: running lab %s with its solution and -tags invariants\n", l.Name)
	s := testrun.Labs(ctx, r.c, []*course.Lab{l}, "-count=1", "-tags=invariants", "-timeout=10m", "-overlay="+r.ovFile)[0]
	for _, p := range solvedProblems(s) {
		r.add(l, "with the solution and -tags invariants, %s", p)
	}
}

// runStepSnapshots checks the step snapshots of a lab by running them (see
// checkStepSnapshots), on the default map runtime only.
func (r *verifyRun) runStepSnapshots(ctx context.Context, l *course.Lab) {
	js := r.c.StepSnapshots(l)
	if len(js) == 0 {
		return
	}
	if r.classic == nil {
		out, _ := r.c.RunGo(ctx, "env", "GOEXPERIMENT")
		isClassic := strings.Contains(out, "noswissmap")
		r.classic = &isClassic
	}
	var names []string
	for _, j := range js {
		names = append(names, "step-"+strconv.Itoa(j))
	}
	if *r.classic {
		fmt.Fprintf(r.w, "verify: the step snapshots of lab %s are checked on the default map runtime only, not with GOEXPERIMENT=noswissmap\n", l.Name)
		return
	}
	fmt.Fprintf(r.w, "verify: checking the step snapshots of lab %s (%s): checkpoint to the step after each, then its tests\n", l.Name, strings.Join(names, ", "))
	ps := checkStepSnapshots(ctx, r.c, l, js)
	for _, p := range ps {
		r.add(l, "%s", p)
	}
	if len(ps) == 0 {
		r.extras[l] += fmt.Sprintf("; checkpoint from each step snapshot (%s) passes the steps before and fails the next", strings.Join(names, ", "))
	}
}

// verdicts prints each lab's problems, or what passed, and the count; ErrFailed when a lab
// failed.
func (r *verifyRun) verdicts(labs []*course.Lab) error {
	failed := 0
	for _, l := range labs {
		if ps := r.problems[l]; len(ps) > 0 {
			failed++
			fmt.Fprintf(r.w, "FAIL %s\n", l.Name)
			for _, p := range ps {
				fmt.Fprintf(r.w, "     %s\n", p)
			}
			continue
		}
		built, later := r.c.BuiltTests(l)
		tests := "all " + strconv.Itoa(len(built)) + " tests fail"
		if len(built) == 1 {
			tests = "its 1 test fails"
		}
		if len(later) > 0 {
			// Not run here, so not verified here: the lanes of a newer Go verify them.
			s := &testrun.Status{Lab: l, Later: later}
			r.extras[l] += fmt.Sprintf("; %s, so its %d test%s did not run here", s.LaterShort(), len(later), course.Plural(len(later)))
		}
		fmt.Fprintf(r.w, "ok   %s: %s as shipped, each with a message; the solution passes under -race -shuffle=on -count=3%s\n", l.Name, tests, r.extras[l])
	}
	fmt.Fprintf(r.w, "%d passed, %d failed\n", len(labs)-failed, failed)
	if failed > 0 {
		return cli.ErrFailed
	}
	return nil
}

// brokenRun says why a run of a lab's tests tells nothing about its tests
// one by one (it could not run, did not compile, or crashed), or "".
func brokenRun(s *testrun.Status) string {
	switch {
	case s.Problem != "":
		return s.Problem
	case s.Compile != nil:
		return "it does not compile: " + strings.TrimSpace(s.Compile[0])
	case s.Crash != nil:
		return fmt.Sprintf("it crashes in %s: %s", s.Crash.Test, s.Crash.Headline)
	}
	return ""
}

// shippedProblems lists the ways a shipped lab fails for a wrong reason, or
// does not fail at all.
func shippedProblems(s *testrun.Status) []string {
	if p := brokenRun(s); p != "" {
		return []string{p}
	}
	if len(s.Tests) == 0 {
		return []string{"it has no tests"}
	}
	failing := map[string]testrun.Failure{}
	for _, f := range s.Failing {
		failing[f.Test] = f
	}
	var ps []string
	for _, t := range s.Tests {
		f, ok := failing[t]
		switch {
		case !ok:
			ps = append(ps, t+" passes: every test must fail until the learner's code is written")
		case f.NotRun:
			ps = append(ps, t+" did not run")
		case len(f.Msg) == 0:
			ps = append(ps, t+" fails without saying what is missing")
		}
	}
	sort.Strings(ps)
	return ps
}

// solvedProblems lists the tests that fail with the solution in place.
func solvedProblems(s *testrun.Status) []string {
	if p := brokenRun(s); p != "" {
		return []string{p}
	}
	var ps []string
	for _, f := range s.Failing {
		msg := "(no message)"
		if len(f.Msg) > 0 {
			msg = f.Msg[0]
		}
		if f.Race {
			msg = "data race: " + msg
		}
		ps = append(ps, fmt.Sprintf("%s fails: %s", f.Test, msg))
	}
	return ps
}

// hasBuildTag reports whether a file of the lab is built only with tag.
func hasBuildTag(c *course.Course, l *course.Lab, tag string) bool {
	tagRE := regexp.MustCompile(`\b` + regexp.QuoteMeta(tag) + `\b`)
	files, _ := c.GoFiles(l.Dir(), false)
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join(c.Root, f))
		if err != nil {
			continue
		}
		for _, line := range strings.Split(string(data), "\n") {
			if strings.HasPrefix(line, "//go:build ") && tagRE.MatchString(line) {
				return true
			}
		}
	}
	return false
}
