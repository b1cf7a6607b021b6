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
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"gomaps/labs/overlay"
	"gomaps/labs/testout"
	"gomaps/tools/internal/cli"
	"gomaps/tools/lab/internal/course"
	"gomaps/tools/lab/internal/plan"
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
			c.Lang = course.English // verify is for the course's authors and its CI
			if d, err := time.ParseDuration(fuzzTime); !fuzzCountRE.MatchString(fuzzTime) && (err != nil || d < 0) {
				return cli.Usagef("verify: -fuzztime %s: want a count of inputs such as 5000x, or a duration such as 10s", fuzzTime)
			}
			labs := c.Labs
			if len(args) > 0 {
				labs = nil
			}
			for _, arg := range args {
				l, err := c.Lab(arg)
				if err != nil {
					return err
				}
				labs = append(labs, l)
			}
			if len(labs) == 0 {
				return fmt.Errorf("there are no labs to verify in %s", filepath.Join(c.Root, "labs"))
			}
			r := &verifyRun{c: c, w: io.Stdout, fuzzTime: fuzzTime, problems: map[*course.Lab][]string{}, extras: map[*course.Lab]string{}}
			return r.verify(ctx, labs)
		}),
	}
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
}

// add records the problems ps of lab l, each said after prefix.
func (r *verifyRun) add(l *course.Lab, prefix string, ps ...string) {
	for _, p := range ps {
		r.problems[l] = append(r.problems[l], prefix+p)
	}
}

// verify checks the lab contract (see the package's doc) for labs, and says what it found.
func (r *verifyRun) verify(ctx context.Context, labs []*course.Lab) error {
	var yours, solved []string
	for _, l := range labs {
		if r.c.Changed(l) {
			yours = append(yours, l.Name)
		}
		if fi, err := os.Stat(filepath.Join(r.c.Root, l.SolutionDir())); err == nil && fi.IsDir() {
			solved = append(solved, l.Name)
		}
		r.add(l, "", checkLayout(r.c, l)...)
		if out, err := r.c.RunGo(ctx, "vet", "./"+filepath.ToSlash(l.Dir())); err != nil {
			r.add(l, "go vet fails as shipped: ", course.FirstError(out))
		}
	}
	if len(yours) > 0 {
		fmt.Fprintf(r.w, "verify checks the course itself (each lab fails as shipped, its solution passes), not your work; "+
			"it runs the labs as they are in this folder, and %s %s your changes, so what it says of them is about your edits. "+
			"To check your work: go run ./tools/lab run NN\n", strings.Join(yours, ", "), map[bool]string{true: "has", false: "have"}[len(yours) == 1])
	}
	fmt.Fprintln(r.w, "verify: running every lab as shipped")
	for _, s := range testrun.Labs(ctx, r.c, labs, "-count=1") {
		r.add(s.Lab, "as shipped, ", shippedProblems(s)...)
	}
	fmt.Fprintln(r.w, "verify: running every lab with its solution, under -race -shuffle=on -count=3")
	replace, err := overlay.Solutions(r.c.Root, solved...)
	if err != nil {
		return err
	}
	if r.ovFile, err = overlay.Write(replace); err != nil {
		return err
	}
	defer os.Remove(r.ovFile)
	for _, s := range testrun.Labs(ctx, r.c, labs, "-count=3", "-race", "-shuffle=on", "-timeout=10m", "-overlay="+r.ovFile) {
		r.add(s.Lab, "with the solution, ", solvedProblems(s)...)
	}
	for _, l := range labs {
		if len(r.problems[l]) == 0 {
			r.runInvariants(ctx, l)
			r.runStepSnapshots(ctx, l)
			r.runFuzz(ctx, l)
		}
	}
	return r.verdicts(labs)
}

// invariantsRE finds the build constraint of a file built only with -tags invariants.
var invariantsRE = regexp.MustCompile(`(?m)^//go:build .*\binvariants\b`)

// runInvariants runs the tests of a lab that has files built with -tags invariants with its
// solution and that tag.
func (r *verifyRun) runInvariants(ctx context.Context, l *course.Lab) {
	files, _ := r.c.GoFiles(l.Dir(), false)
	if !slices.ContainsFunc(files, func(f string) bool {
		data, _ := os.ReadFile(filepath.Join(r.c.Root, f))
		return invariantsRE.Match(data)
	}) {
		return
	}
	r.extras[l] += " and with -tags invariants"
	fmt.Fprintf(r.w, "verify: running lab %s with its solution and -tags invariants\n", l.Name)
	s := testrun.Lab(ctx, r.c, l, "-count=1", "-tags=invariants", "-timeout=10m", "-overlay="+r.ovFile)
	r.add(l, "with the solution and -tags invariants, ", solvedProblems(s)...)
}

