package main

import (
	"bytes"
	"context"
	"fmt"
	"go/parser"
	"go/token"
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
	"gomaps/tools/lab/internal/merge"
	"gomaps/tools/lab/internal/plan"
	"gomaps/tools/lab/internal/testrun"
)

// The lab contract, as verify checks it for every lab:
//
//  1. labs/NN-word is package word (its tests may be word_test); its
//     non-test files are the learner's, and every file that the solution
//     changes has a TODO(NN) edit point.
//  2. solutions/NN-word holds exactly twins of the learner's files, with no
//     TODO marker left, and step-J folders of step snapshots (see 5); the
//     chapter has hints for the runner.
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
var todoRE = regexp.MustCompile(`TODO\(\d+\)`)

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

// runFuzz fuzzes each fuzz target of a lab with its solution, as much as -fuzztime says.
func (r *verifyRun) runFuzz(ctx context.Context, l *course.Lab) {
	if r.fuzzTime == "0" || r.fuzzTime == "0x" || r.fuzzTime == "0s" {
		return
	}
	for _, target := range fuzzTargets(r.c, l) {
		fmt.Fprintf(r.w, "verify: fuzzing %s of lab %s with its solution (%s)\n", target, l.Name, fuzzAmount(r.fuzzTime))
		r.extras[l] += fmt.Sprintf("; %s fuzzed (%s)", target, fuzzAmount(r.fuzzTime))
		res := testrun.GoTest(ctx, r.c, []*course.Lab{l}, "-run=^$", "-fuzz=^"+target+"$", "-fuzztime="+r.fuzzTime, "-fuzzminimizetime="+fuzzMinimizeTime, "-overlay="+r.ovFile)
		s := testrun.Analyze(r.c, l, res)
		if p := brokenRun(s); p != "" {
			r.add(l, "fuzzing %s with the solution: %s", target, p)
			continue
		}
		for _, f := range s.Failing {
			if f.Test != target || f.NotRun {
				continue
			}
			if len(f.Msg) > 0 {
				r.add(l, "fuzzing %s with the solution found a failing input (saved under %s): %s",
					target, filepath.ToSlash(filepath.Join(l.Dir(), "testdata", "fuzz", target)), strings.Join(f.Msg, " "))
			} else {
				r.add(l, "fuzzing %s with the solution failed without a test message; the fuzzing engine said: %s",
					target, fuzzEngineLines(res.Pkgs[r.c.Pkg(l)], target))
			}
		}
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

// checkLayout checks the files of a lab and its solution: each solution file is the twin of a
// learner file, which the overlay of package overlay puts in its place.
func checkLayout(c *course.Course, l *course.Lab) []string {
	mine, _ := c.GoFiles(l.Dir(), false)
	tests, _ := c.GoFiles(l.Dir(), true)
	ps := checkPackages(c, l, mine, tests)
	ps = append(ps, checkEditPoints(c, l, mine)...)
	ps = append(ps, checkTodoSteps(c, l, mine)...)
	sps, ok := checkSolutionFolder(c, l, mine)
	ps = append(ps, sps...)
	if !ok {
		return ps
	}
	return append(ps, checkHints(c, l)...)
}

// checkPackages checks that the lab has learner files and tests, of package word (the tests
// may be word_test).
func checkPackages(c *course.Course, l *course.Lab, mine, tests []string) []string {
	var ps []string
	if len(mine) == 0 {
		ps = append(ps, fmt.Sprintf("%s has no learner files (non-test .go files)", filepath.ToSlash(l.Dir())))
	}
	if len(tests) == 0 {
		ps = append(ps, fmt.Sprintf("%s has no tests", filepath.ToSlash(l.Dir())))
	}
	fset := token.NewFileSet()
	for _, f := range append(append([]string{}, mine...), tests...) {
		af, err := parser.ParseFile(fset, filepath.Join(c.Root, f), nil, parser.PackageClauseOnly)
		isTest := strings.HasSuffix(f, "_test.go")
		if err == nil && af.Name.Name != l.Word && !(isTest && af.Name.Name == l.Word+"_test") {
			ps = append(ps, fmt.Sprintf("%s is package %s; want package %s", filepath.ToSlash(f), af.Name.Name, l.Word))
		}
	}
	return ps
}

// checkEditPoints checks that every learner file the solution changes has an edit point, that
// the lab has one, and that its given files (see givenDirective) are there, without one.
func checkEditPoints(c *course.Course, l *course.Lab, mine []string) []string {
	var ps []string
	marker := "TODO(" + l.Num + ")"
	marked := 0
	for _, f := range mine {
		data, _ := os.ReadFile(filepath.Join(c.Root, f))
		if bytes.Contains(data, []byte(marker)) {
			marked++
			continue
		}
		// A file with no edit point must be the same in the solution.
		if sol, err := os.ReadFile(filepath.Join(c.Root, l.SolutionDir(), filepath.Base(f))); err == nil && !bytes.Equal(sol, data) {
			ps = append(ps, fmt.Sprintf("%s differs from its solution but has no %s edit point", filepath.ToSlash(f), marker))
		}
	}
	for _, g := range l.Given {
		data, err := os.ReadFile(filepath.Join(c.Root, l.Dir(), g))
		switch {
		case err != nil:
			ps = append(ps, fmt.Sprintf("%s/doc.go marks %s as given, and there is no such file", filepath.ToSlash(l.Dir()), g))
		case bytes.Contains(data, []byte(marker)):
			ps = append(ps, fmt.Sprintf("%s/%s is given (the learner does not edit it) but has a %s edit point", filepath.ToSlash(l.Dir()), g, marker))
		}
	}
	if len(mine) > 0 && marked == 0 {
		ps = append(ps, fmt.Sprintf("%s has no %s edit point", filepath.ToSlash(l.Dir()), marker))
	}
	return ps
}

// checkSolutionFolder checks that the solution folder holds the twins of the learner's files,
// with no edit point left, and step snapshot folders; ok is false when there is no folder.
func checkSolutionFolder(c *course.Course, l *course.Lab, mine []string) (ps []string, ok bool) {
	entries, err := os.ReadDir(filepath.Join(c.Root, l.SolutionDir()))
	if err != nil {
		return []string{fmt.Sprintf("there is no solution folder %s", filepath.ToSlash(l.SolutionDir()))}, false
	}
	var twins []string
	for _, e := range entries {
		f := filepath.Join(l.SolutionDir(), e.Name())
		twin := filepath.Join(l.Dir(), e.Name())
		if j, ok := course.SnapshotStep(e.Name()); ok && e.IsDir() {
			ps = append(ps, checkStepSnapshotFiles(c, l, j, mine)...)
			continue
		}
		if e.IsDir() || !slices.Contains(mine, twin) {
			ps = append(ps, fmt.Sprintf("%s is not the twin of a learner file in %s", filepath.ToSlash(f), filepath.ToSlash(l.Dir())))
			continue
		}
		twins = append(twins, twin)
		data, _ := os.ReadFile(filepath.Join(c.Root, f))
		if m := todoRE.Find(data); m != nil {
			ps = append(ps, fmt.Sprintf("%s still has a %s marker", filepath.ToSlash(f), m))
		}
	}
	for _, f := range mine {
		if !slices.Contains(twins, f) {
			ps = append(ps, fmt.Sprintf("%s has no twin in %s", filepath.ToSlash(f), filepath.ToSlash(l.SolutionDir())))
		}
	}
	return ps, true
}

// checkHints checks the hints of the lab's chapter, numbered from 1 and not empty, and that its
// Chinese chapter has the same hints, for the same steps.
func checkHints(c *course.Course, l *course.Lab) []string {
	hints, err := c.Hints(l, "en")
	switch {
	case err != nil:
		return []string{err.Error()}
	case len(hints) == 0:
		return []string{fmt.Sprintf("chapter %s has no hints", filepath.ToSlash(l.Chapter()))}
	}
	var ps []string
	for i, h := range hints {
		if h.Num != i+1 || len(h.Body) == 0 {
			ps = append(ps, fmt.Sprintf("chapter %s: hint %d is numbered %d or is empty", filepath.ToSlash(l.Chapter()), i+1, h.Num))
		}
	}
	// hint -lang zh shows the Chinese chapter's hints by the same numbers, for the same steps.
	zh, err := c.Hints(l, "zh")
	switch {
	case err != nil:
		return append(ps, err.Error())
	case len(zh) != len(hints):
		return append(ps, fmt.Sprintf("chapters/zh/%s.md has %d hints, its English chapter %d: translate them all", l.Name, len(zh), len(hints)))
	}
	for i, h := range zh {
		if h.Num != i+1 || len(h.Body) == 0 || h.Unit() != hints[i].Unit() {
			ps = append(ps, fmt.Sprintf("chapters/zh/%s.md: hint %d is numbered %d, is empty, or is for %q where the English one is for %q", l.Name, i+1, h.Num, h.Unit(), hints[i].Unit()))
		}
	}
	return ps
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
		s, err := testWithFiles(ctx, c, l, p.Changes, "-count=1", "-run", fmt.Sprintf("^(Test|Fuzz)Step(%s)([^0-9]|$)", stepAlternatives(steps[:i+2])))
		if err != nil {
			return append(ps, err.Error())
		}
		what := fmt.Sprintf("step snapshot %s: after checkpoint %s %d", name, l.Num, next)
		if p := s.Problem; p != "" {
			ps = append(ps, fmt.Sprintf("%s, the tests cannot run: %s", what, p))
			continue
		}
		if s.Compile != nil {
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
				ps = append(ps, fmt.Sprintf("%s, %s of step %d fails: %s; every test of %s must pass", what, f.Test, n, msg, merge.StepRange(steps[0], j)))
			}
		}
		if !nextFails {
			ps = append(ps, fmt.Sprintf("%s, step %d passes already: the snapshot holds its code, and must leave it, with its TODOs, as the lab has it", what, next))
		}
	}
	return ps
}

