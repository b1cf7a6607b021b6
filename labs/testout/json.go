// Package testout reads what go test and Go programs print: the events of go test -json, and
// the tracebacks of a panic, a fatal error, a race report or a goroutine dump. The lab runner
// (tools/lab) and the labs' graders (labs/internal/labtest) read test output through it, so a
// change in what the go command prints is handled in one place.
//
// It lives under labs/, beside inspect and kubeassets, rather than in tools/internal: Go's
// internal rule would keep the labs' graders from importing it there.
package testout

import (
	"bufio"
	"encoding/json"
	"io"
	"strings"
)

// event is one line of go test -json (see go doc test2json).
type event struct {
	Action     string
	Package    string
	ImportPath string // build-output and build-fail
	Test       string
	Output     string
}

// A Test is one test or subtest of a run.
type Test struct {
	Name   string
	Status string   // "pass", "fail", "skip", or "" if it never ended
	Output []string // its output lines, without the "=== RUN" framing
}

// A Package is what go test said of one package.
type Package struct {
	Tests       map[string]*Test
	Order       []string // test names in the order they started
	Status      string   // "pass", "fail", "skip"
	BuildFailed bool
	VetFailed   bool     // the errors are go vet's, which go test runs before the tests
	BuildOutput []string // compiler (or vet) errors, when BuildFailed
	Output      []string // lines not attributed to a test
}

// ReadJSON reads the output of go test -json, by package import path. Lines that are not
// events (the go command's own messages) are skipped.
func ReadJSON(r io.Reader) map[string]*Package {
	pkgs := map[string]*Package{}
	pkg := func(path string) *Package {
		p := pkgs[path]
		if p == nil {
			p = &Package{Tests: map[string]*Test{}}
			pkgs[path] = p
		}
		return p
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var e event
		if json.Unmarshal(sc.Bytes(), &e) != nil {
			continue
		}
		if e.ImportPath != "" {
			// build-output events name the package as "path [path.test]".
			path, _, _ := strings.Cut(e.ImportPath, " ")
			p := pkg(path)
			switch e.Action {
			case "build-output":
				// go test prints vet's findings under a "# [pkg]" header, the compiler's under "# pkg".
				if strings.HasPrefix(e.Output, "# [") {
					p.VetFailed = true
				}
				if !strings.HasPrefix(e.Output, "#") {
					p.BuildOutput = append(p.BuildOutput, strings.TrimRight(e.Output, "\n"))
				}
			case "build-fail":
				p.BuildFailed = true
			}
			continue
		}
		p := pkg(e.Package)
		if e.Test == "" {
			switch e.Action {
			case "output":
				p.Output = append(p.Output, strings.TrimRight(e.Output, "\n"))
			case "pass", "fail", "skip":
				p.Status = e.Action
			}
			continue
		}
		t := p.Tests[e.Test]
		if t == nil {
			t = &Test{Name: e.Test}
			p.Tests[e.Test] = t
			p.Order = append(p.Order, e.Test)
		}
		switch e.Action {
		case "output":
			line := strings.TrimRight(e.Output, "\n")
			if !strings.HasPrefix(strings.TrimSpace(line), "=== ") {
				t.Output = append(t.Output, line)
			}
		case "pass", "fail", "skip":
			// With -count=N a test ends N times; one failure is a failure.
			if t.Status != "fail" {
				t.Status = e.Action
			}
		}
	}
	return pkgs
}
