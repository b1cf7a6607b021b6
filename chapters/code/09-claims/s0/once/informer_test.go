package once

// The claims about client-go's informer store (sections 3.1, 3.3 and 4.3 of the post), checked
// on client-go v0.35.0 (the course's), and in the source of the versions the post names
// (v0.20.0 and v0.25.0).

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/features"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes/fake"
	"k8s.io/client-go/tools/cache"

	"gomaps/chapters/code/09-claims/check"
)

// clientGo is each client-go version the post names, and the course's.
var clientGo = []string{"k8s.io/client-go@v0.20.0", "k8s.io/client-go@v0.25.0", "k8s.io/client-go@v0.35.0"}

const (
	storeFile = "tools/cache/store.go"
	safeFile  = "tools/cache/thread_safe_store.go"
)

// storage returns the type of the map a cache.Store keeps its objects in, read with reflection.
func storage(s cache.Store) reflect.Type {
	return reflect.ValueOf(s).Elem().FieldByName("cacheStorage").Elem().Type()
}

func TestS0_36_InformerStoreIsAThreadSafeMap(t *testing.T) {
	// An informer's store, as a controller gets it.
	factory := informers.NewSharedInformerFactory(fake.NewClientset(), 0)
	indexer := factory.Core().V1().Pods().Informer().GetIndexer()
	for name, s := range map[string]cache.Store{"cache.NewStore": cache.NewStore(cache.MetaNamespaceKeyFunc), "the Pod informer's indexer": indexer} {
		typ := storage(s)
		if typ.String() != "*cache.threadSafeMap" {
			t.Fatalf("%s keeps its objects in a %v; want *cache.threadSafeMap", name, typ)
		}
		lock, ok := typ.Elem().FieldByName("lock")
		if !ok || lock.Type != reflect.TypeFor[sync.RWMutex]() {
			t.Fatalf("%s: threadSafeMap has no field lock of type sync.RWMutex", name)
		}
	}
	for _, at := range clientGo {
		check.Has(t, at, safeFile, `^\s+lock +sync.RWMutex`)
		check.Has(t, at, safeFile, `^\s+items map\[string\]interface\{\}`)
	}
}

func TestS0_37_NoCacheStoreType(t *testing.T) {
	for _, at := range clientGo {
		check.Lacks(t, at, "tools/cache", `cacheStore`)
		check.Has(t, at, storeFile, `^type cache struct`)
		check.Has(t, at, storeFile, `cacheStorage ThreadSafeStore`)
	}
}

func TestS0_38_TheLockPredatesV025(t *testing.T) {
	body := map[string][]string{}
	for _, at := range clientGo[:2] {
		body[at] = check.FuncBody(t, at, safeFile, `^type threadSafeMap struct`)
	}
	v20, v25 := body[clientGo[0]], body[clientGo[1]]
	if !check.Contains(v20, "lock  sync.RWMutex") || !slices.Equal(v20[:3], v25[:3]) {
		t.Errorf("threadSafeMap at v0.20.0:\n%s\nat v0.25.0:\n%s\nwant the same lock and items in both", strings.Join(v20, "\n"), strings.Join(v25, "\n"))
	}
	for _, at := range clientGo[:2] {
		get := check.FuncBody(t, at, safeFile, `^func \(c \*threadSafeMap\) List\(\)`)
		if !check.Contains(get, "c.lock.RLock()") {
			t.Errorf("threadSafeMap.List at %s does not take the read lock", at)
		}
	}
}