// stepAlternatives writes steps for a -run pattern: "1|2|3".
func stepAlternatives(steps []int) string {
	var s []string
	for _, n := range steps {
		s = append(s, strconv.Itoa(n))
	}
	return strings.Join(s, "|")
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
	return testrun.Labs(ctx, c, []*course.Lab{l}, append(extra, "-overlay="+ov)...)[0], nil
}

var buildIgnoreRE = regexp.MustCompile(`(?m)^//go:build ignore$`)

// checkStepSnapshotFiles checks the files of the step snapshot folder solutions/NN-word/step-J
// without running anything: j is a step of the lab before its last; each file is the twin of a
// learner file, built only in the lab (//go:build ignore); and each declaration that holds step
// code is as a snapshot of step j must have it: a declaration of steps after j as the lab has it,
// one that serves step j (or an earlier one) and a later one with its TODO comments word for word
// as in the lab, so that a later checkpoint still finds its steps. A file must have such a
// declaration: a file whose funcs serve one step each needs no snapshot.
func checkStepSnapshotFiles(c *course.Course, l *course.Lab, j int, mine []string) []string {
	dir := l.StepSnapshotDir(j)
	steps := c.LabSteps(l)
	switch {
	case len(steps) == 0:
		return []string{fmt.Sprintf("%s is a folder of step snapshots, and lab %s is not taught in steps", filepath.ToSlash(dir), l.Name)}
	case !slices.Contains(steps, j) || j == steps[len(steps)-1]:
		return []string{fmt.Sprintf("%s is a folder of step snapshots, of step %d; lab %s has %s, and a snapshot is of a step before the last", filepath.ToSlash(dir), j, l.Name, course.DescribeSteps(steps))}
	}
	entries, _ := os.ReadDir(filepath.Join(c.Root, dir))
	if len(entries) == 0 {
		return []string{fmt.Sprintf("%s is an empty folder of step snapshots", filepath.ToSlash(dir))}
	}
	var ps []string
	for _, e := range entries {
		if e.IsDir() || !slices.Contains(mine, filepath.Join(l.Dir(), e.Name())) {
			ps = append(ps, fmt.Sprintf("%s is not the twin of a learner file in %s", filepath.ToSlash(filepath.Join(dir, e.Name())), filepath.ToSlash(l.Dir())))
			continue
		}
		ps = append(ps, checkStepSnapshotFile(c, l, j, e.Name())...)
	}
	return ps
}