// runStepSnapshots checks the step snapshots of a lab by running them (see
// checkStepSnapshots), on the default map runtime only.
func (r *verifyRun) runStepSnapshots(ctx context.Context, l *course.Lab) {
	js := r.c.StepSnapshots(l)
	if len(js) == 0 {
		return
	}
	if strings.Contains(r.c.Go.Var("GOEXPERIMENT"), "noswissmap") {
		fmt.Fprintf(r.w, "verify: the step snapshots of lab %s are checked on the default map runtime only, not with GOEXPERIMENT=noswissmap\n", l.Name)
		return
	}
	var names []string
	for _, j := range js {
		names = append(names, "step-"+strconv.Itoa(j))
	}
	fmt.Fprintf(r.w, "verify: checking the step snapshots of lab %s (%s): checkpoint to the step after each, then its tests\n", l.Name, strings.Join(names, ", "))
	ps := checkStepSnapshots(ctx, r.c, l, js)
	r.add(l, "", ps...)
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
			fmt.Fprintf(r.w, "FAIL %s\n     %s\n", l.Name, strings.Join(ps, "\n     "))
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
			r.extras[l] += fmt.Sprintf("; %s, so its %d test%s did not run here", s.LaterShort(course.English), len(later), course.Plural(len(later)))
		}
		fmt.Fprintf(r.w, "ok   %s: %s as shipped, each with a message; the solution passes under -race -shuffle=on -count=3%s\n", l.Name, tests, r.extras[l])
	}
	fmt.Fprintf(r.w, "%d passed, %d failed\n", len(labs)-failed, failed)
	if failed > 0 {
		return cli.ErrFailed
	}
	return nil
}

// brokenRun says why a run of a lab's tests tells nothing about its tests one by one (it could
// not run, did not compile, or crashed), or "".
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

