package main

import (
	"errors"
	"fmt"
	"go/parser"
	"go/token"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"gomaps/labs/courseroot"
	"gomaps/tools/internal/cli"
	"gomaps/tools/internal/gocmd"
)

// A course is the repository: labs/NN-word with their solutions and chapters.
type course struct {
	root string // absolute path of the folder holding go.mod and labs/
	mod  string // the module path, for naming packages
	labs []*lab // in number order

	progress io.Writer // where a long test run says it is still going; nil: nowhere
	gocmd    gocmd.Go  // the go command the labs run on, in root

	minor      int  // the minor version of the go command that runs the tests (see goMinor)
	minorKnown bool // and whether goMinor asked it already
}

// A lab is one folder labs/NN-word, package word.
type lab struct {
	num     string        // "01"
	name    string        // "01-basics"
	word    string        // "basics": the package name
	timeout time.Duration // how long its tests may run: defaultTimeout, or its doc.go's //lab:timeout
	given   []string      // files the learner does not edit besides the tests: its doc.go's //lab:given
}

// defaultTimeout bounds the tests of a lab whose tests take milliseconds: a learner's endless
// loop is reported after this long, not after go test's ten minutes.
const defaultTimeout = 45 * time.Second

// timeoutDirective in a lab's doc.go gives a lab whose tests need longer (a real API server)
// its own limit: "//lab:timeout 3m".
var timeoutDirective = regexp.MustCompile(`(?m)^//lab:timeout (\S+)\s*$`)

// givenDirective in a lab's doc.go names files of the lab that are part of the grader though
// they are not tests (an invariant checker, a layout dump the tests read): "//lab:given
// invariants.go layout.go". Like the tests, a given file that differs from the shipped one
// keeps the lab from passing.
var givenDirective = regexp.MustCompile(`(?m)^//lab:given ((?:[\w.-]+\.go ?)+)\s*$`)

func (l *lab) dir() string         { return filepath.Join("labs", l.name) }
func (l *lab) solutionDir() string { return filepath.Join("solutions", l.name) }
func (l *lab) chapter() string     { return filepath.Join("chapters", l.name+".md") }

// pkg is the import path of the lab's package, as go test names it.
func (c *course) pkg(l *lab) string { return c.mod + "/labs/" + l.name }

// openCourse opens the course at dir if given, else the one holding the current folder (see
// package courseroot).
func openCourse(dir string) (*course, error) {
	if _, err := exec.LookPath("go"); err != nil {
		return nil, fmt.Errorf("the go command is not on PATH: install Go 1.25 or newer and run this again (see chapter 00-setup)")
	}
	var root, module string
	var err error
	if dir == "" {
		if root, module, err = courseroot.Find(""); errors.Is(err, courseroot.ErrNotFound) {
			return nil, fmt.Errorf("no course here: run the lab runner inside the course's folder (the one with go.mod and labs/)")
		}
	} else {
		if root, err = filepath.Abs(dir); err == nil {
			module, err = courseroot.Module(root)
		}
		if errors.Is(err, courseroot.ErrNotFound) {
			return nil, fmt.Errorf("no course in %s: it has no go.mod and labs/ folder", dir)
		}
	}
	if err != nil {
		return nil, err
	}
	c := &course{root: root, mod: module}
	for _, name := range courseroot.Labs(root) {
		// courseroot.Labs names only folders NN-word.
		l := &lab{num: name[:2], name: name, word: name[3:], timeout: defaultTimeout}
		if doc, err := os.ReadFile(filepath.Join(root, "labs", name, "doc.go")); err == nil {
			if m := timeoutDirective.FindSubmatch(doc); m != nil {
				d, err := time.ParseDuration(string(m[1]))
				if err != nil || d <= 0 {
					return nil, fmt.Errorf("labs/%s/doc.go: //lab:timeout %s: want a duration such as 3m", name, m[1])
				}
				l.timeout = d
			}
			for _, m := range givenDirective.FindAllSubmatch(doc, -1) {
				l.given = append(l.given, strings.Fields(string(m[1]))...)
			}
		}
		c.labs = append(c.labs, l)
	}
	return c, nil
}

// lab resolves a learner's name for a lab: "1", "01", "01-basics" or "basics".
func (c *course) lab(arg string) (*lab, error) {
	for _, l := range c.labs {
		if courseroot.MatchLab(arg, l.name) {
			return l, nil
		}
	}
	if _, err := strconv.Atoi(arg); err == nil {
		return nil, cli.Usagef("there is no lab %s: the labs are %s", arg, c.labNames())
	}
	return nil, cli.Usagef("%q is not a lab: name a lab by its number, one of %s", arg, c.labNames())
}

// labAndNumber parses a lab and an optional number after it (hint 01 2, checkpoint 03 5); usage
// is the one sentence a wrong count of arguments gets.
func (c *course) labAndNumber(args []string, usage string) (l *lab, k string, err error) {
	if len(args) < 1 || len(args) > 2 {
		return nil, "", cli.Usagef("%s", usage)
	}
	if l, err = c.lab(args[0]); err != nil {
		return nil, "", err
	}
	if len(args) == 2 {
		k = args[1]
	}
	return l, k, nil
}

// oneLab parses the single lab argument of cmd.
func (c *course) oneLab(cmd string, args []string) (*lab, error) {
	if len(args) != 1 {
		return nil, cli.Usagef("%s takes one lab, as in: %s 01", cmd, cmd)
	}
	return c.lab(args[0])
}

func (c *course) labNames() string {
	if len(c.labs) == 0 {
		return "(none yet)"
	}
	names := make([]string, len(c.labs))
	for i, l := range c.labs {
		names[i] = l.name
	}
	return strings.Join(names, ", ")
}

// goFiles lists the .go files of a folder relative to the root: the
// learner's files (tests false) or the grader's (tests true).
func (c *course) goFiles(dir string, tests bool) ([]string, error) {
	entries, err := os.ReadDir(filepath.Join(c.root, dir))
	if err != nil {
		return nil, err
	}
	var files []string
	for _, e := range entries {
		n := e.Name()
		if e.IsDir() || !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") != tests {
			continue
		}
		files = append(files, filepath.Join(dir, n))
	}
	return files, nil
}

// testNames lists the lab's top-level tests from its source, so that tests
// a crash kept from running still count. Files that do not parse are skipped:
// go test reports those.
func (c *course) testNames(l *lab) []string {
	files, _ := c.goFiles(l.dir(), true)
	var names []string
	fset := token.NewFileSet()
	for _, f := range files {
		af, err := parser.ParseFile(fset, filepath.Join(c.root, f), nil, parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		for _, d := range af.Decls {
			name := declTestName(d)
			if name != "" {
				names = append(names, name)
			}
		}
	}
	return names
}

// rel turns a path the go command printed into one relative to the root.
func (c *course) rel(path string) string {
	if r, err := filepath.Rel(c.root, path); err == nil && !strings.HasPrefix(r, "..") {
		return r
	}
	return path
}
