package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync/atomic"

	"gomaps/labs/testout"
	"gomaps/tools/lab/internal/course"
)

// A testResult is one test or subtest of a run; a pkgResult what go test said of one package.
type (
	testResult = testout.Test
	pkgResult  = testout.Package
)

// goTestResult is a whole go test run.
type goTestResult struct {
	pkgs   map[string]*pkgResult
	stderr string // what the go command itself printed
	err    error  // how the go command exited
}

// goTestRuns counts the runs of go test, for the tests of the result cache.
var goTestRuns atomic.Int64

// goTest runs go test -json with args in the course root.
func goTest(ctx context.Context, c *course.Course, args ...string) *goTestResult {
	goTestRuns.Add(1)
	cmd := c.Go.With("GOFLAGS="+strings.TrimSpace(os.Getenv("GOFLAGS"))).Command(ctx, append([]string{"test", "-json"}, args...)...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	res := &goTestResult{}
	res.err = cmd.Run()
	res.stderr = stderr.String()
	res.pkgs = testout.ReadJSON(&stdout)
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
