// Package once checks the claims of the third seed post (S2) that do not depend on the map
// runtime: about a real kube-apiserver and etcd (envtest), client-go, controller-runtime and
// kubectl, the compiler's flags and type checks, pprof's heap endpoint and sync.Map's API. Each
// test is named by the claim's ID (chapters/code/09-claims/s2.go). The tests of Kubernetes
// behaviour share one real kube-apiserver and etcd, started on first use (package check/kube).
//
// It runs once, on the default lane: it imports client-go and controller-runtime, which no lane
// should have to compile with its own toolchain. The claims about the map runtime are in package
// s2, one folder up, which runs on every lane.
package once

import (
	"reflect"
	"sync"
	"testing"

	claims "gomaps/chapters/code/09-claims"
	"gomaps/chapters/code/09-claims/check"
	"gomaps/chapters/code/09-claims/check/kube"
)

func TestMain(m *testing.M) {
	kube.Main(m)
}

// pkgDir is this package's folder relative to the course's root, for the go command.
const pkgDir = "./chapters/code/09-claims/s2/once"

// testdata returns the path of a file or folder of this package's testdata, relative to the
// course's root.
func testdata(name string) string {
	return pkgDir + "/testdata/" + name
}

// dlvmap is the program of the delve claims (S2-28, S2-29, in package s2), whose testdata holds
// it; TestS2_25 compiles it too.
const dlvmap = "./chapters/code/09-claims/s2/testdata/dlvmap"

func TestS2_10_SyncMapRangesButHasNoLen(t *testing.T) {
	var sm sync.Map
	for k := range 100 {
		sm.Store(k, k)
	}
	n := 0
	for k, v := range sm.Range { // Range is an iterator since Go 1.23
		if k != v {
			t.Fatalf("entry %v: %v", k, v)
		}
		n++
	}
	if n != 100 {
		t.Errorf("range sm.Range visited %d entries; want 100", n)
	}
	typ := reflect.TypeFor[*sync.Map]()
	if _, ok := typ.MethodByName("Range"); !ok {
		t.Error("sync.Map has no Range method")
	}
	if _, ok := typ.MethodByName("Len"); ok {
		t.Error("sync.Map has a Len method")
	}
	for _, at := range []string{claims.Go125, claims.Go126, claims.Go127} {
		check.Lacks(t, at, "src/sync/map.go", `^func \(m \*Map\) Len\(`)
		check.Has(t, at, "src/sync/map.go", `Range does not necessarily correspond to any consistent snapshot`)
	}
}
