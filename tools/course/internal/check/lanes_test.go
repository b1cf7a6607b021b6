package check

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"gomaps/labs/lanes"
	"gomaps/tools/course/internal/base"
	"gomaps/tools/course/internal/plan"
	"gomaps/tools/course/internal/stepcache"
	"gomaps/tools/internal/gocmd"
)

// TestLaneMarkers checks the rule that decides what runs on every lane: a package that reads
// the map runtime's layout (it, or its tests, import the inspector, or it has files built for
// one map runtime only) carries lanes.Marker. Solutions are left out: they run through their
// labs.
func TestLaneMarkers(t *testing.T) {
	root := workshopRoot(t)
	lp, err := plan.Read(root, gocmd.Machine())
	if err != nil {
		t.Fatal(err)
	}
	marked := append(lp.Packages, plan.LabDirs(root, lp.Labs)...)
	cmd := exec.Command("go", "list", "-e", "-test", "-f", "{{.ImportPath}}\t{{.Dir}}\t{{join .Deps \" \"}}", "./...")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -test ./...: %v", err)
	}
	const inspector = "gomaps/labs/inspect"
	why := map[string]string{} // ./dir: why it must be on every lane
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.SplitN(line, "\t", 3)
		if len(f) < 3 {
			continue
		}
		path, dir, deps := f[0], f[1], strings.Fields(f[2])
		rel := "./" + filepath.ToSlash(base.RelTo(root, dir))
		if strings.HasPrefix(rel, "./solutions/") {
			continue
		}
		base, _, _ := strings.Cut(path, " ")
		if base == inspector || slices.Contains(deps, inspector) {
			why[rel] = "it or its tests import the inspector (" + inspector + ")"
		}
		if reason := runtimeConstraint(t, dir); reason != "" {
			why[rel] = reason
		}
	}
	if len(why) == 0 {
		t.Fatal("no package reads the map runtime: the rule found nothing, so it checks nothing")
	}
	for rel, reason := range why {
		if !slices.Contains(marked, rel) {
			t.Errorf("%s reads the map runtime (%s) but has no %s line: add it to one of its .go files so that it runs on every lane", rel, reason, lanes.Marker)
		}
	}
	t.Logf("%d packages on every lane: %s", len(marked), strings.Join(marked, " "))
}

// runtimeConstraint says why a folder's files are built for one map runtime only, or "".
func runtimeConstraint(t *testing.T, dir string) string {
	files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(data), "\n") {
			if c, ok := strings.CutPrefix(line, "//go:build "); ok && regexp.MustCompile(`goexperiment\.(swissmap|noswissmap|mapsplitgroup)`).MatchString(c) {
				return filepath.Base(f) + " is built for one map runtime (" + strings.TrimSpace(c) + ")"
			}
		}
	}
	return ""
}

// TestMarkersFound checks that the plan puts the marked labs on the lanes and the other labs
// in the lab step, and that a marker in a test file counts.
func TestMarkersFound(t *testing.T) {
	root := workshopRoot(t)
	p := listed(t, root)
	lp := p.lanes
	if !slices.Contains(lp.Labs, "04") || slices.Contains(lp.Labs, "02") {
		t.Errorf("labs on every lane: %v; want 04 (it reads the runtime through the inspector) and not 02 (the learner's own map)", lp.Labs)
	}
	if !slices.Contains(lp.Packages, "./chapters/code/09-claims/s1") {
		t.Errorf("packages on every lane: %v; want ./chapters/code/09-claims/s1, marked in a test file", lp.Packages)
	}
	once := p.claims
	for _, p := range once {
		if slices.Contains(lp.Packages, p) {
			t.Errorf("%s runs once and on every lane", p)
		}
	}
	if !slices.Contains(once, "./chapters/code/09-claims") {
		t.Errorf("once: %v; want ./chapters/code/09-claims, which does not read the runtime", once)
	}
}

// toolchainSpelling is how the code would spell a Go toolchain: go1.N.P.
var toolchainSpelling = regexp.MustCompile(`\bgo1\.\d+\.\d+\b`)

