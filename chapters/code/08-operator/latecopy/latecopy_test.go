// Package latecopy runs step 5 of lab 08 with wrong Snapshots: each is the
// solution's Registry with another body for Snapshot, put in place of the
// learner's files by go test -overlay, and each waits for the lock, so the
// step's first check (does every method wait while the test holds the lock?)
// passes it. The race of each is a write during the copy, which the runtime's
// check stops only on the runs where the two meet and the race detector does
// not see. Step 5 makes that write happen in the middle of the copy, so it
// must refuse each one on every run, with the message that names what is
// wrong, and before it starts an API server.
package latecopy

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"gomaps/labs/courseroot"
	"gomaps/labs/overlay"
)

// runs is how many times go test runs step 5 on each wrong Snapshot.
const runs = 10

// solved is the body of the solution's Snapshot, which each case replaces.
const solved = "\tr.mu.Lock()\n\tdefer r.mu.Unlock()\n\treturn cloneMembers(r.members)\n}"

var wrong = []struct {
	name, body string
	want       string // in every run's message
}{
	{"unlocks, then copies (the copy after Unlock)",
		"\tr.mu.Lock()\n\tm := r.members\n\tr.mu.Unlock()\n\treturn cloneMembers(m)\n}",
		"it unlocks r.mu before the copy is done"},
	{"copies, then locks (the copy before Lock)",
		"\tc := cloneMembers(r.members)\n\tr.mu.Lock()\n\tdefer r.mu.Unlock()\n\treturn c\n}",
		"it unlocks r.mu before the copy is done (or copies before it locks)"},
	{"unlocks, then copies with maps.Clone itself",
		"\tr.mu.Lock()\n\tm := r.members\n\tr.mu.Unlock()\n\treturn maps.Clone(m)\n}",
		"without copying the map with cloneMembers"},
}

// messageRE finds a failure message of step 5 in go test's output.
var messageRE = regexp.MustCompile(`(?m)^\s+step5_race_test\.go:\d+: (.*)$`)

func TestStep5RefusesALateCopy(t *testing.T) {
	root, _, err := courseroot.Find("")
	if err != nil {
		t.Fatal(err)
	}
	lab := filepath.Join(root, "labs", "08-operator")
	replace, err := overlay.Solutions(root, "08-operator")
	if err != nil {
		t.Fatal(err)
	}
	registry, err := os.ReadFile(replace[filepath.Join(lab, "registry.go")])
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(registry), solved) {
		t.Fatalf("the solution's Snapshot does not end with %q any more: update this test", solved)
	}
	for _, c := range wrong {
		file := filepath.Join(t.TempDir(), "registry.go")
		if err := os.WriteFile(file, []byte(strings.Replace(string(registry), solved, c.body, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
		replace[filepath.Join(lab, "registry.go")] = file
		ov, err := overlay.Write(replace)
		if err != nil {
			t.Fatal(err)
		}
		defer os.Remove(ov)
		cmd := exec.Command("go", "test", "-vet=off", "-overlay="+ov, "-count="+fmt.Sprint(runs), "-run=^TestStep5", "./labs/08-operator") // -vet=off: it checks step 5's messages, and vet would go through Kubernetes' packages again
		cmd.Dir = root
		out, _ := cmd.CombinedOutput()

		// How the runs ended: the first sentence of each message.
		ends := map[string]int{}
		refused := 0
		for _, m := range messageRE.FindAllStringSubmatch(string(out), -1) {
			first, _, _ := strings.Cut(m[1], ". ")
			ends[first]++
			if strings.Contains(m[1], c.want) {
				refused++
			}
		}
		var lines []string
		for end, n := range ends {
			lines = append(lines, fmt.Sprintf("%2d of %d: %s", n, runs, end))
		}
		sort.Sort(sort.Reverse(sort.StringSlice(lines)))
		t.Logf("%s\n%s", c.name, strings.Join(lines, "\n"))
		switch {
		case refused != runs:
			t.Errorf("%s: step 5 refused %d of %d runs with a message that says %q; want every run:\n%s", c.name, refused, runs, c.want, out)
		case strings.Contains(string(out), "child process"):
			t.Errorf("%s: step 5 ran the operator in a child process; want it refused before:\n%s", c.name, out)
		}
	}
}
