package once

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/watch"
	"k8s.io/client-go/tools/cache"
	"k8s.io/client-go/tools/record"
	klogv2 "k8s.io/klog/v2"

	"gomaps/chapters/code/09-claims/check"
)

func configMap(ns, name, rv string) *corev1.ConfigMap {
	return &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: name, ResourceVersion: rv}}
}

// TestS1_18: the key of an object is "namespace/name", or just the name without a namespace.
func TestS1_18_KeysAreNamespaceSlashName(t *testing.T) {
	for _, c := range []struct {
		obj  any
		want string
	}{
		{configMap("default", "app", ""), "default/app"},
		{&corev1.Node{ObjectMeta: metav1.ObjectMeta{Name: "node-1"}}, "node-1"},
	} {
		got, err := cache.MetaNamespaceKeyFunc(c.obj)
		if err != nil || got != c.want {
			t.Errorf("MetaNamespaceKeyFunc(%T) = %q, %v; want %q", c.obj, got, err, c.want)
		}
	}
	f := cache.NewDeltaFIFOWithOptions(cache.DeltaFIFOOptions{})
	if got, _ := f.KeyOf(configMap("default", "app", "")); got != "default/app" {
		t.Errorf("a DeltaFIFO's default key is %q; want default/app", got)
	}
	check.Has(t, clientGo, "tools/cache/store.go", `^func MetaNamespaceKeyFunc\(`)
	check.Has(t, clientGo, "tools/cache/object-names.go", `return objName\.Namespace \+ "/" \+ objName\.Name`)
	// The post cites k8s.io/client-go/tools/cache/keyfunc.go: there is no such file.
	if _, err := os.Stat(filepath.Join(check.Root(t, clientGo), "tools", "cache", "keyfunc.go")); !os.IsNotExist(err) {
		t.Errorf("tools/cache/keyfunc.go: %v; want no such file", err)
	}
}

// queue is what the tests need of client-go's two FIFOs.
type queue interface {
	Add(any) error
	Update(any) error
	Pop(cache.PopProcessFunc) (any, error)
}

// fifos returns the two queues of client-go v0.35: the DeltaFIFO, and the RealFIFO that shared
// informers use by default (feature gate InOrderInformers).
func fifos() map[string]queue {
	return map[string]queue{
		"DeltaFIFO": cache.NewDeltaFIFOWithOptions(cache.DeltaFIFOOptions{}),
		"RealFIFO":  cache.NewRealFIFOWithOptions(cache.RealFIFOOptions{KnownObjects: cache.NewStore(cache.MetaNamespaceKeyFunc)}),
	}
}

