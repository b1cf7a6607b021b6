package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"go/ast"
	"os"
	"os/exec"
	"strings"
	"sync/atomic"
	"unicode"
	"unicode/utf8"
)

// event is one line of go test -json (see go doc test2json).
type event struct {
	Action     string
	Package    string
	ImportPath string // build-output and build-fail
	Test       string
	Output     string
}

// A testResult is one test or subtest of a run.
type testResult struct {
	name   string
	status string   // "pass", "fail", "skip", or "" if it never ended
	output []string // its output lines, without "=== RUN" framing
}

// A pkgResult is what go test said of one package.
type pkgResult struct {
	tests       map[string]*testResult
	order       []string // test names in the order they started
	status      string   // "pass", "fail", "skip"
	buildFailed bool
	vetFailed   bool     // the errors are go vet's, which go test runs before the tests
	buildOutput []string // compiler (or vet) errors, when buildFailed
	output      []string // lines not attributed to a test
}

// goTestResult is a whole go test run.
type goTestResult struct {
	pkgs   map[string]*pkgResult
	stderr string // what the go command itself printed
	err    error  // how the go command exited
}

// goTestRuns counts the runs of go test, for the tests of the result cache.
var goTestRuns atomic.Int64

// goTest runs go test -json with args in the course root.
func (c *course) goTest(ctx context.Context, args ...string) *goTestResult {
	goTestRuns.Add(1)
	cmd := exec.CommandContext(ctx, "go", append([]string{"test", "-json"}, args...)...)
	cmd.Dir = c.root
	cmd.Env = append(os.Environ(), "GOFLAGS="+strings.TrimSpace(os.Getenv("GOFLAGS")))
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	res := &goTestResult{pkgs: map[string]*pkgResult{}}
	res.err = cmd.Run()
	res.stderr = stderr.String()
	// build-output events name the package as "path [path.test]".
	buildOf := map[string]*pkgResult{}
	pkg := func(path string) *pkgResult {
		p := res.pkgs[path]
		if p == nil {
			p = &pkgResult{tests: map[string]*testResult{}}
			res.pkgs[path] = p
		}
		return p
	}
	sc := bufio.NewScanner(&stdout)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var e event
		if json.Unmarshal(sc.Bytes(), &e) != nil {
			continue
		}
		if e.ImportPath != "" {
			path, _, _ := strings.Cut(e.ImportPath, " ")
			p := pkg(path)
			buildOf[e.ImportPath] = p
			switch e.Action {
			case "build-output":
				// go test prints vet's findings under a "# [pkg]" header, the compiler's under "# pkg".
				if strings.HasPrefix(e.Output, "# [") {
					p.vetFailed = true
				}
				if !strings.HasPrefix(e.Output, "#") {
					p.buildOutput = append(p.buildOutput, strings.TrimRight(e.Output, "\n"))
				}
			case "build-fail":
				p.buildFailed = true
			}
			continue
		}
		p := pkg(e.Package)
		if e.Test == "" {
			switch e.Action {
			case "output":
				p.output = append(p.output, strings.TrimRight(e.Output, "\n"))
			case "pass", "fail", "skip":
				p.status = e.Action
			}
			continue
		}
		t := p.tests[e.Test]
		if t == nil {
			t = &testResult{name: e.Test}
			p.tests[e.Test] = t
			p.order = append(p.order, e.Test)
		}
		switch e.Action {
		case "output":
			line := strings.TrimRight(e.Output, "\n")
			if !strings.HasPrefix(strings.TrimSpace(line), "=== ") {
				t.output = append(t.output, line)
			}
		case "pass", "fail", "skip":
			// With -count=N a test ends N times; one failure is a failure.
			if t.status != "fail" {
				t.status = e.Action
			}
		}
	}
	return res
}

// goProblem explains a go command that failed before running any test of
// the package (a toolchain it could not get, a broken go.mod): one sentence.
func (r *goTestResult) goProblem() string {
	if r.err == nil {
		return ""
	}
	if _, ok := r.err.(*exec.ExitError); !ok {
		return fmt.Sprintf("could not run go test: %v", r.err)
	}
	for _, line := range strings.Split(r.stderr, "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "go: ") {
			if strings.Contains(line, "toolchain") || strings.Contains(line, "download go") {
				return fmt.Sprintf("the go command could not get the Go toolchain it needs (%s): check GOTOOLCHAIN or install that Go version", strings.TrimPrefix(line, "go: "))
			}
			return "go test could not run: " + strings.TrimPrefix(line, "go: ")
		}
	}
	return ""
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
