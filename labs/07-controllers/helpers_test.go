package controllers

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/envtest"

	"gomaps/labs/internal/labtest"
	"gomaps/labs/kubeassets/apiserver"
	"gomaps/labs/testout"
)

// What the tests share: a real API server for the package, and a child
// process for the workload that may crash.

// childEnv names the workload a child process runs instead of the tests.
const childEnv = "CONTROLLERS_LAB_WORKLOAD"

// workloads are the runs that may end in a fatal error, which no test can
// survive: they run in a child process, this test binary again. Each prints
// its result on the last line.
var workloads = map[string]func() error{}

// apiConfig is envtest's kube-apiserver, started once for the package;
// apiErr says why there is none.
var (
	apiConfig *rest.Config
	apiErr    error
)

func TestMain(m *testing.M) {
	if name := os.Getenv(childEnv); name != "" {
		w := workloads[name]
		if w == nil {
			fmt.Printf("no workload %q\n", name)
			os.Exit(3)
		}
		if err := w(); err != nil {
			fmt.Printf("wrong: %v\n", err)
			os.Exit(1)
		}
		fmt.Println("ok")
		os.Exit(0)
	}
	var env *envtest.Environment
	env, apiConfig, apiErr = apiserver.Start()
	code := m.Run()
	if env != nil {
		env.Stop()
	}
	os.Exit(code)
}

// apiServer returns a client of the package's real API server, or fails t
// with the one sentence that says why there is none.
func apiServer(t *testing.T) client.Client {
	t.Helper()
	if apiErr != nil {
		t.Fatal(apiErr)
	}
	c, err := client.New(apiConfig, client.Options{})
	if err != nil {
		t.Fatalf("make a client for envtest's API server: %v", err)
	}
	return c
}

// inChild runs the named workload in a child process and returns its last
// line ("ok" or "wrong: ..."), or the fatal error that stopped it with the
// first frame of lab code in its goroutine's stack.
func inChild(t *testing.T, name string) (result, fatal, where string) {
	t.Helper()
	// A race can also leave a map so broken that the workload never ends:
	// the child is stopped before the test's own deadline.
	out, _, hung := labtest.Rerun(t, childEnv+"="+name)
	return childOutcome(out, hung)
}

// childOutcome reads a child's output for inChild; hung says it was
// stopped before it finished.
func childOutcome(out string, hung bool) (result, fatal, where string) {
	if hung {
		return "wrong: it never finished, until the test's deadline: a data race left a map broken", "", ""
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	for i, line := range lines {
		if f, ok := strings.CutPrefix(line, "fatal error: "); ok {
			return "", f, labFrame(strings.Join(lines[i:], "\n"))
		}
		if strings.HasPrefix(line, "WARNING: DATA RACE") {
			return "", "data race (reported by -race)", labFrame(strings.Join(lines[i:], "\n"))
		}
	}
	return lines[len(lines)-1], "", ""
}

// fatalCause explains in one phrase the fatal error a child stopped with:
// the runtime's map checks, the misuses of a lock of package sync, or ""
// for another one.
func fatalCause(fatal string) string {
	if misuse := testout.LockMisuse(fatal); misuse != "" {
		return misuse
	}
	switch {
	case strings.Contains(fatal, "iteration and map write"):
		return "it ranged over pending while another goroutine wrote it"
	case strings.Contains(fatal, "read and map write"):
		return "one goroutine read pending while another wrote it"
	case strings.Contains(fatal, "concurrent map writes"):
		return "two goroutines wrote pending at once"
	}
	return ""
}

// isLockMisuse reports whether fatalCause called the fatal error a misuse
// of a lock, whose fix is not another lock.
func isLockMisuse(fatal string) bool { return testout.LockMisuse(fatal) != "" }

// labFrame returns the first function of the lab's own files (not its
// tests) named in a stack trace.
func labFrame(trace string) string {
	for _, f := range labtest.Frames(trace, "labs/07-controllers") {
		if fn, ok := strings.CutPrefix(f.Func, "gomaps/labs/07-controllers."); ok && !f.Test() {
			return fn
		}
	}
	return "the lab's code"
}