// checkStepSnapshotFile checks the file name of the step snapshot folder of step j against its
// twin in the lab and the solution's (see checkStepSnapshotFiles).
func checkStepSnapshotFile(c *course.Course, l *course.Lab, j int, name string) []string {
	f := filepath.ToSlash(filepath.Join(l.StepSnapshotDir(j), name))
	twin := filepath.ToSlash(filepath.Join(l.Dir(), name))
	snap, _ := os.ReadFile(filepath.Join(c.Root, l.StepSnapshotDir(j), name))
	lab, _ := os.ReadFile(filepath.Join(c.Root, l.Dir(), name))
	sol, _ := os.ReadFile(filepath.Join(c.Root, l.SolutionDir(), name))
	fset := token.NewFileSet()
	sf, err := parser.ParseFile(fset, f, snap, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return []string{fmt.Sprintf("%s does not parse: %v", f, err)}
	}
	var ps []string
	if sf.Name.Name != l.Word {
		ps = append(ps, fmt.Sprintf("%s is package %s; want package %s", f, sf.Name.Name, l.Word))
	}
	if !buildIgnoreRE.Match(snap[:fset.Position(sf.Package).Offset]) {
		ps = append(ps, fmt.Sprintf("%s lacks the line //go:build ignore above its package clause: a step snapshot builds only in the lab, where checkpoint puts its funcs, not as a package of its own", f))
	}
	marker := "TODO(" + l.Num + ")"
	labDecls, err := merge.Decls(twin, lab, marker)
	if err != nil || sol == nil || !merge.Parses(sol) {
		return ps // reported with the lab's files
	}
	spans, err := merge.StepDecls(twin, lab, sol, l.Num)
	if err != nil {
		return ps // reported by checkTodoSteps
	}
	snapDecls, _ := merge.Decls(f, snap, marker)
	return append(ps, snapshotDeclProblems(f, twin, j, marker, spans, labDecls, snapDecls)...)
}

