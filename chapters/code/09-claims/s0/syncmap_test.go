package s0

// The claims of the post's sections 2.3 and 2.5 about the sync.Map of the running toolchain:
// which implementation it is, and what its Range sees. The claims about sync.Map's API and
// source, and about locks, are in package s0/once.

import (
	"reflect"
	"strings"
	"sync"
	"testing"

	claims "gomaps/chapters/code/09-claims"
	"gomaps/chapters/code/09-claims/check"
)

const (
	trie       = "src/internal/sync/hashtriemap.go"
	oldSyncMap = "src/sync/map.go" // at Go125: the implementation before the hash-trie
)

// syncMapImpl is the type of sync.Map's field that holds the map.
func syncMapImpl() string {
	typ := reflect.TypeFor[sync.Map]()
	for i := range typ.NumField() {
		if f := typ.Field(i); f.Name == "m" || f.Name == "read" {
			return f.Name + " " + f.Type.String()
		}
	}
	return ""
}

func TestS0_24_SyncMapLoadTakesNoLock(t *testing.T) {
	for _, at := range []string{claims.Go125, claims.Go126, claims.Go127} {
		load := check.FuncBody(t, at, trie, `^func \(ht \*HashTrieMap\[K, V\]\) Load\(`)
		if check.Contains(load, "Lock()") {
			t.Errorf("HashTrieMap.Load at %s locks:\n%s", at, strings.Join(load, "\n"))
		}
	}
	// The implementation before Go 1.24 locks on a miss while new keys wait in the dirty map.
	old := check.FuncBody(t, claims.Go125, oldSyncMap, `^func \(m \*Map\) Load\(`)
	if !check.Contains(old, "if !ok && read.amended {") || !check.Contains(old, "m.mu.Lock()") {
		t.Errorf("the old sync.Map's Load no longer locks on a miss:\n%s", strings.Join(old, "\n"))
	}
	if impl := syncMapImpl(); !strings.Contains(impl, "HashTrieMap") {
		t.Errorf("sync.Map holds %q; want the hash-trie on this runtime", impl)
	}
}

func TestS0_25_RangeIsNotASnapshot(t *testing.T) {
	var m sync.Map
	for k := range 1000 {
		m.Store(k, "original")
	}
	visited := map[int]int{}
	m.Range(func(key, value any) bool {
		k := key.(int)
		visited[k]++
		if k < 1000 {
			m.Delete((k + 500) % 1000) // the partner of this key: not visited yet
			m.Store(1000+k, "new")
		}
		return true
	})
	originals, stored := 0, 0
	for k, n := range visited {
		if n > 1 {
			t.Errorf("key %d visited %d times", k, n)
		}
		if k < 1000 {
			originals++
		} else {
			stored++
		}
	}
	// At the start the map held 1000 keys; Range saw 500 of them.
	if originals != 500 {
		t.Errorf("Range visited %d of the 1000 keys present when it started; want 500 (the others were deleted before it reached them)", originals)
	}
	t.Logf("%s: Range visited 500 of the 1000 original keys and %d of the 500 keys stored during it", syncMapImpl(), stored)
}

func TestS0_32_SyncMapIsAHashTrieSinceGo124(t *testing.T) {
	check.Has(t, claims.Go125, oldSyncMap, `^//go:build !goexperiment.synchashtriemap`)
	check.Has(t, claims.Go125, oldSyncMap, `dirty map\[any\]\*entry`)
	check.Has(t, claims.Go125, "src/internal/buildcfg/exp.go", `SyncHashTrieMap: true,`)
	for _, at := range []string{claims.Go126, claims.Go127} {
		check.Has(t, at, "src/sync/map.go", `m isync.HashTrieMap\[any, any\]`)
		check.Lacks(t, at, "src/sync/map.go", `dirty`)
	}
	if impl := syncMapImpl(); !strings.Contains(impl, "HashTrieMap") {
		t.Errorf("sync.Map holds %q on this runtime; want the hash-trie", impl)
	}
	// Go 1.26 and 1.27 no longer have the experiment that brought the old implementation back.
	check.Has(t, claims.Go125, "src/internal/goexperiment/flags.go", `^\s+SyncHashTrieMap bool`)
	for _, at := range []string{claims.Go126, claims.Go127} {
		check.Lacks(t, at, "src/internal/goexperiment", `SyncHashTrieMap`)
	}
}
