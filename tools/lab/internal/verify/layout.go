package verify

import (
	"bytes"
	"fmt"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
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
	ps := slices.Concat(checkPackages(c, l, mine, tests), checkEditPoints(c, l, mine), checkTodoSteps(c, l, mine), checkStepProse(c, l, mine))
	sps, ok := checkSolutionFolder(c, l, mine)
	ps = append(ps, sps...)
	if ok {
		ps = append(ps, checkHints(c, l)...)
	}
	return ps
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
	for _, f := range slices.Concat(mine, tests) {
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
		data, _ := os.ReadFile(filepath.Join(c.Root, f))
		if m := todoRE.Find(data); m != nil {
			ps = append(ps, fmt.Sprintf("%s still has a %s marker", filepath.ToSlash(f), m))
		}
	}
	for _, f := range mine {
		if !slices.ContainsFunc(entries, func(e os.DirEntry) bool { return !e.IsDir() && e.Name() == filepath.Base(f) }) {
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
		before := len(ps)
		for i, line := range strings.Split(string(data), "\n") {
			step, ok := merge.TodoStep(l.Num, line)
			switch {
			case !ok:
			case step == 0:
				ps = append(ps, fmt.Sprintf("%s:%d: the %s names no step: in a lab taught in steps, its first line starts \"%s: step K.\"", filepath.ToSlash(f), i+1, marker, marker))
			case !slices.Contains(steps, step):
				ps = append(ps, fmt.Sprintf("%s:%d: the %s names step %d, and the lab's tests have %s", filepath.ToSlash(f), i+1, marker, step, course.DescribeSteps(steps, course.English)))
			}
		}
		if len(ps) == before && merge.Parses(data) { // every edit point names one of the lab's steps
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

// What a lab says of its steps in prose, held to its tests and edit points, so that it cannot
// drift from them (issue 40: a table that counted 5 tests of a step that had 6, a step list
// that stopped at step 8 of 9, a version of Go to run on that was no longer the course's):
//
//   - the table of the chapter's section on the lab, in each edition: the table whose header's
//     first cell is "step" ("步") and last cell "tests" ("测试"). It has one row per step, in
//     order; the last cell of row N names the tests of step N, each in backticks, or counts
//     them ("`TestStepN...` (K)", "`TestStepN...`（K 个）"), and names the lab's tests that
//     have no step number in some row; the other cells name, in backticks, every declaration
//     whose edit point names step N (a method as Type.Name, by its name alone or by its type);
//   - the step list of the lab's doc.go, if it has one: lines "step N  FILE  what", one per
//     step, each FILE a file of the lab;
//   - the lab's doc.go names no release of Go to run on ("on Go 1.26"): which toolchains the
//     course runs is the lanes' business (go run ./tools/course lanes).

// checkStepProse checks what the lab's chapters and doc.go say of its steps (see above).
func checkStepProse(c *course.Course, l *course.Lab, mine []string) []string {
	ps := checkDocGo(c, l, mine)
	steps := c.LabSteps(l)
	if len(steps) == 0 {
		return ps
	}
	decls := stepDecls(c, l, mine)
	for _, chapter := range []string{l.Chapter(), filepath.Join("chapters", "zh", l.Name+".md")} {
		data, err := os.ReadFile(filepath.Join(c.Root, chapter))
		if err != nil {
			continue // checkHints says that a chapter is missing
		}
		ps = append(ps, checkStepTable(filepath.ToSlash(chapter), string(data), c.TestNames(l), steps, decls)...)
	}
	return ps
}

// stepDecls maps each step to the declarations of the learner's files whose edit points name
// it first. A file whose edit points do not tell is left out: checkTodoSteps says why.
func stepDecls(c *course.Course, l *course.Lab, mine []string) map[int][]string {
	decls := map[int][]string{}
	for _, f := range mine {
		data, _ := os.ReadFile(filepath.Join(c.Root, f))
		spans, err := merge.StepDecls(filepath.ToSlash(f), data, nil, l.Num)
		if err != nil {
			continue
		}
		for name, s := range spans {
			decls[s.First] = append(decls[s.First], name)
		}
	}
	for _, names := range decls {
		slices.Sort(names)
	}
	return decls
}

var (
	tableCellRE = regexp.MustCompile("`([^`]+)`")
	testNameRE  = regexp.MustCompile(`^(?:Test|Fuzz)[A-Z0-9]\w*$`)
	// "`TestStepN...`", the tests of step N, maybe with their count: "`TestStepN...` (K)".
	testGroupRE = regexp.MustCompile("`((?:Test|Fuzz)Step[0-9]+)\\.\\.\\.`(?:\\s*[(（]\\s*([0-9]+))?")
)

// checkStepTable checks the lab's table in one chapter (see checkStepProse) against the lab's
// tests and the declarations of each step; a chapter without such a table has nothing to check.
func checkStepTable(chapter, text string, tests []string, steps []int, decls map[int][]string) []string {
	rows, found := stepTableRows(text)
	if !found {
		return nil
	}
	var ps []string
	problem := func(format string, args ...any) {
		ps = append(ps, chapter+": the lab's table: "+fmt.Sprintf(format, args...))
	}
	var rowSteps []int
	for _, r := range rows {
		rowSteps = append(rowSteps, r.step)
	}
	if !slices.Equal(rowSteps, steps) {
		problem("its rows are for %s; the lab's tests have %s", describe(rowSteps), course.DescribeSteps(steps, course.English))
	}
	named := map[string]bool{}
	for _, r := range rows {
		covered := map[string]bool{}
		for _, m := range tableCellRE.FindAllStringSubmatch(r.tests, -1) {
			name := m[1]
			if !testNameRE.MatchString(name) {
				continue
			}
			named[name], covered[name] = true, true
			switch n := course.StepOf(name); {
			case !slices.Contains(tests, name):
				problem("the row of step %d names %s, and the lab has no such test", r.step, name)
			case n != r.step && n != course.AfterSteps:
				problem("the row of step %d names %s, a test of step %d", r.step, name, n)
			}
		}
		for _, m := range testGroupRE.FindAllStringSubmatch(r.tests, -1) {
			of := filter(tests, func(t string) bool { return course.StepOf(t) == r.step && hasTestPrefix(t, m[1]) })
			for _, t := range of {
				covered[t] = true
			}
			if n, err := strconv.Atoi(m[2]); err == nil && n != len(of) {
				problem("the row of step %d says %s... (%d); the lab has %d: %s", r.step, m[1], n, len(of), strings.Join(of, ", "))
			}
		}
		if missing := filter(tests, func(t string) bool { return course.StepOf(t) == r.step && !covered[t] }); len(missing) > 0 {
			problem("the row of step %d leaves out %s", r.step, strings.Join(missing, ", "))
		}
		if unnamed := filter(decls[r.step], func(d string) bool { return !namesDecl(r.code, d) }); len(unnamed) > 0 {
			problem("the row of step %d does not name %s, whose edit point is of that step", r.step, strings.Join(unnamed, ", "))
		}
	}
	if stepless := filter(tests, func(t string) bool { return course.StepOf(t) == course.AfterSteps && !named[t] }); len(stepless) > 0 {
		problem("no row names %s, a test of no step", strings.Join(stepless, ", "))
	}
	return ps
}

// filter returns the sorted strings of list that keep keeps.
func filter(list []string, keep func(string) bool) []string {
	out := slices.DeleteFunc(slices.Clone(list), func(s string) bool { return !keep(s) })
	slices.Sort(out)
	return out
}

// A stepRow is a row of a lab's table: its step, the text of its cells but the last (the
// code), and its last cell (the tests).
type stepRow struct {
	step        int
	code, tests string
}

// stepTableRows finds the lab's table in a chapter and returns its rows.
func stepTableRows(text string) (rows []stepRow, found bool) {
	lines := strings.Split(text, "\n")
	for i, line := range lines {
		cells := tableCells(line)
		if len(cells) < 2 || !slices.Contains([]string{"step", "步"}, cells[0]) || !slices.Contains([]string{"tests", "测试"}, cells[len(cells)-1]) {
			continue
		}
		for _, row := range lines[i+2:] { // the header and its rule
			cells := tableCells(row)
			if cells == nil {
				break
			}
			n, err := strconv.Atoi(cells[0])
			if err != nil {
				continue
			}
			rows = append(rows, stepRow{n, strings.Join(cells[1:len(cells)-1], " | "), cells[len(cells)-1]})
		}
		return rows, true
	}
	return nil, false
}

// tableCells splits a Markdown table row into its trimmed cells; nil for a line that is not one.
func tableCells(line string) []string {
	line = strings.TrimSpace(line)
	if !strings.HasPrefix(line, "|") || !strings.HasSuffix(line, "|") || len(line) < 2 {
		return nil
	}
	cells := strings.Split(line[1:len(line)-1], "|")
	for i, c := range cells {
		cells[i] = strings.TrimSpace(c)
	}
	return cells
}

// hasTestPrefix reports whether test is one of those that "`prefix...`" stands for:
// TestStep1... stands for TestStep1Match but not for TestStep10Match.
func hasTestPrefix(test, prefix string) bool {
	rest, ok := strings.CutPrefix(test, prefix)
	return ok && (rest == "" || rest[0] < '0' || rest[0] > '9')
}

// namesDecl reports whether text names the declaration decl (merge.StepDecls' key: a method as
// Type.Name) in backticks: as decl, by its name alone, or as x.Name; a method also by its type.
func namesDecl(text, decl string) bool {
	recv, name, isMethod := strings.Cut(decl, ".")
	if !isMethod {
		recv, name = "", decl
	}
	for _, m := range tableCellRE.FindAllStringSubmatch(text, -1) {
		if w := m[1]; w == decl || w == name || strings.HasSuffix(w, "."+name) || (recv != "" && w == recv) {
			return true
		}
	}
	return false
}

// describe says "steps 1 to 8", or "no steps".
func describe(steps []int) string {
	if len(steps) == 0 {
		return "no steps"
	}
	return course.DescribeSteps(steps, course.English)
}

var (
	docStepRE    = regexp.MustCompile(`(?m)^//\s+step ([0-9]+)\s+(\S+)`)
	docReleaseRE = regexp.MustCompile(`\bon Go (1\.[0-9]+(?:\.[0-9]+)?)`)
)

// checkDocGo checks the lab's doc.go: its step list, if it has one, and that it names no release
// of Go to run on (see checkStepProse).
func checkDocGo(c *course.Course, l *course.Lab, mine []string) []string {
	path := filepath.Join(l.Dir(), "doc.go")
	data, err := os.ReadFile(filepath.Join(c.Root, path))
	if err != nil {
		return nil
	}
	doc := filepath.ToSlash(path)
	var ps []string
	if m := docReleaseRE.FindSubmatch(data); m != nil {
		ps = append(ps, fmt.Sprintf("%s says to run on Go %s: the course's lanes decide which toolchains it runs (labs/lanes); name the default toolchain, or a lane as env $(go run ./tools/course lanes -env NAME) does", doc, m[1]))
	}
	list := docStepRE.FindAllSubmatch(data, -1)
	if len(list) == 0 {
		return ps
	}
	var listed []int
	for _, m := range list {
		n, _ := strconv.Atoi(string(m[1]))
		listed = append(listed, n)
		if file := string(m[2]); strings.HasSuffix(file, ".go") && !slices.Contains(mine, filepath.Join(l.Dir(), file)) {
			ps = append(ps, fmt.Sprintf("%s lists %s for step %d, and the lab has no such learner file", doc, file, n))
		}
	}
	if steps := c.LabSteps(l); !slices.Equal(listed, steps) {
		ps = append(ps, fmt.Sprintf("%s lists %s; the lab's tests have %s", doc, describe(listed), describe(steps)))
	}
	return ps
}

var buildIgnoreRE = regexp.MustCompile(`(?m)^//go:build ignore$`)

// checkStepSnapshotFiles checks the files of the step snapshot folder solutions/NN-word/step-J
// without running anything: j is a step of the lab before its last; each file is the twin of a
// learner file, built only in the lab (//go:build ignore), whose declarations of step code are
// as a snapshot of step j must have them (see snapshotDeclProblems).
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
// twin and in its step snapshot f of step j: one of steps after j is as the lab has it; one that
// serves step j (or an earlier one) and a later one keeps its TODO comments word for word, so that
// a later checkpoint still finds its steps; and the file has such a declaration, for a file whose
// funcs serve one step each needs no snapshot.
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
			if slices.ContainsFunc(ld.Marked, func(want string) bool { return !slices.Contains(sd.Marked, want) }) {
				ps = append(ps, fmt.Sprintf("%s: %s serves %s, so it keeps its %s comment word for word as in the lab, for a later checkpoint to find its steps", f, key, steps, marker))
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