func TestS0_39_ReplaceAndListDoNotRace(t *testing.T) {
	out, code := check.Go(t, 10*time.Minute, nil, "run", "-race", "./chapters/code/09-claims/s0/once/testdata/storerace")
	if code != 0 || strings.Contains(out, "DATA RACE") || strings.Contains(out, "fatal error") {
		t.Fatalf("concurrent Replace, List, Add, Update, Delete and GetByKey under -race: exit status %d:\n%s", code, out)
	}
	if !strings.Contains(out, "300 rounds") {
		t.Fatalf("the program did not finish:\n%s", out)
	}
	// The reflector calls Replace after a list, and Add, Update and Delete for watch events.
	at := clientGo[2]
	if body := check.FuncBody(t, at, "tools/cache/reflector.go", `^func \(r \*Reflector\) syncWith\(`); !check.Contains(body, "r.store.Replace(") {
		t.Error("Reflector.syncWith does not call Replace")
	}
	if body := check.FuncBody(t, at, "tools/cache/reflector.go", `^func handleAnyWatch\(`); check.Contains(body, "Replace(") || !check.Contains(body, "store.Add(event.Object)") {
		t.Error("the watch handler calls Replace, or not Add")
	}
}

func TestS0_42_NoKubeClientQPSVariable(t *testing.T) {
	for _, at := range []string{"k8s.io/client-go@v0.20.0", "k8s.io/client-go@v0.35.0", "sigs.k8s.io/controller-runtime@v0.17.0", "sigs.k8s.io/controller-runtime@v0.23.3"} {
		check.Lacks(t, at, ".", `KUBE_CLIENT_QPS`)
	}
	check.Has(t, "k8s.io/client-go@v0.35.0", "rest/config.go", `^\s+QPS float32`)
}

func TestS0_49_NoDeleteAllFromMapNorMu(t *testing.T) {
	for _, at := range clientGo {
		check.Lacks(t, at, "tools/cache", `deleteAllFromMap`)
		for _, line := range check.FuncBody(t, at, safeFile, `^type threadSafeMap struct`) {
			if f := strings.Fields(line); len(f) > 0 && f[0] == "mu" {
				t.Errorf("threadSafeMap at %s has a field mu: %s", at, line)
			}
		}
	}
	replace := check.FuncBody(t, clientGo[2], safeFile, `^func \(c \*threadSafeMap\) Replace\(`)
	if !check.Contains(replace, "c.lock.Lock()") {
		t.Error("threadSafeMap.Replace does not take the lock")
	}
}

func TestS0_50_EveryQueueAndStoreLocks(t *testing.T) {
	at := clientGo[2]
	check.Has(t, at, "tools/cache/delta_fifo.go", `^type DeltaFIFO struct`)
	for _, typ := range []string{"DeltaFIFO", "RealFIFO"} {
		file := map[string]string{"DeltaFIFO": "tools/cache/delta_fifo.go", "RealFIFO": "tools/cache/the_real_fifo.go"}[typ]
		if body := check.FuncBody(t, at, file, `^type `+typ+` struct`); !check.Contains(body, "lock sync.RWMutex") {
			t.Errorf("%s at %s has no sync.RWMutex", typ, at)
		}
	}
	// Since client-go v0.33 an informer queues its deltas in a RealFIFO, not a DeltaFIFO.
	if !features.FeatureGates().Enabled(features.InOrderInformers) {
		t.Error("the feature InOrderInformers is off: informers use a DeltaFIFO")
	}
	queue := check.FuncBody(t, at, "tools/cache/controller.go", `^func newQueueFIFO\(`)
	if !check.Contains(queue, "Enabled(clientgofeaturegate.InOrderInformers)") || !check.Contains(queue, "return NewRealFIFOWithOptions(") {
		t.Error("newQueueFIFO does not pick a RealFIFO under InOrderInformers")
	}
}

func newPod(name, rv string) *corev1.Pod {
	return &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Namespace: "default", Name: name, ResourceVersion: rv}}
}

func TestS0_57_StoreIsSafeForConcurrentUse(t *testing.T) {
	store := cache.NewStore(cache.MetaNamespaceKeyFunc)
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for i := range 2000 {
				p := newPod(fmt.Sprintf("pod-%d-%d", g, i%50), "1")
				_ = store.Add(p)
				_ = store.List()
				_, _, _ = store.GetByKey("default/" + p.Name)
				if i%2 == 1 {
					_ = store.Delete(p)
				}
			}
		})
	}
	wg.Wait()
	// Each goroutine's last round left the pods of its even i: 25 of 50 names.
	if n := len(store.ListKeys()); n != 8*25 {
		t.Errorf("%d keys after the concurrent rounds; want %d", n, 8*25)
	}
	if typ := storage(store).String(); typ != "*cache.threadSafeMap" {
		t.Errorf("cache.NewStore keeps its objects in a %s", typ)
	}
}

