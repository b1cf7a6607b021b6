// Package course is the lab runner's model of the course, opened once and passed down to every
// command: its labs and their files, what the course shipped (git, labs/shipped.sum) and which
// files grade a lab, a lab's steps and step snapshots, the tests the go command in use builds,
// the chapters' hints, and the records the runner keeps in the user's cache folder.
package course

import (
	"context"
	"errors"
	"fmt"
	"go/ast"
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
	"unicode"
	"unicode/utf8"

	"gomaps/labs/courseroot"
	"gomaps/tools/internal/cli"
	"gomaps/tools/internal/gocmd"
)

// A Course is the repository: labs/NN-word with their solutions and chapters.
type Course struct {
	Root   string // absolute path of the folder holding go.mod and labs/
	Module string // the module path, for naming packages
	Labs   []*Lab // in number order

	Progress io.Writer // where a long test run says it is still going; nil: nowhere
	Go       gocmd.Go  // the go command the labs run on, in root

	minor      int  // the minor version of the go command that runs the tests (see goMinor)
	minorKnown bool // and whether goMinor asked it already
}

// A Lab is one folder labs/NN-word, package word.
type Lab struct {
	Num     string        // "01"
	Name    string        // "01-basics"
	Word    string        // "basics": the package name
	Timeout time.Duration // how long its tests may run: defaultTimeout, or its doc.go's //lab:timeout
	Given   []string      // files the learner does not edit besides the tests: its doc.go's //lab:given
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

// Dir is the lab's folder, relative to the root.
func (l *Lab) Dir() string { return filepath.Join("labs", l.Name) }

// SolutionDir is the folder of the lab's solution, relative to the root.
func (l *Lab) SolutionDir() string { return filepath.Join("solutions", l.Name) }

// Chapter is the lab's chapter, relative to the root.
func (l *Lab) Chapter() string { return filepath.Join("chapters", l.Name+".md") }

// Pkg is the import path of the lab's package, as go test names it.
func (c *Course) Pkg(l *Lab) string { return c.Module + "/labs/" + l.Name }

// An Opener opens the course that a run of the lab runner names (its -C and -lane flags), with
// the run's IO.
type Opener func(io cli.IO) (*Course, error)

// Run makes a command's Run from what it does with the course open.
func (open Opener) Run(f func(ctx context.Context, c *Course, io cli.IO, args []string) error) func(context.Context, cli.IO, []string) error {
	return func(ctx context.Context, io cli.IO, args []string) error {
		c, err := open(io)
		if err != nil {
			return err
		}
		return f(ctx, c, io, args)
	}
}

// Open opens the course at dir if given, else the one holding the current folder (see
// package courseroot).
func Open(dir string) (*Course, error) {
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
	c := &Course{Root: root, Module: module}
	for _, name := range courseroot.Labs(root) {
		// courseroot.Labs names only folders NN-word.
		l := &Lab{Num: name[:2], Name: name, Word: name[3:], Timeout: defaultTimeout}
		if doc, err := os.ReadFile(filepath.Join(root, "labs", name, "doc.go")); err == nil {
			if m := timeoutDirective.FindSubmatch(doc); m != nil {
				d, err := time.ParseDuration(string(m[1]))
				if err != nil || d <= 0 {
					return nil, fmt.Errorf("labs/%s/doc.go: //lab:timeout %s: want a duration such as 3m", name, m[1])
				}
				l.Timeout = d
			}
			for _, m := range givenDirective.FindAllSubmatch(doc, -1) {
				l.Given = append(l.Given, strings.Fields(string(m[1]))...)
			}
		}
		c.Labs = append(c.Labs, l)
	}
	return c, nil
}

// Lab resolves a learner's name for a lab: "1", "01", "01-basics" or "basics".
func (c *Course) Lab(arg string) (*Lab, error) {
	for _, l := range c.Labs {
		if courseroot.MatchLab(arg, l.Name) {
			return l, nil
		}
	}
	if _, err := strconv.Atoi(arg); err == nil {
		return nil, cli.Usagef("there is no lab %s: the labs are %s", arg, c.labNames())
	}
	return nil, cli.Usagef("%q is not a lab: name a lab by its number, one of %s", arg, c.labNames())
}

// LabAndNumber parses a lab and an optional number after it (hint 01 2, checkpoint 03 5); usage
// is the one sentence a wrong count of arguments gets.
func (c *Course) LabAndNumber(args []string, usage string) (l *Lab, k string, err error) {
	if len(args) < 1 || len(args) > 2 {
		return nil, "", cli.Usagef("%s", usage)
	}
	if l, err = c.Lab(args[0]); err != nil {
		return nil, "", err
	}
	if len(args) == 2 {
		k = args[1]
	}
	return l, k, nil
}

// OneLab parses the single lab argument of cmd.
func (c *Course) OneLab(cmd string, args []string) (*Lab, error) {
	if len(args) != 1 {
		return nil, cli.Usagef("%s takes one lab, as in: %s 01", cmd, cmd)
	}
	return c.Lab(args[0])
}

func (c *Course) labNames() string {
	if len(c.Labs) == 0 {
		return "(none yet)"
	}
	names := make([]string, len(c.Labs))
	for i, l := range c.Labs {
		names[i] = l.Name
	}
	return strings.Join(names, ", ")
}

// GoFiles lists the .go files of a folder relative to the root: the
// learner's files (tests false) or the grader's (tests true).
func (c *Course) GoFiles(dir string, tests bool) ([]string, error) {
	entries, err := os.ReadDir(filepath.Join(c.Root, dir))
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

// TestNames lists the lab's top-level tests from its source, so that tests
// a crash kept from running still count. Files that do not parse are skipped:
// go test reports those.
func (c *Course) TestNames(l *Lab) []string {
	names, _ := c.tests(l)
	return names
}

// tests lists the lab's top-level tests from its source, as TestNames, and maps each to the
// name of the file that declares it.
func (c *Course) tests(l *Lab) (names []string, inFile map[string]string) {
	files, _ := c.GoFiles(l.Dir(), true)
	inFile = map[string]string{}
	fset := token.NewFileSet()
	for _, f := range files {
		af, err := parser.ParseFile(fset, filepath.Join(c.Root, f), nil, parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		for _, d := range af.Decls {
			if name := declTestName(d); name != "" {
				names = append(names, name)
				inFile[name] = filepath.Base(f)
			}
		}
	}
	return names, inFile
}

// Rel turns a path the go command printed into one relative to the root.
func (c *Course) Rel(path string) string {
	if r, err := filepath.Rel(c.Root, path); err == nil && !strings.HasPrefix(r, "..") {
		return r
	}
	return path
}

// declTestName returns the name of a top-level func TestXxx(t *testing.T),
// or "".
func declTestName(d ast.Decl) string {
	fd, ok := d.(*ast.FuncDecl)
	if !ok || fd.Recv != nil || fd.Type.Params == nil || len(fd.Type.Params.List) != 1 {
		return ""
	}
	name := fd.Name.Name
	prefix := "Test"
	if strings.HasPrefix(name, "Fuzz") {
		prefix = "Fuzz"
	}
	if !strings.HasPrefix(name, prefix) || name == "TestMain" {
		return ""
	}
	if rest := name[len(prefix):]; rest != "" {
		r, _ := utf8.DecodeRuneInString(rest)
		if unicode.IsLower(r) {
			return ""
		}
	}
	return name
}

// RunGo runs a go command in the root and returns its combined output, trimmed.
func (c *Course) RunGo(ctx context.Context, args ...string) (string, error) {
	cmd := c.Go.Command(ctx, args...)
	out, err := cmd.CombinedOutput()
	return strings.TrimSpace(string(out)), err
}
