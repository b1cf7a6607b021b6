// Package course is the lab runner's model of the course, opened once and passed down to every
// command: its labs and their files, what the course shipped (git, labs/shipped.sum) and which
// files grade a lab, a lab's steps and step snapshots, the tests the go command in use builds,
// the chapters' hints, the language the runner speaks (Lang), and the records the runner keeps in
// the user's cache folder.
package course

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
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
	Lang     Lang      // the language the runner speaks to the learner (see Lang); "": English
}

// A Lab is one folder labs/NN-word, package word. Its doc.go may say "//lab:timeout 3m", a
// longer limit for tests that need it (a real API server), and "//lab:given a.go b.go", files
// that grade the lab though they are not tests (an invariant checker, a layout dump the tests
// read): like the tests, a given file that differs from the shipped one keeps the lab from passing.
// "//lab:first 11" names steps that come before the others wherever their tests are built: there
// their files stand under every other step's code (see Lab.StepRank).
type Lab struct {
	Num     string        // "01"
	Name    string        // "01-basics"
	Word    string        // "basics": the package name
	Timeout time.Duration // how long its tests may run: defaultTimeout, or its //lab:timeout
	Given   []string      // its //lab:given files
	First   []int         // its //lab:first steps
}

// defaultTimeout bounds the tests of a lab whose tests take milliseconds: a learner's endless
// loop is reported after this long, not after go test's ten minutes.
const defaultTimeout = 45 * time.Second

var (
	timeoutDirective = regexp.MustCompile(`(?m)^//lab:timeout (\S+)\s*$`)
	givenDirective   = regexp.MustCompile(`(?m)^//lab:given ((?:[\w.-]+\.go ?)+)\s*$`)
	firstDirective   = regexp.MustCompile(`(?m)^//lab:first ((?:[0-9]+ ?)+)\s*$`)
)

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

// Open opens the course at dir if given, else the one holding the current folder (see package
// courseroot), for a learner who reads lang.
func Open(dir string, lang Lang) (*Course, error) {
	if _, err := exec.LookPath("go"); err != nil {
		return nil, errors.New(lang.Pick("the go command is not on PATH: install Go 1.25 or newer and run this again (see chapter 00-setup)",
			"PATH 上没有 go 命令：安装 Go 1.25 或更新的版本，再运行一次（见第 00 章《准备工作》）"))
	}
	var root, module string
	var err error
	if dir == "" {
		if root, module, err = courseroot.Find(""); errors.Is(err, courseroot.ErrNotFound) {
			return nil, errors.New(lang.Pick("no course here: run the lab runner inside the course's folder (the one with go.mod and labs/)",
				"这里没有课程：请在课程的目录（有 go.mod 和 labs/ 的那个目录）里运行实验运行器"))
		}
	} else {
		if root, err = filepath.Abs(dir); err == nil {
			module, err = courseroot.Module(root)
		}
		if errors.Is(err, courseroot.ErrNotFound) {
			return nil, fmt.Errorf(lang.Pick("no course in %s: it has no go.mod and labs/ folder", "%s 里没有课程：它没有 go.mod 和 labs/ 目录"), dir)
		}
	}
	if err != nil {
		return nil, err
	}
	c := &Course{Root: root, Module: module, Lang: lang}
	for _, name := range courseroot.Labs(root) { // folders NN-word only
		l := &Lab{Num: name[:2], Name: name, Word: name[3:], Timeout: defaultTimeout}
		doc, _ := os.ReadFile(filepath.Join(root, "labs", name, "doc.go"))
		if m := timeoutDirective.FindSubmatch(doc); m != nil {
			if l.Timeout, err = time.ParseDuration(string(m[1])); err != nil || l.Timeout <= 0 {
				return nil, fmt.Errorf("labs/%s/doc.go: //lab:timeout %s: want a duration such as 3m", name, m[1])
			}
		}
		for _, m := range givenDirective.FindAllSubmatch(doc, -1) {
			l.Given = append(l.Given, strings.Fields(string(m[1]))...)
		}
		for _, m := range firstDirective.FindAllSubmatch(doc, -1) {
			for _, f := range strings.Fields(string(m[1])) {
				n, _ := strconv.Atoi(f)
				l.First = append(l.First, n)
			}
		}
		c.Labs = append(c.Labs, l)
	}
	return c, nil
}

