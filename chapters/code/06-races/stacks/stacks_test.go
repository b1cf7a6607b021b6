// Package stacks counts the goroutine stacks that a fatal error prints. The
// racy code runs in a child process, this test binary started again, which
// parks a few goroutines and then has two goroutines write one map until the
// runtime stops it with "fatal error: concurrent map writes".
//
// Which stacks are printed is decided by gotraceback() in runtime/runtime1.go:
// a fatal error is a throw of type throwTypeUser, and Go 1.25 prints every
// goroutine for it (all = throwing >= throwTypeUser), while Go 1.26 prints
// every goroutine only for runtime throws (all = throwing > throwTypeUser),
// or when GOTRACEBACK=all (or system, or crash) asks for them.
package stacks

import (
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"gomaps/labs/inspect"
)

// childEnv makes the test binary run the race instead of the tests.
const childEnv = "STACKS_DEMO_CHILD"

// parked is how many goroutines the child parks before the race.
const parked = 5

func TestMain(m *testing.M) {
	if os.Getenv(childEnv) != "" {
		child()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// child parks some goroutines, says how many goroutines it has, then writes
// one map from two goroutines until the runtime stops it.
func child() {
	runtime.GOMAXPROCS(max(2, runtime.GOMAXPROCS(0)))
	block := make(chan bool)
	for range parked {
		go func() { <-block }()
	}
	m := map[int]int{}
	start := make(chan bool)
	write := func() {
		<-start
		for i := 0; ; i++ {
			m[i%1000] = i
		}
	}
	go write()
	go write()
	fmt.Printf("goroutines: %d\n", runtime.NumGoroutine())
	close(start)
	select {} // the fatal error ends the process
}

// header matches the first line of a goroutine's stack in a traceback.
var header = regexp.MustCompile(`(?m)^goroutine \d+ \[`)

// TestStacks runs the child with GOTRACEBACK unset and set to all, and counts
// the stacks each fatal error printed.
func TestStacks(t *testing.T) {
	// The minor version only ("go1.26"), so the output is the same on every
	// patch release.
	version, _, _ := strings.Cut(runtime.Version(), " ")
	if parts := strings.SplitN(version, ".", 3); len(parts) == 3 {
		version = parts[0] + "." + parts[1]
	}
	t.Logf("runtime %s, built with %s", version, inspect.Build())
	for _, traceback := range []string{"", "all"} {
		cmd := exec.Command(os.Args[0])
		cmd.Env = append(os.Environ(), childEnv+"=1", "GOTRACEBACK="+traceback)
		out, _ := cmd.CombinedOutput()
		text := string(out)
		fatal := regexp.MustCompile(`(?m)^fatal error: .*$`).FindString(text)
		alive := regexp.MustCompile(`goroutines: (\d+)`).FindStringSubmatch(text)
		if fatal == "" || alive == nil {
			t.Fatalf("GOTRACEBACK=%s: the child did not end with a fatal error:\n%s", traceback, text)
		}
		name := "GOTRACEBACK=" + traceback
		if traceback == "" {
			name = "GOTRACEBACK unset"
		}
		top := regexp.MustCompile(`\[running\]:\n(\S+)\(`).FindStringSubmatch(text)
		if top == nil {
			top = []string{"", "(none)"}
		}
		t.Logf("%-17s  %s; %s goroutines alive, %d stack(s) printed; the first frame shown: %s",
			name, fatal, alive[1], len(header.FindAllString(text, -1)), top[1])
	}
}

//course:every-lane it counts the stacks of the map runtime's fatal error, which differ by version
