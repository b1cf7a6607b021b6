package main

import (
	"bytes"
	"context"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gomaps/labs/kubeassets"
	"gomaps/labs/lanes"
	"gomaps/labs/overlay"
	"gomaps/tools/internal/gocmd"
	"gomaps/tools/lab/internal/course"
	"gomaps/tools/lab/internal/testrun"
)

// TestWrongAnswers runs each testdata/wrong/*.txtar: a wrong answer that a learner gave, or
// could give, to a lab of this course, put over the lab's solution, and checks what the runner
// tells the learner of it. Its files are Go files of the lab, each holding the declarations that
// replace the solution's of the same name (a func, a method, a var, const or type spec) in the
// solution's file of that name; a declaration the solution has not got is added. Its comment
// says what the runner must tell, one line each:
//
//	lab NN          the lab
//	step N          the step the runner says the learner is at
//	fail TEST       a failing test of that step that the report shows (one line each)
//	say TEXT        text that the report shows (one line each)
//	variant NAME    run it on that variant of labs/lanes (lanes.Variants), not with the go command in use
//
// The report is in the test's log (go test -v -run TestWrongAnswers/NAME ./tools/lab): it is
// what go run ./tools/lab run NN prints for that answer. A case whose tests the go command in
// use does not build (they need a newer Go) is skipped. The cases of labs 07 and 08 start an
// API server, so check runs this package's tests after its envtest step:
//
//course:needs-envtest
func TestWrongAnswers(t *testing.T) {
	files, err := filepath.Glob("testdata/wrong/*.txtar")
	if err != nil || len(files) == 0 {
		t.Fatalf("no wrong answers in testdata/wrong: %v", err)
	}
	// The cases of labs whose tests start an API server find envtest's binaries where the
	// learner's would, before the runner's records move to a folder of the test's own.
	assets, assetsErr := kubeassets.Dir()
	if assetsErr == nil {
		t.Setenv(kubeassets.AssetsEnv, assets)
	}
	useStateDir(t)
	// Each case builds its lab's tests anew; they share nothing but the build cache, so they
	// run side by side.
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			t.Parallel()
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			ar := parseTxtar(string(data))
			want := parseWant(t, ar.comment)
			c, err := course.Open("../..", course.English)
			if err != nil {
				t.Fatal(err)
			}
			c.Go = gocmd.Machine().In(c.Root)
			if want.variant != "" {
				c.Go = gocmd.OnLane(variantLane(t, want.variant)).In(c.Root)
			}
			l, err := c.Lab(want.lab)
			if err != nil {
				t.Fatal(err)
			}
			if assetsErr != nil && startsAPIServer(t, filepath.Join(c.Root, l.Dir())) {
				t.Fatalf("lab %s's tests start an API server, and envtest's binaries are not here: %v", l.Name, assetsErr)
			}
			built, later := c.BuiltTests(l)
			for _, name := range want.fail {
				if i := slices.IndexFunc(later, func(lt course.LaterTest) bool { return lt.Name == name }); i >= 0 && !slices.Contains(built, name) {
					t.Skipf("%s needs %s, and its go command here does not build it", name, later[i].Needs())
				}
			}
			s := testrun.Labs(context.Background(), c, []*course.Lab{l}, "-count=1", "-overlay="+wrongOverlay(t, c, l, ar, file))[0]
			if len(s.Graders) > 0 {
				t.Fatalf("the files that grade lab %s are not as shipped (%s): rewrite labs/shipped.sum with go test ./tools/lab -run TestShippedManifest -update",
					l.Name, course.DescribeChanges(s.Graders, course.English))
			}
			checkWrongReport(t, c, s, want)
		})
	}
}

// wrongOverlay writes the -overlay file that puts the solution of lab l in place, with the wrong
// answer's declarations spliced into its files (see TestWrongAnswers).
func wrongOverlay(t *testing.T, c *course.Course, l *course.Lab, ar *txtar, file string) string {
	t.Helper()
	replace, err := overlay.Solutions(c.Root, l.Name)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range ar.files {
		sol, err := os.ReadFile(filepath.Join(c.Root, l.SolutionDir(), f.name))
		if err != nil {
			t.Fatalf("%s: the solution of lab %s has no file %s", file, l.Name, f.name)
		}
		wrong, err := spliceDecls(sol, []byte(f.data))
		if err != nil {
			t.Fatalf("%s: %s: %v", file, f.name, err)
		}
		path := filepath.Join(t.TempDir(), f.name)
		writeFile(t, path, string(wrong))
		replace[filepath.Join(c.Root, l.Dir(), f.name)] = path
	}
	ov, err := overlay.Write(replace)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Remove(ov) })
	return ov
}

// checkWrongReport checks what the runner tells of the run s of a wrong answer against want.
func checkWrongReport(t *testing.T, c *course.Course, s *testrun.Status, want wrongWant) {
	t.Helper()
	var report bytes.Buffer
	testrun.Report(c, s, &report)
	t.Logf("go run ./tools/lab run %s, with this wrong answer:\n%s", s.Lab.Num, report.String())
	if got := s.Step(); got != want.step {
		t.Errorf("the runner puts the learner at step %d; want step %d", got, want.step)
	}
	for _, name := range want.fail {
		if !slices.ContainsFunc(s.Failing, func(f testrun.Failure) bool { return f.Test == name && !f.NotRun }) {
			t.Errorf("%s does not fail; want it to", name)
		} else if !strings.Contains(report.String(), "FAIL "+name+"\n") {
			t.Errorf("the report does not show %s", name)
		}
	}
	for _, text := range want.say {
		if !strings.Contains(report.String(), text) {
			t.Errorf("the report does not say %q", text)
		}
	}
}

