package verify

import (
	"bytes"
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"gomaps/tools/lab/internal/course"
	"gomaps/tools/lab/internal/merge"
)

// todoRE finds an edit point of any lab: the solution has none left.
var todoRE = regexp.MustCompile(`TODO\(\d+\)`)

// checkLayout checks the files of a lab and its solution: each solution file is the twin of a
// learner file, which the overlay of package overlay puts in its place.
func checkLayout(c *course.Course, l *course.Lab) []string {
	mine, _ := c.GoFiles(l.Dir(), false)
	tests, _ := c.GoFiles(l.Dir(), true)
	ps := checkPackages(c, l, mine, tests)
	ps = append(ps, checkEditPoints(c, l, mine)...)
	ps = append(ps, checkTodoSteps(c, l, mine)...)
	ps = append(ps, checkStepProse(c, l, mine)...)
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
// the lab has one, and that its given files (Lab.Given: its doc.go's //lab:given) are there,
// without one.
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

// checkHints checks the hints of the lab's chapter, numbered from 1 and not empty, that in a lab
// without steps every test has hints, and that its Chinese chapter has the same hints, for the
// same units.
func checkHints(c *course.Course, l *course.Lab) []string {
	hints, err := c.Hints(l, course.English)
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
	// In a lab without steps, hint gives the hints of the function of the failing test: each
	// test must have some (see course.TestUnit).
	if len(c.LabSteps(l)) == 0 {
		for _, t := range c.TestNames(l) {
			if course.TestUnit(t, hints) == "" {
				ps = append(ps, fmt.Sprintf("chapter %s: no hint is for %s: in a lab without steps, hint gives the hints of the function a failing test is named after, which their title names (lab 01's \"Hint 17: Merge, the overrides\" is for TestMergeNilBase)", filepath.ToSlash(l.Chapter()), t))
			}
		}
	}
	// hint -lang zh shows the Chinese chapter's hints by the same numbers, for the same units.
	zh, err := c.Hints(l, course.Chinese)
	switch {
	case err != nil:
		return append(ps, err.Error())
	case len(zh) != len(hints):
		return append(ps, fmt.Sprintf("chapters/zh/%s.md has %d hints, its English chapter %d: translate them all", l.Name, len(zh), len(hints)))
	}
	for i, h := range zh {
		if h.Num != i+1 || len(h.Body) == 0 || h.Unit != hints[i].Unit {
			ps = append(ps, fmt.Sprintf("chapters/zh/%s.md: hint %d is numbered %d, is empty, or is for %q where the English one is for %q", l.Name, i+1, h.Num, h.Unit, hints[i].Unit))
		}
	}
	return ps
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
				ps = append(ps, fmt.Sprintf("%s:%d: the %s names step %d, and the lab's tests have %s", filepath.ToSlash(f), i+1, marker, step, course.DescribeSteps(steps, course.English)))
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
