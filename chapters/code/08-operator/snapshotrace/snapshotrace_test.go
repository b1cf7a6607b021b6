// Package snapshotrace shows which fatal error the Registry of lab 08 can
// give in the operator. There, one goroutine writes the Registry (the
// informer's goroutine that calls the member handler: Set and Delete), and
// the one Reconcile at a time reads it with Snapshot, which is maps.Clone.
// maps.Clone checks the map's "writing" flag (Map.Clone on Swiss tables,
// mapclone2 on the classic map) but never sets it, so the writer can never
// see the reader: only the reader can catch the race, with "concurrent map
// clone and map write".
//
// The test builds the program in child/ with go build's -overlay, which
// leaves out every file of the lab's package and the solution's but the
// Registry's two (registry.go and clone.go). It runs each of the program's
// cases in a few child processes and counts how they ended: the Registry of
// the lab as it is in labs/08-operator (as shipped: no lock), with the
// operator's one writer and one reader, then with two writers, and the
// solution's Registry.
package snapshotrace

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

// runs is how many child processes each case starts.
const runs = 5

// kept are the files of each Registry's package that the program is built with.
var kept = map[string]bool{"registry.go": true, "clone.go": true}

var fatalRE = regexp.MustCompile(`(?m)^fatal error: .*$`)

// TestSnapshotRace builds the program, then runs each case in runs child
// processes and counts how they ended: the first line "fatal error: ..." of
// each, or "no crash".
func TestSnapshotRace(t *testing.T) {
	child := build(t)
	list, err := exec.Command(child).Output()
	if err != nil {
		t.Fatalf("%s: %v", child, err)
	}
	for _, name := range strings.Split(strings.TrimSpace(string(list)), "\n") {
		ends := map[string]int{}
		for range runs {
			out, _ := exec.Command(child, name).CombinedOutput()
			end := fatalRE.FindString(string(out))
			if end == "" {
				end, _, _ = strings.Cut(string(out), "\n")
			}
			ends[end]++
		}
		var lines []string
		for end, n := range ends {
			lines = append(lines, fmt.Sprintf("%2d of %d: %s", n, runs, end))
		}
		sort.Sort(sort.Reverse(sort.StringSlice(lines)))
		t.Logf("%s\n%s", name, strings.Join(lines, "\n"))
	}
}

// build builds the program in child/ with an overlay that deletes every Go
// file of labs/08-operator and solutions/08-operator but those kept, and
// returns the binary's path.
func build(t *testing.T) string {
	root, _, err := courseroot.Find("")
	if err != nil {
		t.Fatal(err)
	}
	replace := map[string]string{} // an empty path: the file is not there
	for _, dir := range []string{"labs", "solutions"} {
		files, err := filepath.Glob(filepath.Join(root, dir, "08-operator", "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("no Go file in %s/08-operator: %v", dir, err)
		}
		for _, f := range files {
			if !kept[filepath.Base(f)] {
				replace[f] = ""
			}
		}
	}
	ov, err := overlay.Write(replace)
	if err != nil {
		t.Fatal(err)
	}
	defer os.Remove(ov)
	bin := filepath.Join(t.TempDir(), "child")
	cmd := exec.Command("go", "build", "-buildvcs=false", "-overlay="+ov, "-o", bin, "./chapters/code/08-operator/snapshotrace/child")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build of the child program: %v\n%s", err, out)
	}
	return bin
}
