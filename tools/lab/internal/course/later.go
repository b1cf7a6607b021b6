package course

import (
	"go/build"
	"go/build/constraint"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"gomaps/labs/lanes"
)

// A lab's step may need a newer Go than the one the learner runs: lab 03's step 10 uses
// hash/maphash.Hasher, new in Go 1.27, and its files say //go:build go1.27. It may need an
// experiment too: lab 03's step 11 uses simd/archsimd, which exists only with GOEXPERIMENT=simd,
// on amd64, and its files say //go:build go1.27 && goexperiment.simd && amd64. When the go command
// in use does not build a test's file, that test is not in the test binary at all. The runner
// does not count it, as failing or as passing: it says which steps need what, and how to run
// them with one of the course's toolchains (its lanes, and their variants), once the steps it
// can run pass.

// A LaterTest is a test of the lab that the go command in use does not build, because the
// //go:build line of its file asks for a newer Go, an experiment, or another architecture.
type LaterTest struct {
	Name       string
	Release    int         // the minor version of the first Go 1 release that builds it: 27 for Go 1.27
	Experiment string      // the GOEXPERIMENT it needs, "" for none
	Arch       string      // the GOARCH it needs, "" for any
	Lane       *lanes.Lane // the course's lane (or variant) that runs it here, nil when none does
}

// Needs says what the test needs: "Go 1.27", or "GOEXPERIMENT=simd on Go 1.27 and amd64".
func (t LaterTest) Needs() string {
	s := "Go 1." + strconv.Itoa(t.Release)
	if t.Experiment != "" {
		s = "GOEXPERIMENT=" + t.Experiment + " on " + s
	}
	if t.Arch != "" {
		s += " and " + t.Arch
	}
	return s
}

// laterLanes are the lanes, then their variants, whose toolchains may run the tests that the go
// command in use does not build; the tests replace them.
var laterLanes = func() []lanes.Lane {
	all := slices.Clone(lanes.All)
	for _, v := range lanes.Variants {
		all = append(all, v.Lane)
	}
	return all
}()

var goVersionRE = regexp.MustCompile(`\bgo1\.(\d+)`)