func TestS0_58_StoreNotifiesNobody(t *testing.T) {
	var methods []string
	store := reflect.TypeFor[cache.Store]()
	for i := range store.NumMethod() {
		methods = append(methods, store.Method(i).Name)
	}
	want := []string{"Add", "Delete", "Get", "GetByKey", "List", "ListKeys", "Replace", "Resync", "Update"}
	if !slices.Equal(methods, want) {
		t.Errorf("cache.Store has the methods %v; want %v", methods, want)
	}
	for i := range store.NumMethod() {
		m := store.Method(i)
		for j := range m.Type.NumIn() {
			if k := m.Type.In(j).Kind(); k == reflect.Func || k == reflect.Chan {
				t.Errorf("cache.Store.%s takes a %v: a way to be notified", m.Name, k)
			}
		}
	}
	// The informer is what has handlers.
	if _, ok := reflect.TypeFor[cache.SharedInformer]().MethodByName("AddEventHandler"); !ok {
		t.Error("cache.SharedInformer has no AddEventHandler")
	}
}

func TestS0_59_StoreSampleWorks(t *testing.T) {
	store := cache.NewStore(cache.DeletionHandlingMetaNamespaceKeyFunc)
	obj := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "test", Namespace: "default"}}
	key, err := cache.MetaNamespaceKeyFunc(obj)
	if err != nil || key != "default/test" {
		t.Fatalf("MetaNamespaceKeyFunc = %q, %v; want default/test", key, err)
	}
	if err := store.Add(obj); err != nil {
		t.Fatal(err)
	}
	cached, exists, err := store.GetByKey(key)
	if err != nil || !exists || cached.(*corev1.Pod).Name != "test" {
		t.Fatalf("GetByKey(%q) = %v, %v, %v; want the pod", key, cached, exists, err)
	}
}

func TestS0_60_StoreKeepsTheLastWriteNotTheNewest(t *testing.T) {
	store := cache.NewStore(cache.MetaNamespaceKeyFunc)
	if err := store.Add(newPod("web-0", "200")); err != nil {
		t.Fatal(err)
	}
	if err := store.Update(newPod("web-0", "100")); err != nil { // an older version
		t.Fatal(err)
	}
	got, _, _ := store.GetByKey("default/web-0")
	if rv := got.(*corev1.Pod).ResourceVersion; rv != "100" {
		t.Errorf("after Add of resourceVersion 200 and Update with 100, the store holds %s; want 100, the last write", rv)
	}
}

func TestS0_61_TombstonesAreTheKeyFunctions(t *testing.T) {
	tombstone := cache.DeletedFinalStateUnknown{Key: "default/web-0", Obj: newPod("web-0", "1")}
	plain := cache.NewStore(cache.MetaNamespaceKeyFunc)
	_ = plain.Add(newPod("web-0", "1"))
	if err := plain.Delete(tombstone); err == nil {
		t.Error("a store with MetaNamespaceKeyFunc deleted a DeletedFinalStateUnknown")
	}
	handling := cache.NewStore(cache.DeletionHandlingMetaNamespaceKeyFunc)
	_ = handling.Add(newPod("web-0", "1"))
	if err := handling.Delete(tombstone); err != nil || len(handling.ListKeys()) != 0 {
		t.Errorf("DeletionHandlingMetaNamespaceKeyFunc: Delete of the tombstone: %v, %d keys left", err, len(handling.ListKeys()))
	}
	for _, file := range []string{storeFile, safeFile} {
		check.Lacks(t, clientGo[2], file, `DeletedFinalStateUnknown`)
	}
}