// pop pops one item and returns its deltas, as "Type name/rv".
func pop(t *testing.T, q queue) []string {
	t.Helper()
	var out []string
	_, err := q.Pop(func(obj any, _ bool) error {
		for _, d := range obj.(cache.Deltas) {
			cm := d.Object.(*corev1.ConfigMap)
			out = append(out, fmt.Sprintf("%s %s/%s", d.Type, cm.Name, cm.ResourceVersion))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// Pop follows the order keys came in, every time: no map decides it.
func TestS1_20_PopFollowsTheOrderKeysCameIn(t *testing.T) {
	for run := range 5 {
		for name, q := range fifos() {
			var want []string
			for i := range 300 {
				k := fmt.Sprintf("cm-%03d", (i*7919)%300) // not sorted: a fixed shuffle
				want = append(want, k)
				if err := q.Add(configMap("default", k, "1")); err != nil {
					t.Fatal(err)
				}
			}
			var got []string
			for range want {
				d := pop(t, q)
				name, _, _ := strings.Cut(strings.Fields(d[0])[1], "/")
				got = append(got, name)
			}
			if !slices.Equal(got, want) {
				t.Errorf("run %d, %s: popped %v...; want the order of Add, %v...", run, name, got[:5], want[:5])
			}
		}
	}
	check.Has(t, clientGo, "tools/cache/delta_fifo.go", `^\s+queue \[\]string`)
	check.Has(t, clientGo, "tools/cache/the_real_fifo.go", `^\s+items \[\]Delta`)
	check.Lacks(t, clientGo, "tools/cache", `map\[string\]\*DeltaFIFO`)
	check.Has(t, clientGo, "tools/cache/controller.go", `Enabled\(clientgofeaturegate\.InOrderInformers\)`)
	check.Has(t, clientGo, "features/known_features.go", `version\.MustParse\("1\.33"\), Default: true`)
}

// Several events of one key are all kept: the DeltaFIFO keeps a list of deltas per key, the
// RealFIFO one item per event. Only two deletions in a row are merged.
func TestS1_21_EveryEventOfAKeyIsKept(t *testing.T) {
	for name, q := range fifos() {
		q.Add(configMap("default", "a", "1"))
		q.Update(configMap("default", "a", "2"))
		q.Update(configMap("default", "a", "3"))
		var got []string
		for len(got) < 3 {
			got = append(got, pop(t, q)...)
		}
		t.Logf("%s: %v", name, got)
		if want := []string{"Added a/1", "Updated a/2", "Updated a/3"}; !slices.Equal(got, want) {
			t.Errorf("%s: popped %v; want %v", name, got, want)
		}
	}
	check.Has(t, clientGo, "tools/cache/delta_fifo.go", `if b\.Type != Deleted \|\| a\.Type != Deleted`)
}

// fakeLW is a ListerWatcher whose lists and watches the test scripts. It opts out of the
// watch-list mode (feature gate WatchListClient), so the reflector lists, then watches.
type fakeLW struct {
	mu      sync.Mutex
	lists   []string // the resourceVersion of each List call
	watches []string // the resourceVersion of each Watch call
	list    func(n int) (*corev1.ConfigMapList, error)
	watch   func(n int, opts metav1.ListOptions) (watch.Interface, error)
}

func (f *fakeLW) List(opts metav1.ListOptions) (runtime.Object, error) {
	f.mu.Lock()
	f.lists = append(f.lists, opts.ResourceVersion)
	n := len(f.lists)
	f.mu.Unlock()
	return f.list(n)
}

func (f *fakeLW) Watch(opts metav1.ListOptions) (watch.Interface, error) {
	f.mu.Lock()
	f.watches = append(f.watches, opts.ResourceVersion)
	n := len(f.watches)
	f.mu.Unlock()
	return f.watch(n, opts)
}

func (f *fakeLW) IsWatchListSemanticsUnSupported() bool { return true }

func (f *fakeLW) calls() (lists, watches []string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.lists), slices.Clone(f.watches)
}

func listOf(rv string, names ...string) *corev1.ConfigMapList {
	l := &corev1.ConfigMapList{ListMeta: metav1.ListMeta{ResourceVersion: rv}}
	for _, n := range names {
		l.Items = append(l.Items, *configMap("default", n, rv))
	}
	return l
}

// parked is a watch that stays open, sending nothing, until the reflector stops it.
func parked(opened chan<- string, opts metav1.ListOptions) watch.Interface {
	opened <- opts.ResourceVersion
	return watch.NewFake()
}

// runReflector runs a reflector over lw into a store until the test ends.
func runReflector(t *testing.T, lw cache.ListerWatcher) {
	t.Helper()
	r := cache.NewReflector(lw, &corev1.ConfigMap{}, cache.NewStore(cache.MetaNamespaceKeyFunc), 0)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { r.RunWithContext(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
}

// A watch that ends is started again from the resourceVersion of the last event, without a
// new list.
func TestS1_37_TheReflectorResumesFromTheLastResourceVersion(t *testing.T) {
	opened := make(chan string, 10)
	lw := &fakeLW{
		list: func(int) (*corev1.ConfigMapList, error) { return listOf("10", "a"), nil },
		watch: func(n int, opts metav1.ListOptions) (watch.Interface, error) {
			if n > 1 {
				return parked(opened, opts), nil
			}
			w := watch.NewFake()
			go func() {
				w.Modify(configMap("default", "a", "11"))
				w.Stop() // the connection breaks
			}()
			return w, nil
		},
	}
	runReflector(t, lw)
	select {
	case rv := <-opened:
		lists, watches := lw.calls()
		t.Logf("lists at %q, watches from %q", lists, watches)
		if rv != "11" || len(lists) != 1 {
			t.Errorf("after the watch broke: %d lists, watch again from %q; want no new list and a watch from 11", len(lists), rv)
		}
	case <-time.After(time.Minute):
		t.Fatal("the reflector did not watch again within a minute")
	}
}

// After a 410 Expired ERROR event, the reflector lists again and watches from the new list's
// resourceVersion.
func TestS1_40_TheReflectorRelistsAfterA410(t *testing.T) {
	opened := make(chan string, 10)
	lw := &fakeLW{
		list: func(n int) (*corev1.ConfigMapList, error) {
			if n == 1 {
				return listOf("10", "a"), nil
			}
			return listOf("20", "a", "b"), nil
		},
		watch: func(n int, opts metav1.ListOptions) (watch.Interface, error) {
			if n > 1 {
				return parked(opened, opts), nil
			}
			w := watch.NewFake()
			go func() {
				status := apierrors.NewResourceExpired("too old resource version: 10 (15)").ErrStatus
				w.Error(&status)
			}()
			return w, nil
		},
	}
	runReflector(t, lw)
	select {
	case rv := <-opened:
		lists, watches := lw.calls()
		t.Logf("lists at %q, watches from %q", lists, watches)
		if len(lists) != 2 || rv != "20" {
			t.Errorf("after the 410: %d lists, watch from %q; want a second list and a watch from its resourceVersion 20", len(lists), rv)
		}
	case <-time.After(time.Minute):
		t.Fatal("the reflector did not watch again within a minute")
	}
	check.Has(t, clientGo, "tools/cache/reflector.go", `return apierrors\.IsResourceExpired\(err\) \|\| apierrors\.IsGone\(err\)`)
}

// The DeltaFIFO holds deltas of five types: Added, Updated, Deleted, Sync (a resync) and
// Replaced (a list, when EmitDeltaTypeReplaced is set, as informers set it).
func TestS1_41_TheQueueHoldsDeltasOfEachType(t *testing.T) {
	known := cache.NewStore(cache.MetaNamespaceKeyFunc)
	known.Add(configMap("default", "known", "1"))
	f := cache.NewDeltaFIFOWithOptions(cache.DeltaFIFOOptions{KnownObjects: known, EmitDeltaTypeReplaced: true})
	f.Add(configMap("default", "a", "1"))
	f.Update(configMap("default", "a", "2"))
	f.Delete(configMap("default", "a", "2"))
	f.Resync()
	f.Replace([]any{configMap("default", "known", "3")}, "3")
	types := map[cache.DeltaType]bool{}
	for range 2 {
		f.Pop(func(obj any, _ bool) error {
			for _, d := range obj.(cache.Deltas) {
				types[d.Type] = true
			}
			return nil
		})
	}
	t.Logf("delta types: %v", slices.Sorted(func(yield func(string) bool) {
		for k := range types {
			if !yield(string(k)) {
				return
			}
		}
	}))
	for _, want := range []cache.DeltaType{cache.Added, cache.Updated, cache.Deleted, cache.Sync, cache.Replaced} {
		if !types[want] {
			t.Errorf("no %s delta", want)
		}
	}
}

// No deduplication by resourceVersion: the same resourceVersion twice stays twice. And the
// DeltaFIFO is first in, first out by key, not by event: a's later update comes out before b.
func TestS1_42_NoDeduplicationByResourceVersion(t *testing.T) {
	for name, q := range fifos() {
		q.Add(configMap("default", "a", "1"))
		q.Add(configMap("default", "b", "1"))
		q.Update(configMap("default", "a", "2"))
		q.Update(configMap("default", "a", "2"))
		want := map[string][]string{
			"DeltaFIFO": {"Added a/1, Updated a/2, Updated a/2", "Added b/1"},
			"RealFIFO":  {"Added a/1", "Added b/1", "Updated a/2", "Updated a/2"},
		}[name]
		var got []string
		for range want {
			got = append(got, strings.Join(pop(t, q), ", "))
		}
		t.Logf("%s pops: %q", name, got)
		if !slices.Equal(got, want) {
			t.Errorf("%s: pops %q; want %q", name, got, want)
		}
	}
	check.Lacks(t, clientGo, "tools/cache/delta_fifo.go", `ResourceVersion`)
}

// KeyOf unwraps Deltas and DeletedFinalStateUnknown, then calls the queue's own KeyFunction,
// whatever it is: it does not call DeletionHandlingMetaNamespaceKeyFunc.
func TestS1_43_KeyOfUsesTheQueuesKeyFunction(t *testing.T) {
	f := cache.NewDeltaFIFOWithOptions(cache.DeltaFIFOOptions{
		KeyFunction: func(obj any) (string, error) { return "custom:" + obj.(*corev1.ConfigMap).Name, nil },
	})
	for _, c := range []struct {
		obj  any
		want string
	}{
		{configMap("default", "a", "1"), "custom:a"},
		{cache.Deltas{{Type: cache.Added, Object: configMap("default", "b", "1")}}, "custom:b"},
		{cache.DeletedFinalStateUnknown{Key: "default/c"}, "default/c"},
	} {
		if got, err := f.KeyOf(c.obj); err != nil || got != c.want {
			t.Errorf("KeyOf(%T) = %q, %v; want %q", c.obj, got, err, c.want)
		}
	}
	check.Has(t, clientGo, "tools/cache/delta_fifo.go", `return f\.keyFunc\(obj\)`)
	check.Lacks(t, clientGo, "tools/cache/delta_fifo.go", `DeletionHandlingMetaNamespaceKeyFunc\(obj\)`)
}

// informer starts a shared informer of ConfigMaps over lw with handlers, and returns when it
// has synced.
func informer(t *testing.T, lw cache.ListerWatcher, handlers ...cache.ResourceEventHandler) cache.SharedIndexInformer {
	t.Helper()
	inf := cache.NewSharedIndexInformer(lw, &corev1.ConfigMap{}, 0, cache.Indexers{})
	for _, h := range handlers {
		if _, err := inf.AddEventHandler(h); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { inf.RunWithContext(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	if !cache.WaitForCacheSync(ctx.Done(), inf.HasSynced) {
		t.Fatal("the informer did not sync")
	}
	return inf
}

// A real informer delivers an update whose resourceVersion is older than the one before it, and
// its store keeps the older object: nothing compares resourceVersions.
func TestS1_46_AnOlderObjectIsDeliveredAfterANewerOne(t *testing.T) {
	events := watch.NewFake()
	lw := &fakeLW{
		list: func(int) (*corev1.ConfigMapList, error) { return listOf("10", "a"), nil },
		watch: func(n int, opts metav1.ListOptions) (watch.Interface, error) {
			if n > 1 {
				return watch.NewFake(), nil
			}
			return events, nil
		},
	}
	seen := make(chan string, 10)
	inf := informer(t, lw, cache.ResourceEventHandlerFuncs{
		UpdateFunc: func(_, obj any) { seen <- obj.(*corev1.ConfigMap).ResourceVersion },
	})
	events.Modify(configMap("default", "a", "12"))
	events.Modify(configMap("default", "a", "11"))
	var got []string
	for len(got) < 2 {
		select {
		case rv := <-seen:
			got = append(got, rv)
		case <-time.After(time.Minute):
			t.Fatalf("updates seen: %v; the older one never came", got)
		}
	}
	obj, _, _ := inf.GetStore().GetByKey("default/a")
	stored := obj.(*corev1.ConfigMap).ResourceVersion
	t.Logf("updates delivered with resourceVersions %v; the store holds %s", got, stored)
	if !slices.Equal(got, []string{"12", "11"}) || stored != "11" {
		t.Errorf("updates %v, stored %s; want 12 then 11 delivered, and 11 stored", got, stored)
	}
}

// The initial list reaches the queue as Replaced deltas, in both queues; Sync comes only from a
// resync.
func TestS1_47_TheInitialListArrivesAsReplaced(t *testing.T) {
	known := cache.NewStore(cache.MetaNamespaceKeyFunc)
	queues := map[string]interface {
		Replace([]any, string) error
		Pop(cache.PopProcessFunc) (any, error)
	}{
		"DeltaFIFO, as informers make it": cache.NewDeltaFIFOWithOptions(cache.DeltaFIFOOptions{KnownObjects: known, EmitDeltaTypeReplaced: true}),
		"RealFIFO":                        cache.NewRealFIFOWithOptions(cache.RealFIFOOptions{KnownObjects: known}),
	}
	for name, q := range queues {
		if err := q.Replace([]any{configMap("default", "a", "1")}, "1"); err != nil {
			t.Fatal(err)
		}
		q.Pop(func(obj any, initial bool) error {
			d := obj.(cache.Deltas)[0]
			t.Logf("%s: the list pops as %s (initial list: %v)", name, d.Type, initial)
			if d.Type != cache.Replaced {
				t.Errorf("%s: the list popped as %s; want Replaced", name, d.Type)
			}
			return nil
		})
	}
	check.Has(t, clientGo, "tools/cache/controller.go", `EmitDeltaTypeReplaced: true`)
}

// Each handler gets the events one at a time, in the order of the watch.
func TestS1_48_HandlersGetEventsOneAtATimeInOrder(t *testing.T) {
	events := watch.NewFake()
	lw := &fakeLW{
		list: func(int) (*corev1.ConfigMapList, error) { return listOf("10", "a"), nil },
		watch: func(n int, opts metav1.ListOptions) (watch.Interface, error) {
			if n > 1 {
				return watch.NewFake(), nil
			}
			return events, nil
		},
	}
	const n = 300
	type recorder struct {
		inside, overlaps atomic.Int32
		rvs              []string
		done             chan struct{}
	}
	var recs [2]*recorder
	var handlers []cache.ResourceEventHandler
	for i := range recs {
		r := &recorder{done: make(chan struct{})}
		recs[i] = r
		handlers = append(handlers, cache.ResourceEventHandlerFuncs{
			UpdateFunc: func(_, obj any) {
				if r.inside.Add(1) > 1 {
					r.overlaps.Add(1)
				}
				r.rvs = append(r.rvs, obj.(*corev1.ConfigMap).ResourceVersion)
				for range 100 {
					_ = fmt.Sprint(i) // some work, so that overlapping calls would meet
				}
				if len(r.rvs) == n {
					close(r.done)
				}
				r.inside.Add(-1)
			},
		})
	}
	informer(t, lw, handlers...)
	var want []string
	for i := range n {
		rv := fmt.Sprint(11 + i)
		want = append(want, rv)
		events.Modify(configMap("default", "a", rv))
	}
	for i, r := range recs {
		select {
		case <-r.done:
		case <-time.After(time.Minute):
			t.Fatalf("handler %d got %d of %d updates", i, len(r.rvs), n)
		}
		if r.overlaps.Load() != 0 || !slices.Equal(r.rvs, want) {
			t.Errorf("handler %d: %d overlapping calls, updates in order: %v", i, r.overlaps.Load(), slices.Equal(r.rvs, want))
		}
	}
}

// klogFlags sets klog's flags for one test, with output to a buffer, and restores them after.
func klogFlags(t *testing.T, v string) *bytes.Buffer {
	t.Helper()
	fs := flag.NewFlagSet("klog", flag.ContinueOnError)
	klogv2.InitFlags(fs)
	var buf bytes.Buffer
	set := func(name, value string) {
		if err := fs.Set(name, value); err != nil {
			t.Fatal(err)
		}
	}
	set("logtostderr", "false")
	set("alsologtostderr", "false")
	set("stderrthreshold", "FATAL")
	set("v", v)
	klogv2.SetOutput(&buf)
	t.Cleanup(func() {
		klogv2.Flush()
		set("v", "0")
		set("logtostderr", "true")
		set("stderrthreshold", "ERROR")
	})
	return &buf
}

// At the default level, -v=0, klog.V(6) logs nothing; with -v=6 it logs.
func TestS1_27_V6IsFilteredAtTheDefaultLevel(t *testing.T) {
	for _, c := range []struct {
		v    string
		want bool
	}{{"0", false}, {"5", false}, {"6", true}} {
		t.Run("v="+c.v, func(t *testing.T) {
			buf := klogFlags(t, c.v)
			klogv2.V(6).InfoS("Reconcile start", "key", "default/a")
			klogv2.Flush()
			logged := strings.Contains(buf.String(), "Reconcile start")
			if enabled := bool(klogv2.V(6).Enabled()); enabled != c.want || logged != c.want {
				t.Errorf("-v=%s: V(6) enabled %v, logged %v; want %v", c.v, enabled, logged, c.want)
			}
		})
	}
	check.Has(t, klog, "klog.go", `^func \(v Verbose\) InfoS\(msg string, keysAndValues \.\.\.interface\{\}\)`)
}

// At -v=4 a reflector logs each list and watch it starts and how many items a watch carried when
// it ends, not the events themselves.
func TestS1_29_AtV4TheReflectorLogsWatchesNotEvents(t *testing.T) {
	buf := klogFlags(t, "4")
	opened := make(chan string, 10)
	lw := &fakeLW{
		list: func(int) (*corev1.ConfigMapList, error) { return listOf("10", "a"), nil },
		watch: func(n int, opts metav1.ListOptions) (watch.Interface, error) {
			if n > 1 {
				return parked(opened, opts), nil
			}
			w := watch.NewFake()
			go func() {
				w.Add(configMap("default", "event-one", "11"))
				w.Add(configMap("default", "event-two", "12"))
				w.Stop()
			}()
			return w, nil
		},
	}
	runReflector(t, lw)
	select {
	case <-opened:
	case <-time.After(time.Minute):
		t.Fatal("the reflector did not watch again")
	}
	klogv2.Flush()
	out := buf.String()
	t.Logf("klog at -v=4:\n%s", out)
	for _, want := range []string{`"Listing and watching"`, `"Watch close"`, `totalItems=2`} {
		if !strings.Contains(out, want) {
			t.Errorf("no %s in the log", want)
		}
	}
	if strings.Contains(out, "event-one") || strings.Contains(out, "event-two") {
		t.Error("the log names the objects of the events")
	}
}

// FakeRecorder writes "type reason message" to its channel; a test reads them in the order sent.
func TestS1_56_FakeRecorderRecordsTypeReasonMessage(t *testing.T) {
	rec := &record.FakeRecorder{Events: make(chan string, 10)}
	obj := configMap("default", "a", "1")
	rec.Event(obj, corev1.EventTypeNormal, "Created", "resource initialized")
	rec.Eventf(obj, corev1.EventTypeWarning, "Updated", "stale cache detected (%d keys)", 3)
	rec.Event(obj, corev1.EventTypeNormal, "Synced", "done")
	var got []string
	for range 3 {
		got = append(got, <-rec.Events)
	}
	want := []string{"Normal Created resource initialized", "Warning Updated stale cache detected (3 keys)", "Normal Synced done"}
	if !slices.Equal(got, want) {
		t.Errorf("events %q; want %q", got, want)
	}
}

// A FakeRecorder with a buffer of 10 takes 10 events; the 11th blocks until a test reads one.
func TestS1_57_TheEleventhEventBlocks(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		rec := &record.FakeRecorder{Events: make(chan string, 10)}
		sent := atomic.Int32{}
		done := make(chan struct{})
		go func() {
			for i := range 11 {
				rec.Eventf(configMap("default", "a", "1"), corev1.EventTypeNormal, "Step", "%d", i)
				sent.Add(1)
			}
			close(done)
		}()
		synctest.Wait() // every goroutine of the bubble is blocked: the sender is stuck
		if n := sent.Load(); n != 10 {
			t.Errorf("the recorder took %d events before blocking; want 10", n)
		}
		select {
		case <-done:
			t.Error("11 events went into a buffer of 10 without blocking")
		default:
		}
		<-rec.Events
		synctest.Wait()
		select {
		case <-done:
		default:
			t.Error("the 11th event still blocks after one was read")
		}
	})
}
