package main

import (
	"fmt"
	"go/build"
	"go/build/constraint"
	"go/parser"
	"go/token"
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

// A laterTest is a test of the lab that the go command in use does not build, because the
// //go:build line of its file asks for a newer Go.
type laterTest struct {
	name    string
	release int         // the minor version of the first Go 1 release that builds it: 27 for Go 1.27
	lane    *lanes.Lane // the course's lane that runs it, nil when none does
}

// newerLanes are the lanes whose toolchains may run the tests that the go command in use does
// not build; the tests replace them.
var newerLanes = lanes.All

// goMinor returns the minor version of the go command that runs the labs' tests (26 for
// Go 1.26), as its GOVERSION says in the course's folder with the runner's environment, or 0
// when it cannot tell (then every test counts as built). It asks once.
func (c *course) goMinor() int {
	if !c.minorKnown {
		c.minorKnown = true
		c.minor = releaseMinor(c.gocmd.Var("GOVERSION"))
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

// builtTests splits the tests of lab l into those the go command in use builds and those whose
// file needs a newer Go.
func (c *course) builtTests(l *lab) (built []string, later []laterTest) {
	all := c.testNames(l)
	minor := c.goMinor()
	if minor == 0 {
		return all, nil
	}
	needs := map[string]int{} // test file -> the release it needs
	files, _ := c.goFiles(l.dir(), true)
	for _, f := range files {
		if n := needsRelease(filepath.Join(c.root, f), minor); n > 0 {
			needs[filepath.Base(f)] = n
		}
	}
	if len(needs) == 0 {
		return all, nil
	}
	inFile := c.testFiles(l)
	for _, name := range all {
		n, ok := needs[inFile[name]]
		if !ok {
			built = append(built, name)
			continue
		}
		lt := laterTest{name: name, release: n}
		for i := range newerLanes {
			if lm := releaseMinor(newerLanes[i].Toolchain); lm >= n && matchesRelease(filepath.Join(c.root, l.dir(), inFile[name]), lm) {
				lt.lane = &newerLanes[i]
				break
			}
		}
		later = append(later, lt)
	}
	return built, later
}

// testFiles maps each test of lab l to the name of the file that declares it.
func (c *course) testFiles(l *lab) map[string]string {
	out := map[string]string{}
	files, _ := c.goFiles(l.dir(), true)
	fset := token.NewFileSet()
	for _, f := range files {
		af, err := parser.ParseFile(fset, filepath.Join(c.root, f), nil, parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		for _, d := range af.Decls {
			if name := declTestName(d); name != "" {
				out[name] = filepath.Base(f)
			}
		}
	}
	return out
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

// laterNote is the one sentence that says which steps of the lab need a newer Go, and how to
// run them, or "" when every test of the lab runs with the go command in use.
func (s *labStatus) laterNote() string { return s.describeLater(true) }

// laterShort says which steps need which Go, for the STATE column of list: "step 10 needs Go
// 1.27", or "".
func (s *labStatus) laterShort() string { return s.describeLater(false) }

func (s *labStatus) describeLater(how bool) string {
	if len(s.later) == 0 {
		return ""
	}
	// The steps (or tests, outside the steps) by the release they need, and its lane.
	type need struct {
		release int
		lane    *lanes.Lane
	}
	var order []need
	what := map[need][]string{}
	for _, t := range s.later {
		k := need{t.release, t.lane}
		if _, ok := what[k]; !ok {
			order = append(order, k)
		}
		unit := t.name
		if n := stepOf(t.name); n != afterSteps {
			unit = "step " + strconv.Itoa(n)
		}
		if !contains(what[k], unit) {
			what[k] = append(what[k], unit)
		}
	}
	var parts []string
	for _, k := range order {
		units := what[k]
		verb := "needs"
		if len(units) > 1 {
			verb = "need"
		}
		part := fmt.Sprintf("%s %s Go 1.%d", joinAnd(units), verb, k.release)
		switch {
		case !how:
		case k.lane == nil:
			part += ", which none of the course's toolchains is (go run ./tools/course lanes lists them)"
		default:
			part += ", newer than the go command here: run " + map[bool]string{true: "it", false: "them"}[len(units) == 1] +
				" with " + laneCommand(*k.lane) + "go run ./tools/lab run " + s.lab.num
		}
		parts = append(parts, part)
	}
	return strings.Join(parts, "; ")
}

// laneCommand is the environment that runs a command on lane l, as a shell prefix. A
// GOEXPERIMENT of the learner's environment that the lane does not have is emptied: the
// classic lane's noswissmap, say, which Go 1.26 and later reject.
func laneCommand(l lanes.Lane) string {
	p := l.Prefix()
	if l.Experiment == "" && os.Getenv("GOEXPERIMENT") != "" {
		p += "GOEXPERIMENT= "
	}
	return p
}

// joinAnd says "step 10", "steps 10 and 11", "step 9, TestX and TestY".
func joinAnd(units []string) string {
	steps := true
	for _, u := range units {
		steps = steps && strings.HasPrefix(u, "step ")
	}
	if steps && len(units) > 1 {
		var ns []string
		for _, u := range units {
			ns = append(ns, strings.TrimPrefix(u, "step "))
		}
		return "steps " + strings.Join(ns[:len(ns)-1], ", ") + " and " + ns[len(ns)-1]
	}
	if len(units) == 1 {
		return units[0]
	}
	return strings.Join(units[:len(units)-1], ", ") + " and " + units[len(units)-1]
}

// laterNames lists the names of the tests of later.
func laterNames(later []laterTest) []string {
	var names []string
	for _, t := range later {
		names = append(names, t.name)
	}
	return names
}
