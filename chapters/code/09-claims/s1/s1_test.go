// Package s1 checks the claims of the second seed post (S1) about map iteration: the orders a
// range gives, the seed, and the patterns that make output deterministic. Each test is named by
// the claim's ID (chapters/code/09-claims/s1.go).
//
// Its tests range over maps and read their layout through the inspector, so the package runs
// on every map runtime (the lanes of labs/lanes), the classic one so:
//
//	go test ./chapters/code/09-claims/s1
//	env $(go run ./tools/course lanes -env classic) go test ./chapters/code/09-claims/s1
//
// It imports nothing of Kubernetes, so that no lane compiles client-go. The claims about
// client-go, controller-runtime, a real API server and etcd, and the other libraries' sources
// are in package s1/once, which runs once.
package s1

import (
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	claims "gomaps/chapters/code/09-claims"
	"gomaps/chapters/code/09-claims/check"
	"gomaps/labs/inspect"
)

// The modules the tests look lines up in, besides the toolchains.
const (
	orderedMap = "github.com/iancoleman/orderedmap@v0.3.0"
	xexp       = "golang.org/x/exp@v0.0.0-20240719175910-8a7402abbf56"
)

// postMap is the map of the post's first program.
func postMap() map[string]int {
	return map[string]int{
		"apple":  1,
		"banana": 2,
		"cherry": 3,
		"date":   4,
	}
}

// order returns the keys of one range over m, in the order it gave them.
func order[V any](m map[string]V) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	return strings.Join(keys, " ")
}

// orders ranges over m n times and counts each order.
func orders[V any](m map[string]V, n int) map[string]int {
	seen := map[string]int{}
	for range n {
		seen[order(m)]++
	}
	return seen
}

// rotations returns the rotations of keys, joined by spaces.
func rotations(keys ...string) map[string]bool {
	out := map[string]bool{}
	for i := range keys {
		out[strings.Join(slices.Concat(keys[i:], keys[:i]), " ")] = true
	}
	return out
}

// seed reads the hash seed of a live map from its header: hmap.hash0 on the classic map,
// Map.seed on Swiss tables.
func seed[V any](t *testing.T, m map[string]V) uint64 {
	t.Helper()
	l, err := inspect.Inspect(m)
	if err != nil {
		t.Fatal(err)
	}
	if l.Swiss != nil {
		return l.Swiss.Seed
	}
	return uint64(l.Classic.Hash0)
}

// swiss reports whether this build's maps are Swiss tables.
func swiss() bool { return inspect.Build() == inspect.Swiss }

// goDoc reports whether file (under doc/ or api/ of Go 1.26.8) can be checked in this run. The
// toolchain module that the go command downloads for GOTOOLCHAIN has no doc/ or api/ folder, so
// a run on another toolchain than the local Go 1.26.8 may not find them: the check is then left
// to the run on Go 1.26.8, where a missing file fails the test.
func goDoc(t *testing.T, file string) bool {
	t.Helper()
	_, err := os.Stat(filepath.Join(check.Root(t, claims.Go126), filepath.FromSlash(file)))
	switch {
	case err == nil:
		return true
	case runtime.Version() != claims.Go126:
		t.Logf("%s of %s is not in the downloaded toolchain module: checked by the run on %s", file, claims.Go126, claims.Go126)
		return false
	}
	t.Fatal(err)
	return false
}

func goDocHas(t *testing.T, file, find string) {
	t.Helper()
	if goDoc(t, file) {
		check.Has(t, claims.Go126, file, find)
	}
}

func goDocLacks(t *testing.T, file, find string) {
	t.Helper()
	if goDoc(t, file) {
		check.Lacks(t, claims.Go126, file, find)
	}
}

//course:every-lane its tests read the map runtime through the inspector