// wrongWant is what the runner must tell of a wrong answer: see TestWrongAnswers.
type wrongWant struct {
	lab, variant string
	step         int
	fail, say    []string
}

// variantLane returns the lane of the variant named name.
func variantLane(t *testing.T, name string) lanes.Lane {
	t.Helper()
	i := slices.IndexFunc(lanes.Variants, func(v lanes.Variant) bool { return v.Name == name })
	if i < 0 {
		t.Fatalf("variant %s: labs/lanes has no such variant", name)
	}
	return lanes.Variants[i].Lane
}

func parseWant(t *testing.T, comment string) wrongWant {
	t.Helper()
	var w wrongWant
	for _, line := range strings.Split(comment, "\n") {
		key, value, _ := strings.Cut(strings.TrimSpace(line), " ")
		switch key {
		case "lab":
			w.lab = value
		case "variant":
			w.variant = value
		case "step":
			n, err := strconv.Atoi(value)
			if err != nil {
				t.Fatalf("step %q: want a number", value)
			}
			w.step = n
		case "fail":
			w.fail = append(w.fail, value)
		case "say":
			w.say = append(w.say, value)
		case "", "#":
		default:
			t.Fatalf("the comment's line %q: want lab, variant, step, fail or say", line)
		}
	}
	if w.lab == "" || w.step == 0 {
		t.Fatalf("the comment names no lab or no step")
	}
	return w
}

// spliceDecls returns the Go file sol with each top-level declaration of repl (a Go file of the
// same package) in place of the declaration of the same name, or added at the end.
func spliceDecls(sol, repl []byte) ([]byte, error) {
	fset := token.NewFileSet()
	sf, err := parser.ParseFile(fset, "solution.go", sol, parser.ParseComments)
	if err != nil {
		return nil, err
	}
	rf, err := parser.ParseFile(fset, "wrong.go", repl, parser.ParseComments)
	if err != nil {
		return nil, err
	}
	type span struct{ start, end int }
	spans := map[string]span{} // the solution's declarations, by name
	for _, d := range sf.Decls {
		for _, name := range declNames(d) {
			spans[name] = span{fset.Position(d.Pos()).Offset, fset.Position(d.End()).Offset}
		}
	}
	type edit struct {
		span
		text string
	}
	var edits []edit
	var added []string
	for _, d := range rf.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.IMPORT {
			return nil, fmt.Errorf("the wrong answer imports: use the solution's imports (keep one used with var _ = pkg.Name)")
		}
		text := string(repl[fset.Position(d.Pos()).Offset:fset.Position(d.End()).Offset])
		names := declNames(d)
		if sp, ok := spans[names[0]]; ok && names[0] != "_" {
			edits = append(edits, edit{sp, text})
		} else {
			added = append(added, text)
		}
	}
	slices.SortFunc(edits, func(a, b edit) int { return b.start - a.start })
	out := slices.Clone(sol)
	for _, e := range edits {
		out = slices.Concat(out[:e.start], []byte(e.text), out[e.end:])
	}
	for _, text := range added {
		out = append(out, "\n"+text+"\n"...)
	}
	return out, nil
}

// declNames names a top-level declaration: a func by its name, a method as Type.Name, a
// GenDecl by the names of its specs.
func declNames(d ast.Decl) []string {
	switch d := d.(type) {
	case *ast.FuncDecl:
		if d.Recv != nil && len(d.Recv.List) == 1 {
			t := d.Recv.List[0].Type
			if s, ok := t.(*ast.StarExpr); ok {
				t = s.X
			}
			switch x := t.(type) {
			case *ast.IndexExpr:
				t = x.X
			case *ast.IndexListExpr:
				t = x.X
			}
			if id, ok := t.(*ast.Ident); ok {
				return []string{id.Name + "." + d.Name.Name}
			}
		}
		return []string{d.Name.Name}
	case *ast.GenDecl:
		var names []string
		for _, s := range d.Specs {
			switch s := s.(type) {
			case *ast.ValueSpec:
				for _, n := range s.Names {
					names = append(names, n.Name)
				}
			case *ast.TypeSpec:
				names = append(names, s.Name.Name)
			}
		}
		if len(names) == 0 {
			return []string{"_"}
		}
		return names
	}
	return []string{"_"}
}

// startsAPIServer reports whether the tests in dir import labs/kubeassets or a package of it:
// they start an API server, with envtest's binaries.
func startsAPIServer(t *testing.T, dir string) bool {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*_test.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		pf, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range pf.Imports {
			if path, _ := strconv.Unquote(imp.Path.Value); path == "gomaps/labs/kubeassets" || strings.HasPrefix(path, "gomaps/labs/kubeassets/") {
				return true
			}
		}
	}
	return false
}