// Lab resolves a learner's name for a lab: "1", "01", "01-basics" or "basics".
func (c *Course) Lab(arg string) (*Lab, error) {
	var names []string
	for _, l := range c.Labs {
		if courseroot.MatchLab(arg, l.Name) {
			return l, nil
		}
		names = append(names, l.Name)
	}
	list := strings.Join(names, ", ")
	if len(names) == 0 {
		list = c.Lang.Pick("(none yet)", "（还没有）")
	}
	if _, err := strconv.Atoi(arg); err == nil {
		return nil, cli.Usagef(c.Lang.Pick("there is no lab %s: the labs are %s", "没有实验 %s：实验有 %s"), arg, list)
	}
	return nil, cli.Usagef(c.Lang.Pick("%q is not a lab: name a lab by its number, one of %s", "%q 不是实验：请用编号指定实验，可选的有 %s"), arg, list)
}

// LabAndNumber parses a lab and an optional number after it (hint 01 2, checkpoint 03 5); usage
// is the one sentence a wrong count of arguments gets.
func (c *Course) LabAndNumber(args []string, usage string) (l *Lab, k string, err error) {
	if len(args) < 1 || len(args) > 2 {
		return nil, "", cli.Usagef("%s", usage)
	}
	if len(args) == 2 {
		k = args[1]
	}
	l, err = c.Lab(args[0])
	return l, k, err
}

// OneLab parses the single lab argument of cmd.
func (c *Course) OneLab(cmd string, args []string) (*Lab, error) {
	if len(args) != 1 {
		return nil, cli.Usagef(c.Lang.Pick("%s takes one lab, as in: %s 01", "%s 只接受一个实验，例如：%s 01"), cmd, cmd)
	}
	return c.Lab(args[0])
}

// GoFiles lists the .go files of a folder relative to the root: the learner's (tests false) or
// the grader's (tests true).
func (c *Course) GoFiles(dir string, tests bool) ([]string, error) {
	entries, err := os.ReadDir(filepath.Join(c.Root, dir))
	var files []string
	for _, e := range entries {
		if n := e.Name(); !e.IsDir() && strings.HasSuffix(n, ".go") && strings.HasSuffix(n, "_test.go") == tests {
			files = append(files, filepath.Join(dir, n))
		}
	}
	return files, err
}

// TestNames lists the lab's top-level tests from its source, so that tests a crash kept from
// running still count. Files that do not parse are skipped: go test reports those.
func (c *Course) TestNames(l *Lab) []string {
	names, _ := c.tests(l)
	return names
}

// testName matches the name of a test or fuzz target: Test or Fuzz, then nothing or a word that
// does not start in lower case.
var testName = regexp.MustCompile(`^(?:Test|Fuzz)(?:$|\P{Ll})`)

// tests lists the lab's top-level tests (func TestXxx or FuzzXxx of one parameter), as
// TestNames, and maps each to the name of the file that declares it.
func (c *Course) tests(l *Lab) (names []string, inFile map[string]string) {
	files, _ := c.GoFiles(l.Dir(), true)
	inFile = map[string]string{}
	for _, f := range files {
		af, err := parser.ParseFile(token.NewFileSet(), filepath.Join(c.Root, f), nil, parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		for _, d := range af.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if ok && fd.Recv == nil && len(fd.Type.Params.List) == 1 && testName.MatchString(fd.Name.Name) && fd.Name.Name != "TestMain" {
				names = append(names, fd.Name.Name)
				inFile[fd.Name.Name] = filepath.Base(f)
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

// RunGo runs a go command in the root and returns its combined output, trimmed.
func (c *Course) RunGo(ctx context.Context, args ...string) (string, error) {
	out, err := c.Go.Command(ctx, args...).CombinedOutput()
	return strings.TrimSpace(string(out)), err
}

// StateFile is where the runner keeps a record of one kind ("hints", "results", "checkpoints")
// for this course: in the user's cache folder (courseroot.CacheDir), never in the course's files.
func (c *Course) StateFile(kind string) string {
	dir, err := courseroot.CacheDir()
	if err != nil {
		return ""
	}
	sum := sha256.Sum256([]byte(c.Root))
	return filepath.Join(dir, kind, hex.EncodeToString(sum[:8])+".json")
}

// LoadState reads a record into v; a missing or broken record leaves v as it is.
func (c *Course) LoadState(kind string, v any) {
	if f := c.StateFile(kind); f != "" {
		data, _ := os.ReadFile(f)
		json.Unmarshal(data, v)
	}
}

// SaveState writes a record; a failure is not reported: the runner only does more work next time.
func (c *Course) SaveState(kind string, v any) {
	if f := c.StateFile(kind); f != "" && os.MkdirAll(filepath.Dir(f), 0o755) == nil {
		data, _ := json.MarshalIndent(v, "", "\t")
		os.WriteFile(f, data, 0o644)
	}
}
