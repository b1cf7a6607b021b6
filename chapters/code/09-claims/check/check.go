// Package check holds what the tests of chapter 09's claims share: looking a line or a function
// up in a toolchain's or a module's source, building a program that should not compile, running
// the go command, and running a test's workload in a child process that a fatal error may end.
//
// The packages of claims about the map runtime (s0, s1, s2, and r1, r2, r3, r5) run on every
// lane, each with that lane's toolchain, and use this package: it imports nothing of Kubernetes,
// directly or not, so that no lane compiles Kubernetes' client libraries. What starts an API
// server is package check/kube, for the packages that run once (s0/once, s1/once, s2/once).
// What reads a live map's layout is package check/inspector: this one does not import the
// inspector, so that the packages that run once may use it and stay off the lanes.
package check

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"gomaps/chapters/code/internal/gosrc"
)

var (
	resolverOnce sync.Once
	resolver     *gosrc.Resolver
	resolverErr  error
)

// Resolver returns the one resolver of this test binary, which finds the course's root.
func Resolver(t testing.TB) *gosrc.Resolver {
	t.Helper()
	resolverOnce.Do(func() { resolver, resolverErr = gosrc.NewResolver() })
	if resolverErr != nil {
		t.Fatal(resolverErr)
	}
	return resolver
}

// Root returns the folder of a Go toolchain (claims.Go125, claims.Go126) or of a
// module@version, fetching it through the go command if needed.
func Root(t testing.TB, at string) string {
	t.Helper()
	root, err := Resolver(t).Root(at)
	if err != nil {
		t.Fatalf("the source at %s: %v", at, err)
	}
	return root
}

// Line is a line of source found by Find.
type Line = gosrc.Hit

// Find returns every line of file (or of every non-test .go file under a folder) at a version
// that matches the regular expression find.
func Find(t testing.TB, at, file, find string) []Line {
	t.Helper()
	root := Root(t, at)
	lines, err := gosrc.Grep(filepath.Join(root, filepath.FromSlash(file)), root, regexp.MustCompile(find), false)
	if err != nil {
		t.Fatalf("%s at %s: %v", file, at, err)
	}
	return lines
}

// Has fails the test unless a line of file at a version matches find, and returns the first.
func Has(t testing.TB, at, file, find string) Line {
	t.Helper()
	lines := Find(t, at, file, find)
	if len(lines) == 0 {
		t.Fatalf("%s at %s: no line matches %q", file, at, find)
	}
	return lines[0]
}

// Lacks fails the test if a line of file (or folder) at a version matches find: for an API that
// does not exist, the day it appears.
func Lacks(t testing.TB, at, file, find string) {
	t.Helper()
	if lines := Find(t, at, file, find); len(lines) > 0 {
		t.Fatalf("%s at %s: %s:%d matches %q: %s", file, at, lines[0].File, lines[0].Line, find, lines[0].Text)
	}
}

// FuncBody returns the lines of the Go function (or type) declared on the one line of file at
// a version (a toolchain or module@version) that matches decl, up to its closing brace at the
// start of a line (see gosrc.FindDecl).
func FuncBody(t testing.TB, at, file, decl string) []string {
	t.Helper()
	root := Root(t, at)
	d, err := gosrc.FindDecl(filepath.Join(root, filepath.FromSlash(file)), root, decl)
	if err != nil {
		t.Fatalf("%s at %s: %v", file, at, err)
	}
	return d.Lines
}

// Contains reports whether any of lines contains s.
func Contains(lines []string, s string) bool {
	for _, l := range lines {
		if strings.Contains(l, s) {
			return true
		}
	}
	return false
}

// Head returns the first n lines of s, each with its newline.
func Head(s string, n int) string {
	lines := strings.SplitAfter(s, "\n")
	if len(lines) > n {
		lines = lines[:n]
	}
	return strings.Join(lines, "")
}

// Go runs the go command in the course's root, with env added, and returns its combined output
// and exit status. It fails the test if the command cannot start or runs longer than limit.
func Go(t testing.TB, limit time.Duration, env []string, args ...string) (string, int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = Resolver(t).Repo
	cmd.Env = append(os.Environ(), env...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("go %s: still running after %v:\n%s", strings.Join(args, " "), limit, out.String())
	}
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatalf("go %s: %v", strings.Join(args, " "), err)
	}
	code := 0
	if exit != nil {
		code = exit.ExitCode()
	}
	return out.String(), code
}

// assemblies holds what Assembly compiled, by file: each file once per test binary.
var assemblies sync.Map // file -> *assembly

type assembly struct {
	once sync.Once
	out  string
	code int
}

// Assembly returns the compiler's listing (go tool compile -S) of the one-file program at file
// (relative to the course's root, such as "chapters/code/09-claims/r1/testdata/calls/main.go"),
// compiled by this lane's toolchain (the go command runs the lane's GOTOOLCHAIN and
// GOEXPERIMENT), once per test binary. It fails the test when the file does not compile.
func Assembly(t testing.TB, file string) string {
	t.Helper()
	v, _ := assemblies.LoadOrStore(file, &assembly{})
	a := v.(*assembly)
	a.once.Do(func() {
		a.out, a.code = Go(t, 5*time.Minute, nil, "tool", "compile", "-S", "-p", "main", "-o", os.DevNull, file)
	})
	if a.code != 0 {
		t.Fatalf("go tool compile -S %s: exit %d\n%s", file, a.code, Head(a.out, 20))
	}
	return a.out
}

// Build compiles the package at dir (relative to the course's root, such as
// "./chapters/code/09-claims/s0/testdata/mapkey") without writing a binary, and returns the
// compiler's output and whether it compiled.
func Build(t testing.TB, dir string) (string, bool) {
	t.Helper()
	out, code := Go(t, 5*time.Minute, nil, "build", "-o", os.DevNull, dir)
	return out, code == 0
}

// childEnv names the test a child process runs the workload of.
const childEnv = "GOMAPS_CLAIMS_CHILD"

// IsChild reports whether this process is a child that Child started to run t's workload.
func IsChild(t testing.TB) bool {
	return os.Getenv(childEnv) == t.Name()
}

// Child runs t's test again in a child process (this test binary, only this test), where
// IsChild(t) is true, so that a fatal error, which no recover catches, ends the child and not
// the test. It returns the child's combined output and exit status; a child running longer
// than limit is killed and fails the test.
func Child(t testing.TB, limit time.Duration, env ...string) (string, int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^"+regexp.QuoteMeta(t.Name())+"$", "-test.count=1", "-test.v")
	cmd.Env = append(append(os.Environ(), childEnv+"="+t.Name()), env...)
	out, err := cmd.CombinedOutput()
	if ctx.Err() != nil {
		t.Fatalf("the child process of %s still ran after %v:\n%s", t.Name(), limit, out)
	}
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatalf("start this test binary as a child: %v", err)
	}
	if exit != nil {
		return string(out), exit.ExitCode()
	}
	return string(out), 0
}