// shippedProblems lists the ways a shipped lab fails for a wrong reason, or does not fail.
func shippedProblems(s *testrun.Status) []string {
	if p := brokenRun(s); p != "" {
		return []string{p}
	} else if len(s.Tests) == 0 {
		return []string{"it has no tests"}
	}
	var ps []string
	for _, t := range s.Tests {
		i := slices.IndexFunc(s.Failing, func(f testrun.Failure) bool { return f.Test == t })
		switch {
		case i < 0:
			ps = append(ps, t+" passes: every test must fail until the learner's code is written")
		case s.Failing[i].NotRun:
			ps = append(ps, t+" did not run")
		case len(s.Failing[i].Msg) == 0:
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

// runFuzz fuzzes each fuzz target of a lab with its solution, as much as -fuzztime says.
func (r *verifyRun) runFuzz(ctx context.Context, l *course.Lab) {
	if r.fuzzTime == "0" || r.fuzzTime == "0x" || r.fuzzTime == "0s" {
		return
	}
	built, _ := r.c.BuiltTests(l)
	for _, target := range built {
		if !strings.HasPrefix(target, "Fuzz") {
			continue
		}
		fmt.Fprintf(r.w, "verify: fuzzing %s of lab %s with its solution (%s)\n", target, l.Name, fuzzAmount(r.fuzzTime))
		r.extras[l] += fmt.Sprintf("; %s fuzzed (%s)", target, fuzzAmount(r.fuzzTime))
		res := testrun.GoTest(ctx, r.c, []*course.Lab{l}, "-run=^$", "-fuzz=^"+target+"$", "-fuzztime="+r.fuzzTime, "-fuzzminimizetime="+fuzzMinimizeTime, "-overlay="+r.ovFile)
		s := testrun.Analyze(r.c, l, res)
		if p := brokenRun(s); p != "" {
			r.add(l, "fuzzing "+target+" with the solution: ", p)
			continue
		}
		for _, f := range s.Failing {
			if f.Test != target || f.NotRun {
				continue
			}
			if len(f.Msg) > 0 {
				r.add(l, "", fmt.Sprintf("fuzzing %s with the solution found a failing input (saved under %s): %s",
					target, filepath.ToSlash(filepath.Join(l.Dir(), "testdata", "fuzz", target)), strings.Join(f.Msg, " ")))
			} else {
				r.add(l, "", fmt.Sprintf("fuzzing %s with the solution failed without a test message; the fuzzing engine said: %s",
					target, fuzzEngineLines(res.Pkgs[r.c.Pkg(l)], target)))
			}
		}
	}
}

// fuzzEngineLines returns the last lines the fuzzing engine printed for target, without its
// progress lines ("fuzz: elapsed: ..."): what it says when it fails without a test message,
// such as a worker process that hung or exited.
func fuzzEngineLines(p *testout.Package, target string) string {
	var lines []string
	if p != nil && p.Tests[target] != nil {
		for _, line := range p.Tests[target].Output {
			if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "fuzz: elapsed:") && !strings.HasPrefix(line, "--- FAIL") {
				lines = append(lines, line)
			}
		}
	}
	if len(lines) == 0 {
		return "(nothing)"
	}
	return strings.Join(lines[max(0, len(lines)-5):], " | ")
}

// defaultFuzzTime is how much verify fuzzes each target: a count of inputs, not a duration.
// With a duration, Go 1.26's fuzzing engine can end a clean run with "context deadline
// exceeded" when its deadline passes while a worker is busy, as happens on a loaded machine
// (go.dev/issue/75804); a count has no deadline. 5000 inputs take 3 to 15 seconds for the
// FuzzMap of lab 02 or 03 on two cores, most of it spent on the inputs that find new coverage.
const defaultFuzzTime = "5000x"

// fuzzMinimizeTime bounds the minimization of each new interesting input, by count too: with
// go test's default of 60 seconds per input, minimizing made a 10000-input run take a minute.
const fuzzMinimizeTime = "200x"

// fuzzCountRE matches a -fuzztime of a count of inputs (Nx); 0 is one too.
var fuzzCountRE = regexp.MustCompile(`^[0-9]+x$|^0$`)

// fuzzAmount says how much -fuzztime s fuzzes: "10000 inputs", "for 10s".
func fuzzAmount(s string) string {
	if n, ok := strings.CutSuffix(s, "x"); ok {
		return n + " inputs"
	}
	return "for " + s
}

// checkStepSnapshots runs, for each step snapshot j of lab l, the checkpoint to the step after
// j in memory (the steps read from the lab's files as they are), puts its files in place with
// -overlay, and runs the tests of steps 1 to j and of the next step: those of steps 1 to j must
// pass, and the next step must fail. It returns the problems, each naming its snapshot.
func checkStepSnapshots(ctx context.Context, c *course.Course, l *course.Lab, js []int) []string {
	steps := c.LabSteps(l)
	var ps []string
	for _, j := range js {
		name := filepath.ToSlash(l.StepSnapshotDir(j))
		i := slices.Index(steps, j)
		if i < 0 || i+1 == len(steps) {
			continue // checkLayout says so
		}
		next := steps[i+1]
		p, err := plan.Checkpoint(c, l, steps, next, "")
		if err != nil {
			ps = append(ps, fmt.Sprintf("step snapshot %s: checkpoint %s %d fails: %v", name, l.Num, next, err))
			continue
		}
		s, err := testWithFiles(ctx, c, l, p.Changes, "-count=1", "-run", course.StepsPattern(steps[:i+2]))
		if err != nil {
			return append(ps, err.Error())
		}
		what := fmt.Sprintf("step snapshot %s: after checkpoint %s %d", name, l.Num, next)
		switch {
		case s.Problem != "":
			ps = append(ps, fmt.Sprintf("%s, the tests cannot run: %s", what, s.Problem))
			continue
		case s.Compile != nil:
			ps = append(ps, fmt.Sprintf("%s, the lab does not compile: %s", what, strings.TrimSpace(s.Compile[0])))
			continue
		}
		nextFails := false
		for _, f := range s.Failing {
			n := course.StepOf(f.Test)
			switch {
			case n == next && !f.NotRun:
				nextFails = true
			case n <= j && n != course.AfterSteps && slices.Contains(steps, n):
				msg := "(no message)"
				switch {
				case f.Crashed:
					msg = "it crashed: " + s.Crash.Headline
				case f.NotRun:
					msg = "it did not run"
				case len(f.Msg) > 0:
					msg = f.Msg[0]
				}
				ps = append(ps, fmt.Sprintf("%s, %s of step %d fails: %s; every test of %s must pass", what, f.Test, n, msg, course.StepRange(steps[0], j, course.English)))
			}
		}
		if !nextFails {
			ps = append(ps, fmt.Sprintf("%s, step %d passes already: the snapshot holds its code, and must leave it, with its TODOs, as the lab has it", what, next))
		}
	}
	return ps
}

// testWithFiles runs the tests of lab l with the files of changes in place of the learner's, by
// -overlay: the learner's files are never touched.
func testWithFiles(ctx context.Context, c *course.Course, l *course.Lab, changes []plan.Change, extra ...string) (*testrun.Status, error) {
	tmp, err := os.MkdirTemp("", "lab-checkpoint-*")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	replace := map[string]string{}
	for i, ch := range changes {
		f := filepath.Join(tmp, fmt.Sprintf("%d-%s", i, filepath.Base(ch.File)))
		if err := os.WriteFile(f, ch.New, 0o644); err != nil {
			return nil, err
		}
		replace[filepath.Join(c.Root, filepath.FromSlash(ch.File))] = f
	}
	ov, err := overlay.Write(replace)
	if err != nil {
		return nil, err
	}
	defer os.Remove(ov)
	return testrun.Lab(ctx, c, l, append(extra, "-overlay="+ov)...), nil
}
