package s0

// The claims of the post's sections 2.3 to 2.5 about sync.Map and locks, and of section 4.2
// about a sync.Map index that reads and writes without locks.

import (
	"reflect"
	"strings"
	"sync"
	"testing"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/cache"

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
	load := funcBody(t, claims.Go126, trie, `^func \(ht \*HashTrieMap\[K, V\]\) Load\(`)
	if contains(load, "Lock()") {
		t.Errorf("HashTrieMap.Load locks:\n%s", strings.Join(load, "\n"))
	}
	// The implementation before Go 1.24 locks on a miss while new keys wait in the dirty map.
	old := funcBody(t, claims.Go125, oldSyncMap, `^func \(m \*Map\) Load\(`)
	if !contains(old, "if !ok && read.amended {") || !contains(old, "m.mu.Lock()") {
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

func TestS0_26_RangeWalksOnceWithoutRetry(t *testing.T) {
	iter := funcBody(t, claims.Go126, trie, `^func \(ht \*HashTrieMap\[K, V\]\) iter\(`)
	if !contains(iter, "ht.iter(n.indirect(), yield)") {
		t.Errorf("HashTrieMap.iter does not recurse into child nodes:\n%s", strings.Join(iter, "\n"))
	}
	old := funcBody(t, claims.Go125, oldSyncMap, `^func \(m \*Map\) Range\(`)
	if !contains(old, "for k, e := range read.m {") {
		t.Errorf("the old Range does not range over its read-only map once:\n%s", strings.Join(old, "\n"))
	}
	for name, body := range map[string][]string{"HashTrieMap.iter": iter, "the old Map.Range": old} {
		for _, word := range []string{"retry", "goto", "segment"} {
			if contains(body, word) {
				t.Errorf("%s mentions %q:\n%s", name, word, strings.Join(body, "\n"))
			}
		}
	}
}

func TestS0_27_NoMapCallsBackOnDelete(t *testing.T) {
	// No method of sync.Map takes a callback, except Range.
	typ := reflect.TypeFor[*sync.Map]()
	for i := range typ.NumMethod() {
		meth := typ.Method(i)
		for j := 1; j < meth.Type.NumIn(); j++ {
			if meth.Type.In(j).Kind() == reflect.Func && meth.Name != "Range" {
				t.Errorf("sync.Map.%s takes a function", meth.Name)
			}
		}
	}
	// Deletions are reported by the informer, to the handlers a controller registers.
	called := false
	var handler cache.ResourceEventHandler = cache.ResourceEventHandlerFuncs{DeleteFunc: func(any) { called = true }}
	handler.OnDelete(&corev1.Pod{})
	if !called {
		t.Error("ResourceEventHandlerFuncs.OnDelete did not call DeleteFunc")
	}
}

func TestS0_28_SyncMapHoldsAny(t *testing.T) {
	load, _ := reflect.TypeFor[*sync.Map]().MethodByName("Load")
	if load.Type.In(1) != reflect.TypeFor[any]() || load.Type.Out(0) != reflect.TypeFor[any]() {
		t.Errorf("sync.Map.Load is %v; want func(any) (any, bool)", load.Type)
	}
	var m sync.Map
	m.Store("pod-1", "Running") // a string where the reader expects a *Pod: it compiles
	v, _ := m.Load("pod-1")
	if _, ok := v.(*corev1.Pod); ok {
		t.Error("a string passed as a *corev1.Pod")
	}
	defer func() {
		if r := recover(); r == nil {
			t.Error("the one-value type assertion of a string to *corev1.Pod did not panic")
		}
	}()
	_ = v.(*corev1.Pod)
}

func TestS0_29_PodStatusSampleDoesNotCompile(t *testing.T) {
	out, ok := check.Build(t, "./chapters/code/09-claims/s0/testdata/podstatus")
	if ok {
		t.Fatal("the post's sync.Map sample compiled")
	}
	for _, want := range []string{
		`cannot use corev1.PodRunning (constant "Running" of string type "k8s.io/api/core/v1".PodPhase) as "k8s.io/api/core/v1".PodStatus value in struct literal`,
		`invalid operation: pod.Status != corev1.PodRunning (mismatched types "k8s.io/api/core/v1".PodStatus and "k8s.io/api/core/v1".PodPhase)`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the compiler did not say %s:\n%s", want, out)
		}
	}
	// What the sample meant: the phase is a field of the status.
	pod := &corev1.Pod{Status: corev1.PodStatus{Phase: corev1.PodRunning}}
	if pod.Status.Phase != corev1.PodRunning {
		t.Error("Status.Phase is not PodRunning")
	}
}

func TestS0_30_ReadersShareAnRWMutex(t *testing.T) {
	var rw sync.RWMutex
	rw.RLock()
	if !rw.TryRLock() {
		t.Error("a second reader could not take the read lock while a first one held it")
	} else {
		rw.RUnlock()
	}
	if rw.TryLock() {
		t.Error("a writer took the lock while a reader held it")
	}
	rw.RUnlock()
	var mu sync.Mutex
	mu.Lock()
	if mu.TryLock() {
		t.Error("a Mutex let a second holder in")
	}
	mu.Unlock()
	// RLock is not free: every reader adds to one shared counter.
	check.Has(t, claims.Go126, "src/sync/rwmutex.go", `rw.readerCount.Add\(1\) < 0`)
}

func TestS0_32_SyncMapIsAHashTrieSinceGo124(t *testing.T) {
	check.Has(t, claims.Go125, oldSyncMap, `^//go:build !goexperiment.synchashtriemap`)
	check.Has(t, claims.Go125, oldSyncMap, `dirty map\[any\]\*entry`)
	check.Has(t, claims.Go125, "src/internal/buildcfg/exp.go", `SyncHashTrieMap: true,`)
	check.Has(t, claims.Go126, "src/sync/map.go", `m isync.HashTrieMap\[any, any\]`)
	check.Lacks(t, claims.Go126, "src/sync/map.go", `dirty`)
	if impl := syncMapImpl(); !strings.Contains(impl, "HashTrieMap") {
		t.Errorf("sync.Map holds %q on this runtime; want the hash-trie", impl)
	}
	// Go 1.26 no longer has the experiment that brought the old implementation back.
	check.Has(t, claims.Go125, "src/internal/goexperiment/flags.go", `^\s+SyncHashTrieMap bool`)
	check.Lacks(t, claims.Go126, "src/internal/goexperiment", `SyncHashTrieMap`)
}

func TestS0_55_SyncMapWritesLockANode(t *testing.T) {
	swap := funcBody(t, claims.Go126, trie, `^func \(ht \*HashTrieMap\[K, V\]\) Swap\(`)
	if !contains(swap, "i.mu.Lock()") {
		t.Errorf("HashTrieMap.Swap, which Store calls, takes no lock:\n%s", strings.Join(swap, "\n"))
	}
	check.Has(t, claims.Go126, trie, `_, _ = ht.Swap\(key, new\)`)
	// Before Go 1.24, a Store of a new key locked the whole map.
	old := funcBody(t, claims.Go125, oldSyncMap, `^func \(m \*Map\) Swap\(`)
	if !contains(old, "m.mu.Lock()") {
		t.Errorf("the old sync.Map's Swap takes no lock:\n%s", strings.Join(old, "\n"))
	}
}