// snapshotDeclProblems compares the declarations that hold step code (spans) in the lab's file
// twin and in its step snapshot f of step j (see checkStepSnapshotFiles).
func snapshotDeclProblems(f, twin string, j int, marker string, spans map[string]merge.Span, lab, snap map[string]merge.Decl) []string {
	var keys []string
	for key := range spans {
		keys = append(keys, key)
	}
	sort.Strings(keys)
	var ps []string
	needed := false
	for _, key := range keys {
		span := spans[key]
		steps := merge.StepRange(span.First, span.Last)
		ld, inLab := lab[key]
		sd, inSnap := snap[key]
		switch {
		case !inLab:
		case span.First > j:
			if !inSnap || sd.Text != ld.Text {
				ps = append(ps, fmt.Sprintf("%s: %s is code of %s, after step %d, so the snapshot must have it as the lab does", f, key, steps, j))
			}
		case !inSnap:
			ps = append(ps, fmt.Sprintf("%s: %s is code of %s, and the snapshot of step %d lacks it", f, key, steps, j))
		case span.Last > j:
			needed = true
			for _, want := range ld.Marked {
				if !slices.Contains(sd.Marked, want) {
					ps = append(ps, fmt.Sprintf("%s: %s serves %s, so it keeps its %s comment word for word as in the lab, for a later checkpoint to find its steps", f, key, steps, marker))
					break
				}
			}
		default:
			if strings.Contains(sd.Text, marker) {
				ps = append(ps, fmt.Sprintf("%s: %s is code of %s, done by step %d, and still has a %s marker", f, key, steps, j, marker))
			}
		}
	}
	if !needed {
		ps = append(ps, fmt.Sprintf("%s: no func of %s serves both step %d (or one before it) and a later step, so it needs no step snapshot: checkpoint takes its funcs from the solution", f, twin, j))
	}
	return ps
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

// fuzzTargets lists the lab's fuzz targets.
func fuzzTargets(c *course.Course, l *course.Lab) []string {
	var fz []string
	built, _ := c.BuiltTests(l)
	for _, name := range built {
		if strings.HasPrefix(name, "Fuzz") {
			fz = append(fz, name)
		}
	}
	return fz
}

// fuzzEngineLines returns the last lines the fuzzing engine printed for target, without its
// progress lines ("fuzz: elapsed: ..."): what it says when it fails without a test message,
// such as a worker process that hung or exited.
func fuzzEngineLines(p *testout.Package, target string) string {
	if p == nil || p.Tests[target] == nil {
		return "(nothing)"
	}
	var lines []string
	for _, line := range p.Tests[target].Output {
		line = strings.TrimSpace(line)
		if line != "" && !strings.HasPrefix(line, "fuzz: elapsed:") && !strings.HasPrefix(line, "--- FAIL") {
			lines = append(lines, line)
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

var fuzzCountRE = regexp.MustCompile(`^[0-9]+x$`)

// validFuzzTime reports whether s is what go test -fuzztime takes: a count (Nx) or a duration.
func validFuzzTime(s string) bool {
	if fuzzCountRE.MatchString(s) || s == "0" {
		return true
	}
	d, err := time.ParseDuration(s)
	return err == nil && d >= 0
}

// fuzzAmount says how much -fuzztime s fuzzes: "10000 inputs", "for 10s".
func fuzzAmount(s string) string {
	if n, ok := strings.CutSuffix(s, "x"); ok {
		return n + " inputs"
	}
	return "for " + s
}

// checkTodoSteps checks that in a lab taught in steps every edit point names its step, on its
// first line ("TODO(NN): step K." or "TODO(NN): step K:"), that the step is one of the lab's,
// and that checkpoint can tell the step of all the code the solution changes (see merge.StepDecls).
func checkTodoSteps(c *course.Course, l *course.Lab, mine []string) []string {
	steps := c.LabSteps(l)
	if len(steps) == 0 {
		return nil
	}
	marker := "TODO(" + l.Num + ")"
	var ps []string
	for _, f := range mine {
		data, err := os.ReadFile(filepath.Join(c.Root, f))
		if err != nil {
			continue
		}
		named := true
		for i, line := range strings.Split(string(data), "\n") {
			step, ok := merge.TodoStep(l.Num, line)
			switch {
			case !ok:
			case step == 0:
				named = false
				ps = append(ps, fmt.Sprintf("%s:%d: the %s names no step: in a lab taught in steps, its first line starts \"%s: step K.\"", filepath.ToSlash(f), i+1, marker, marker))
			case !slices.Contains(steps, step):
				named = false
				ps = append(ps, fmt.Sprintf("%s:%d: the %s names step %d, and the lab's tests have %s", filepath.ToSlash(f), i+1, marker, step, course.DescribeSteps(steps)))
			}
		}
		if named && merge.Parses(data) {
			sol, _ := os.ReadFile(filepath.Join(c.Root, l.SolutionDir(), filepath.Base(f)))
			if sol != nil && !merge.Parses(sol) {
				sol = nil
			}
			if _, err := merge.StepDecls(filepath.ToSlash(f), data, sol, l.Num); err != nil {
				ps = append(ps, err.Error())
			}
		}
	}
	return ps
}