// versionAllowed are the files outside labs/lanes that may write a toolchain's version: they
// hold versions as data to parse, not as a toolchain to run.
var versionAllowed = map[string]string{
	"labs/inspect/version_test.go": "runtime.Version() strings the inspector's version check parses",
}

// TestToolchainVersionsOnlyInLanes checks that labs/lanes is the only place in the code (Go
// sources, comments included, shell scripts, delve scripts, the book's JavaScript and .ci/run)
// where a toolchain version is written. A test may write a version that is no lane's, as input
// for a parser (go1.24.3 in a fake go env). The book's prose and chapters/out's commands may
// show one: a reader copies them.
func TestToolchainVersionsOnlyInLanes(t *testing.T) {
	root := workshopRoot(t)
	files, err := stepcache.CourseFiles(root)
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, f := range files {
		if strings.HasPrefix(f, "labs/lanes/") || versionAllowed[f] != "" || strings.HasPrefix(f, "chapters/out/") {
			continue
		}
		code := strings.HasSuffix(f, ".go") || strings.HasSuffix(f, ".sh") || strings.HasSuffix(f, ".dlv") ||
			strings.HasSuffix(f, ".mjs") || strings.HasSuffix(f, ".js") && !strings.Contains(f, "vendor") || strings.HasSuffix(f, ".py") || f == ".ci/run"
		if !code {
			continue
		}
		data, err := os.ReadFile(filepath.Join(root, f))
		if os.IsNotExist(err) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		checked++
		test := strings.HasSuffix(f, "_test.go")
		for i, line := range bytes.Split(data, []byte("\n")) {
			for _, m := range toolchainSpelling.FindAll(line, -1) {
				if test && !slices.ContainsFunc(lanes.All, func(l lanes.Lane) bool { return l.Toolchain == string(m) }) {
					continue // a test's made-up version, as input to a parser
				}
				t.Errorf("%s:%d writes the toolchain version %s: take it from labs/lanes (in Go: lanes.Classic().Toolchain; in a shell: env $(go run ./tools/course lanes -env classic) ...)", f, i+1, m)
			}
		}
	}
	if checked < 100 {
		t.Fatalf("checked %d files of code: the file list is wrong", checked)
	}
	for _, bad := range []string{`const v = "go1.21.0"`, "// GOTOOLCHAIN=go1.21.13 go test"} {
		if !toolchainSpelling.MatchString(bad) {
			t.Fatalf("the pattern misses %s", bad)
		}
	}
}

// releaseSpelling is how a message would name a Go release: "Go 1.21", "go1.21.13".
var releaseSpelling = regexp.MustCompile(`\b[Gg]o ?1\.\d+`)

// TestLabMessagesTakeTheirVersion checks that no string in the labs' code (their graders, their
// given and learner files, and the helpers of labs/internal) names a Go release: a message that
// names the runtime a test runs on takes its version from runtime.Version() or from labs/lanes,
// so that it is true on every lane. Comments and build constraints may name one.
func TestLabMessagesTakeTheirVersion(t *testing.T) {
	root := workshopRoot(t)
	var files []string
	for _, dir := range []string{"labs/[0-9][0-9]-*/*.go", "labs/internal/*/*.go"} {
		m, err := filepath.Glob(filepath.Join(root, dir))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	if len(files) < 100 {
		t.Fatalf("found %d files of the labs: the patterns are wrong", len(files))
	}
	fset := token.NewFileSet()
	for _, f := range files {
		af, err := parser.ParseFile(fset, f, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(root, f)
		ast.Inspect(af, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			if m := releaseSpelling.FindString(lit.Value); m != "" {
				t.Errorf("%s:%d: a string names the release %q: a message that names a Go version takes it from the running toolchain (runtime.Version()) or the lane (labs/lanes), so that it is true on every lane",
					filepath.ToSlash(rel), fset.Position(lit.Pos()).Line, m)
			}
			return true
		})
	}
	for _, bad := range []string{`"on Go 1.21 neither does maps.Clone"`, `"go1.21.13"`} {
		if !releaseSpelling.MatchString(bad) {
			t.Fatalf("the pattern misses %s", bad)
		}
	}
}
