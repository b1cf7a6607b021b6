package once

// The claims of the post's sections 2.3 to 2.5 and 4.2 about sync.Map and locks that rest on
// their API and source, and on client-go's types. The claims about the sync.Map of the running
// toolchain (its implementation, what its Range sees) are in package s0.

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

func TestS0_26_RangeWalksOnceWithoutRetry(t *testing.T) {
	iter := check.FuncBody(t, claims.Go127, trie, `^func \(ht \*HashTrieMap\[K, V\]\) iter\(`)
	if !check.Contains(iter, "ht.iter(n.indirect(), yield)") {
		t.Errorf("HashTrieMap.iter does not recurse into child nodes:\n%s", strings.Join(iter, "\n"))
	}
	old := check.FuncBody(t, claims.Go125, oldSyncMap, `^func \(m \*Map\) Range\(`)
	if !check.Contains(old, "for k, e := range read.m {") {
		t.Errorf("the old Range does not range over its read-only map once:\n%s", strings.Join(old, "\n"))
	}
	for name, body := range map[string][]string{"HashTrieMap.iter": iter, "the old Map.Range": old} {
		for _, word := range []string{"retry", "goto", "segment"} {
			if check.Contains(body, word) {
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
	out, ok := check.Build(t, "./chapters/code/09-claims/s0/once/testdata/podstatus")
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
	check.Has(t, claims.Go127, "src/sync/rwmutex.go", `rw.readerCount.Add\(1\) < 0`)
}

func TestS0_55_SyncMapWritesLockANode(t *testing.T) {
	swap := check.FuncBody(t, claims.Go127, trie, `^func \(ht \*HashTrieMap\[K, V\]\) Swap\(`)
	if !check.Contains(swap, "i.mu.Lock()") {
		t.Errorf("HashTrieMap.Swap, which Store calls, takes no lock:\n%s", strings.Join(swap, "\n"))
	}
	check.Has(t, claims.Go127, trie, `_, _ = ht.Swap\(key, new\)`)
	// Before Go 1.24, a Store of a new key locked the whole map.
	old := check.FuncBody(t, claims.Go125, oldSyncMap, `^func \(m \*Map\) Swap\(`)
	if !check.Contains(old, "m.mu.Lock()") {
		t.Errorf("the old sync.Map's Swap takes no lock:\n%s", strings.Join(old, "\n"))
	}
}
