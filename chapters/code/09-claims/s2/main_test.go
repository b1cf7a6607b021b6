// Package s2 checks the claims of the third seed post (S2) about the map runtime: what delete
// does to a map, what a map keeps and frees, and the runtime's map functions as the compiler,
// pprof and delve show them. Each test is named by the claim's ID (chapters/code/09-claims/s2.go).
//
// The package runs on every map runtime (the lanes of labs/lanes); where the runtimes differ, a
// test branches on inspect.Build(). The classic one so:
//
//	go test ./chapters/code/09-claims/s2
//	env $(go run ./tools/course lanes -env classic) go test ./chapters/code/09-claims/s2
//
// It imports nothing of Kubernetes, so that no lane compiles client-go. The claims about
// Kubernetes (on a real kube-apiserver and etcd), the compiler's flags and type checks, pprof's
// heap endpoint and sync.Map's API are in package s2/once, which runs once.
package s2

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"gomaps/chapters/code/09-claims/check"
	"gomaps/labs/inspect"
)

// pkgDir is this package's folder relative to the course's root, for the go command.
const pkgDir = "./chapters/code/09-claims/s2"

// testdata returns the path of a file or folder of testdata, relative to the course's root.
func testdata(name string) string {
	return pkgDir + "/testdata/" + name
}

// layout inspects m or ends the test.
func layout[K comparable, V any](t *testing.T, m map[K]V) *inspect.Layout {
	t.Helper()
	l, err := inspect.Inspect(m)
	if err != nil {
		t.Fatalf("inspect: %v", err)
	}
	return l
}

// locate says where key sits in m, or ends the test.
func locate[K comparable, V any](t *testing.T, m map[K]V, key K) inspect.Location {
	t.Helper()
	loc, ok, err := inspect.Locate(m, key)
	if err != nil {
		t.Fatalf("inspect: %v", err)
	}
	if !ok {
		t.Fatalf("key %v is not in the map", key)
	}
	return loc
}

// ctrlAt returns the control byte (Swiss) or tophash (classic) of the slot at loc, read again
// from a fresh layout.
func ctrlAt(l *inspect.Layout, loc inspect.Location) uint8 {
	if l.Swiss != nil {
		if loc.Table < 0 {
			return l.Swiss.Small.Ctrl[loc.Slot]
		}
		return l.Swiss.Tables[loc.Table].Groups[loc.Group].Ctrl[loc.Slot]
	}
	arr := l.Classic.Buckets
	if loc.Old {
		arr = l.Classic.OldBuckets
	}
	return arr[loc.Bucket].Chain[loc.Overflow][loc.Slot]
}

// intMap returns a map of the keys 0 to n-1, each mapped to itself, inserted in order.
func intMap(n int) map[int]int {
	m := make(map[int]int)
	for k := range n {
		m[k] = k
	}
	return m
}

// tempBinary returns a path for a program built by a test.
func tempBinary(t *testing.T, name string) string {
	return filepath.Join(t.TempDir(), name)
}

// build compiles the package at dir (relative to the course's root) into a binary and returns
// its path, with the go command's flags before the package.
func build(t *testing.T, dir string, flags ...string) string {
	t.Helper()
	bin := tempBinary(t, filepath.Base(dir))
	args := append(append([]string{"build", "-o", bin}, flags...), dir)
	out, code := check.Go(t, 5*time.Minute, nil, args...)
	if code != 0 {
		t.Fatalf("go %v: exit %d\n%s", args, code, out)
	}
	if _, err := os.Stat(bin); err != nil {
		t.Fatal(err)
	}
	return bin
}

//course:every-lane its tests read the map runtime through the inspector
