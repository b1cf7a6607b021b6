// Package fatal shows, in a test, what the runtime does when goroutines use
// one map at once: it stops the whole program with a fatal error that
// recover cannot catch. The racy code runs in a child process, this test
// binary started again, because the crash would end the test binary itself.
package fatal

import (
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"runtime"
	"strings"
	"testing"
)

// childEnv names the race the child process runs instead of the tests.
const childEnv = "FATAL_DEMO_RACE"

func TestMain(m *testing.M) {
	if race := os.Getenv(childEnv); race != "" {
		child(race)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// child runs two goroutines that use one map at once, each with a deferred
// recover, until the runtime stops the program. If it never does, the child
// says so and exits normally.
func child(race string) {
	// The runtime's check only sees two operations that overlap in time,
	// which is far more likely with two threads running Go code at once.
	runtime.GOMAXPROCS(max(2, runtime.GOMAXPROCS(0)))

	m := map[string]int{}
	keys := make([]string, 1000)
	for i := range keys {
		keys[i] = fmt.Sprint("key", i)
		m[keys[i]] = i
	}
	write := func() {
		for _, k := range keys {
			m[k]++
		}
	}
	ops := map[string][2]func(){
		"two writers": {write, write},
		"a reader and a writer": {write, func() {
			for _, k := range keys {
				_ = m[k]
			}
		}},
		"a range and a delete": {func() {
			for _, k := range keys {
				delete(m, k)
				m[k] = 0
			}
		}, func() {
			for range m {
			}
		}},
	}[race]

	done := make(chan bool)
	for _, op := range ops {
		go func() {
			defer func() {
				if r := recover(); r != nil {
					fmt.Println("recovered:", r) // never printed: see the test
				}
				done <- true
			}()
			for range 1_000_000 { // seconds of map operations: they meet within milliseconds
				op()
			}
		}()
	}
	<-done
	<-done
	fmt.Println("no crash")
}

// TestFatal runs each race in a child process and shows how the child ended.
func TestFatal(t *testing.T) {
	for _, race := range []string{"two writers", "a reader and a writer", "a range and a delete"} {
		t.Run(strings.ReplaceAll(race, " ", "_"), func(t *testing.T) {
			cmd := exec.Command(os.Args[0])
			cmd.Env = append(os.Environ(), childEnv+"="+race)
			out, err := cmd.CombinedOutput()
			code := 0
			if exit, ok := err.(*exec.ExitError); ok {
				code = exit.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			text := string(out)
			first, _, _ := strings.Cut(text, "\n")
			t.Logf("%s: exit status %d", race, code)
			t.Logf("first line: %s", first)
			t.Logf("crashed at: %s", userFrame(text))
			t.Logf("a deferred recover caught it: %v", strings.Contains(text, "recovered:"))
			if code != 2 || !strings.HasPrefix(first, "fatal error: concurrent map") || strings.Contains(text, "recovered:") {
				t.Errorf("want exit status 2, a first line \"fatal error: concurrent map ...\", and no recover")
			}
		})
	}
}

// frameRE matches a stack frame's file and line in this test file.
var frameRE = regexp.MustCompile(`/(fatal_test\.go:\d+)`)

// userFrame returns the first line of this file in the crashed goroutine's
// stack: the map operation that the runtime caught.
func userFrame(out string) string {
	if m := frameRE.FindStringSubmatch(out); m != nil {
		return m[1]
	}
	return "(no frame of fatal_test.go)"
}
