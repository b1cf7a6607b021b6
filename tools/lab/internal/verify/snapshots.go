package verify

import (
	"context"
	"fmt"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"gomaps/labs/overlay"
	"gomaps/tools/lab/internal/course"
	"gomaps/tools/lab/internal/merge"
	"gomaps/tools/lab/internal/plan"
	"gomaps/tools/lab/internal/testrun"
)

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
		return []string{fmt.Sprintf("%s is a folder of step snapshots, of step %d; lab %s has %s, and a snapshot is of a step before the last", filepath.ToSlash(dir), j, l.Name, course.DescribeSteps(steps, course.English))}
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
	var ps []string
	needed := false
	for _, key := range slices.Sorted(maps.Keys(spans)) {
		span := spans[key]
		steps := course.StepRange(span.First, span.Last, course.English)
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
