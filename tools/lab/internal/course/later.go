package course

import (
	"go/build"
	"go/build/constraint"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"gomaps/labs/lanes"
)

// A lab's step may need a newer Go than the one the learner runs: lab 03's step 10 uses
// hash/maphash.Hasher, new in Go 1.27, and its files say //go:build go1.27. With an older go
// command those tests are not in the test binary at all. The runner does not count them, as
// failing or as passing: it says which steps need which Go, and how to run them with one of the
// course's toolchains (its lanes), once the steps it can run pass.

// A LaterTest is a test of the lab that the go command in use does not build, because the
// //go:build line of its file asks for a newer Go.
type LaterTest struct {
	Name    string
	Release int         // the minor version of the first Go 1 release that builds it: 27 for Go 1.27
	Lane    *lanes.Lane // the course's lane that runs it, nil when none does
}

// newerLanes are the lanes whose toolchains may run the tests that the go command in use does
// not build; the tests replace them.
var newerLanes = lanes.All

// goMinor returns the minor version of the go command that runs the labs' tests (26 for
// Go 1.26), as its GOVERSION says in the course's folder with the runner's environment, or 0
// when it cannot tell (then every test counts as built). It asks once.
func (c *Course) goMinor() int {
	if !c.minorKnown {
		c.minorKnown = true
		c.minor = releaseMinor(c.Go.Var("GOVERSION"))
	}
	return c.minor
}

var (
	goVersionRE  = regexp.MustCompile(`\bgo1\.(\d+)`)
	releaseTagRE = regexp.MustCompile(`^go1\.(\d+)$`)
)

// releaseMinor reads the minor version of a Go version: 26 for "go1.26" and its patches, 27 for "go1.27rc1" or
// "devel go1.27-abcdef"; 0 when there is none.
func releaseMinor(v string) int {
	m := goVersionRE.FindStringSubmatch(v)
	if m == nil {
		return 0
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

// releaseTags are the release tags of Go 1.minor: go1.1 to go1.minor.
func releaseTags(minor int) []string {
	var tags []string
	for i := 1; i <= minor; i++ {
		tags = append(tags, "go1."+strconv.Itoa(i))
	}
	return tags
}

// BuiltTests splits the tests of lab l into those the go command in use builds and those whose
// file needs a newer Go.
func (c *Course) BuiltTests(l *Lab) (built []string, later []LaterTest) {
	all, inFile := c.tests(l)
	minor := c.goMinor()
	if minor == 0 {
		return all, nil
	}
	needs := map[string]int{} // test file -> the release it needs
	files, _ := c.GoFiles(l.Dir(), true)
	for _, f := range files {
		if n := needsRelease(filepath.Join(c.Root, f), minor); n > 0 {
			needs[filepath.Base(f)] = n
		}
	}
	if len(needs) == 0 {
		return all, nil
	}
	for _, name := range all {
		n, ok := needs[inFile[name]]
		if !ok {
			built = append(built, name)
			continue
		}
		lt := LaterTest{Name: name, Release: n}
		for i := range newerLanes {
			if lm := releaseMinor(newerLanes[i].Toolchain); lm >= n && matchesRelease(filepath.Join(c.Root, l.Dir(), inFile[name]), lm) {
				lt.Lane = &newerLanes[i]
				break
			}
		}
		later = append(later, lt)
	}
	return built, later
}

// needsRelease returns the minor version of the first Go 1 release after Go 1.minor whose build
// constraints take the file, when Go 1.minor's do not; 0 when Go 1.minor builds it, or when no
// newer release named in its //go:build line would (it is left out for another reason).
func needsRelease(file string, minor int) int {
	if matchesRelease(file, minor) {
		return 0
	}
	for _, n := range goTagsOf(file) {
		if n > minor && matchesRelease(file, n) {
			return n
		}
	}
	return 0
}

// matchesRelease reports whether Go 1.minor, on this system, builds the file.
func matchesRelease(file string, minor int) bool {
	ctx := build.Default
	ctx.ReleaseTags = releaseTags(minor)
	ok, err := ctx.MatchFile(filepath.Dir(file), filepath.Base(file))
	return err == nil && ok
}

// goTagsOf lists, ascending, the minor versions of the release tags (go1.N) that the file's
// //go:build line names.
func goTagsOf(file string) []int {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil
	}
	var ns []int
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "package ") {
			break
		}
		if !constraint.IsGoBuild(line) {
			continue
		}
		expr, err := constraint.Parse(line)
		if err != nil {
			return nil
		}
		expr.Eval(func(tag string) bool {
			if m := releaseTagRE.FindStringSubmatch(tag); m != nil {
				n, _ := strconv.Atoi(m[1])
				ns = append(ns, n)
			}
			return true
		})
	}
	sort.Ints(ns)
	return ns
}