// releaseMinor reads the minor version of a Go version: 26 for "go1.26" and its patches, 27 for
// "go1.27rc1" or "devel go1.27-abcdef"; 0 when there is none.
func releaseMinor(v string) int {
	m := goVersionRE.FindStringSubmatch(v)
	if m == nil {
		return 0
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

func splitExperiments(goexperiment string) []string {
	var exps []string
	for _, e := range strings.Split(goexperiment, ",") {
		if e = strings.TrimSpace(e); e != "" {
			exps = append(exps, e)
		}
	}
	return exps
}

// BuiltTests splits the tests of lab l into those the go command in use builds and those whose
// file needs a newer Go, an experiment or another architecture. The go command's GOVERSION and
// GOEXPERIMENT, in the course's folder with the runner's environment, tell; when its version
// cannot be told, every test counts as built.
func (c *Course) BuiltTests(l *Lab) (built []string, later []LaterTest) {
	all, inFile := c.tests(l)
	minor := releaseMinor(c.Go.Var("GOVERSION"))
	if minor == 0 {
		return all, nil
	}
	exps := splitExperiments(c.Go.Var("GOEXPERIMENT"))
	needs := map[string]*LaterTest{} // test file -> what it needs
	files, _ := c.GoFiles(l.Dir(), true)
	for _, f := range files {
		if n := needsOf(filepath.Join(c.Root, f), minor, exps); n != nil {
			needs[filepath.Base(f)] = n
		}
	}
	for _, name := range all {
		if lt, ok := needs[inFile[name]]; ok {
			t := *lt
			t.Name = name
			later = append(later, t)
		} else {
			built = append(built, name)
		}
	}
	return built, later
}

// needsOf says what file needs that Go 1.minor with the experiments exps does not give it here:
// the first release, the experiment and the architecture that its //go:build line asks for, and
// the first of the course's lanes and variants that builds it on this machine. It returns nil
// when Go 1.minor builds the file, and when no release, experiment and architecture that the
// line names would (//go:build ignore, or a tag of the tests' own).
func needsOf(file string, minor int, exps []string) *LaterTest {
	if matchesFile(file, minor, exps, runtime.GOARCH) {
		return nil
	}
	t := &LaterTest{}
	arch := runtime.GOARCH
	var want []string // the experiments the line asks for
	asked, releases := buildTags(file)
	for _, tag := range asked {
		if exp, ok := strings.CutPrefix(tag, "goexperiment."); ok {
			t.Experiment = exp
			want = append(want, exp)
		} else if slices.Contains(knownArchs, tag) {
			t.Arch, arch = tag, tag
		}
	}
	for _, n := range append([]int{minor}, releases...) {
		if n >= minor && matchesFile(file, n, want, arch) {
			t.Release = n
			break
		}
	}
	if t.Release == 0 {
		return nil
	}
	for i := range laterLanes {
		l := &laterLanes[i]
		if matchesFile(file, releaseMinor(l.Toolchain), splitExperiments(l.Experiment), runtime.GOARCH) {
			t.Lane = l
			break
		}
	}
	return t
}

// knownArchs are the GOARCH values a //go:build line of the labs may name.
var knownArchs = []string{"386", "amd64", "arm", "arm64", "loong64", "mips", "mips64", "mips64le", "mipsle", "ppc64", "ppc64le", "riscv64", "s390x", "wasm"}

// matchesFile reports whether Go 1.minor with the experiments exps builds the file on this
// system with GOARCH arch. The experiments on by default are not among its tags: no lab's
// file names one.
func matchesFile(file string, minor int, exps []string, arch string) bool {
	ctx := build.Default
	ctx.GOARCH = arch
	ctx.ReleaseTags = nil
	for i := 1; i <= minor; i++ {
		ctx.ReleaseTags = append(ctx.ReleaseTags, "go1."+strconv.Itoa(i))
	}
	ctx.ToolTags = slices.DeleteFunc(slices.Clone(build.Default.ToolTags), func(tag string) bool { return strings.HasPrefix(tag, "goexperiment.") })
	for _, e := range exps {
		ctx.ToolTags = append(ctx.ToolTags, "goexperiment."+e)
	}
	ok, err := ctx.MatchFile(filepath.Dir(file), filepath.Base(file))
	return err == nil && ok
}

// buildTags reads the file's //go:build line: the tags it names not negated (those it asks
// for), and, ascending, the minor versions of the release tags (go1.N) it names.
func buildTags(file string) (asked []string, releases []int) {
	var walk func(e constraint.Expr, negated bool)
	walk = func(e constraint.Expr, negated bool) {
		switch e := e.(type) {
		case *constraint.TagExpr:
			if !negated {
				asked = append(asked, e.Tag)
			}
			if n, ok := strings.CutPrefix(e.Tag, "go1."); ok {
				if minor, err := strconv.Atoi(n); err == nil {
					releases = append(releases, minor)
				}
			}
		case *constraint.NotExpr:
			walk(e.X, !negated)
		case *constraint.AndExpr:
			walk(e.X, negated)
			walk(e.Y, negated)
		case *constraint.OrExpr:
			walk(e.X, negated)
			walk(e.Y, negated)
		}
	}
	data, _ := os.ReadFile(file)
	for _, line := range strings.Split(string(data), "\n") {
		if line = strings.TrimSpace(line); strings.HasPrefix(line, "package ") {
			break
		} else if constraint.IsGoBuild(line) {
			expr, _ := constraint.Parse(line) // nil when it does not parse
			walk(expr, false)
			break
		}
	}
	slices.Sort(releases)
	return asked, releases
}
