package controllers

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/watch"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes/fake"
	k8stesting "k8s.io/client-go/testing"
	"k8s.io/client-go/tools/cache"

	"gomaps/labs/internal/locktest"
)

// The Index between a real informer and two reconcile workers: the
// informer of client-go's shared informer factory, over a fake clientset,
// delivers one event per write; the workers Take while it does.
const (
	indexObjects = 10  // ConfigMaps written
	indexWrites  = 500 // updates of each
	indexWorkers = 2   // workers calling Take, as MaxConcurrentReconciles: 2
)

func init() {
	workloads["index"] = indexWorkload
	workloads["index-locks"] = indexLocks
}

func indexWorkload() error {
	// The runtime's check only fires when two map operations overlap in
	// time, which needs two threads running Go code at once.
	runtime.GOMAXPROCS(max(4, runtime.GOMAXPROCS(0)))
	for round := range 10 {
		if err := indexRound(); err != nil {
			return fmt.Errorf("round %d: %v", round+1, err)
		}
	}
	return nil
}

func indexRound() error {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// NewSimpleClientset, deprecated for NewClientset, tracks no managed
	// fields, which makes its writes many times faster.
	clientset := fake.NewSimpleClientset() //nolint:staticcheck
	// The fake clientset sends events only to the watches open at the time
	// of a write: the writes wait until the informer's watch is open.
	watching := make(chan struct{})
	var once sync.Once
	clientset.PrependWatchReactor("configmaps", func(action k8stesting.Action) (bool, watch.Interface, error) {
		w, err := clientset.Tracker().Watch(action.GetResource(), action.GetNamespace())
		if err != nil {
			return false, nil, err
		}
		once.Do(func() { close(watching) })
		return true, w, nil
	})
	factory := informers.NewSharedInformerFactory(clientset, 0)
	informer := factory.Core().V1().ConfigMaps().Informer()

	x := NewIndex()
	handlers := x.Handlers()
	// delivered counts the events after the Index recorded them, on the
	// informer's goroutine; lastSeen is the last write of the last
	// ConfigMap that the informer delivered. Events come in order, so when
	// it is the last write of all, every event is in the Index.
	var delivered, lastSeen atomic.Int64
	lastSeen.Store(-2)
	progress := make(chan struct{}, 1)
	kick := make(chan struct{}, indexWorkers) // wakes a worker, as a workqueue's Add does
	lastName := fmt.Sprintf("cm-%02d", indexObjects-1)
	count := func(obj any) {
		delivered.Add(1)
		select {
		case kick <- struct{}{}:
		default:
		}
		if cm, ok := obj.(*corev1.ConfigMap); ok && cm.Name == lastName {
			w := int64(-1)
			if v, ok := cm.Data["write"]; ok {
				fmt.Sscan(v, &w)
			}
			lastSeen.Store(w)
			select {
			case progress <- struct{}{}:
			default:
			}
		}
	}
	// The fake clientset's watch holds 100 events and panics when it is
	// full: the writer waits for the informer after every round of writes.
	caughtUp := func(write int64) {
		for lastSeen.Load() < write {
			<-progress
		}
	}
	if _, err := informer.AddEventHandler(cache.ResourceEventHandlerFuncs{
		AddFunc:    func(obj any) { handlers.OnAdd(obj, false); count(obj) },
		UpdateFunc: func(old, obj any) { handlers.OnUpdate(old, obj); count(obj) },
	}); err != nil {
		return err
	}
	factory.Start(ctx.Done())
	if !cache.WaitForCacheSync(ctx.Done(), informer.HasSynced) {
		return fmt.Errorf("the informer never synced")
	}
	<-watching

	var taken atomic.Int64
	var wg sync.WaitGroup
	done := make(chan struct{})
	for range indexWorkers {
		wg.Go(func() {
			for {
				select {
				case <-kick:
				case <-done:
					return
				}
				for _, n := range x.Take() {
					taken.Add(int64(n))
				}
			}
		})
	}

	configMaps := clientset.CoreV1().ConfigMaps("default")
	for i := range indexObjects {
		cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: fmt.Sprintf("cm-%02d", i), Namespace: "default", ResourceVersion: "1"}}
		if _, err := configMaps.Create(ctx, cm, metav1.CreateOptions{}); err != nil {
			return err
		}
	}
	caughtUp(-1)
	for w := range indexWrites {
		for i := range indexObjects {
			cm := &corev1.ConfigMap{
				ObjectMeta: metav1.ObjectMeta{Name: fmt.Sprintf("cm-%02d", i), Namespace: "default",
					// This fake clientset sets no resourceVersion, and an informer
					// passes an update with an unchanged one only to handlers that
					// asked for resyncs: set it as the API server would.
					ResourceVersion: fmt.Sprint(2 + w)},
				Data: map[string]string{"write": fmt.Sprint(w)},
			}
			if _, err := configMaps.Update(ctx, cm, metav1.UpdateOptions{}); err != nil {
				return err
			}
		}
		caughtUp(int64(w))
	}
	close(done)
	wg.Wait()
	for _, n := range x.Take() {
		taken.Add(int64(n))
	}
	if got, want := taken.Load(), delivered.Load(); got != want {
		return fmt.Errorf("the workers took %d events of the %d the informer delivered: the Index lost or doubled some", got, want)
	}
	return nil
}

func TestStep1IndexIsSafeToShare(t *testing.T) {
	t.Run("its messages", testIndexMessages)
	// First one call at a time, whose verdict is the same on every run; a
	// crash or a hang of it, the concurrent workload reports too.
	if result, _, _ := inChild(t, "index-locks"); strings.HasPrefix(result, "wrong: ") {
		t.Fatal(strings.TrimPrefix(result, "wrong: "))
	}
	result, fatal, where := inChild(t, "index")
	if msg := indexMessage(result, fatal, where); msg != "" {
		t.Fatal(msg)
	}
}

// indexLocks: the test calls Take alone on a new Index while it holds a
// sync.RWMutex of the Index, write-locked, then read-locked. Take writes
// pending, and 2 workers call it at once: one that returns while the test
// holds the read lock took RLock, which both workers can hold at the same
// time, where Lock waits for every other holder. (A Take that returns while
// the test holds the write lock took no lock: the concurrent workload shows
// that, with a crash. The informer's handler may hold RLock: it is called
// from one goroutine, and a Take that holds Lock still waits for it.)
func indexLocks() error {
	locks, err := locktest.FieldLocks(NewIndex())
	if err != nil {
		return nil // the workload's crash says more
	}
	for i, l := range locks {
		if _, ok := l.RLocker(); !ok {
			continue // a sync.Mutex, which has no readers
		}
		if waited, stuck := takeWithLockHeld(i, false); !waited || stuck {
			continue
		}
		if waited, _ := takeWithLockHeld(i, true); !waited {
			return fmt.Errorf("Take writes pending holding only x.%s.RLock, which many goroutines can hold at once (it returned while the test held x.%s read-locked), so two workers write pending together: a writer needs Lock, not RLock; use x.%s.Lock() and x.%s.Unlock() in Take",
				l.Field, l.Field, l.Field, l.Field)
		}
	}
	return nil
}

// takeWithLockHeld calls Take on a new Index (with one key pending) while
// the test holds its lock number i, read-locked if read, and says whether
// Take waited for the test, and whether it still waited once the test let go.
func takeWithLockHeld(i int, read bool) (waited, stuck bool) {
	x := NewIndex()
	x.pending["default/cm"] = 1
	locks, _ := locktest.FieldLocks(x)
	l := locks[i]
	hold, release := l.Lock, l.Unlock
	if read {
		r, _ := l.RLocker()
		hold, release = r.Lock, r.Unlock
	}
	hold()
	o := locktest.Start("Take", func() { x.Take() })
	waited = o.Settle() != ""
	release()
	return waited, o.Settle() != ""
}

// indexAdvice is the fix for a race on pending: a lock taken only around
// the writes inside Take's range leaves the range itself racing.
const indexAdvice = "lock one sync.Mutex in every method that touches pending, for the whole method: in Take, the range included, not only the writes inside it"

// indexMessage is the test's failure for a child that ended with result,
// or stopped with the fatal error fatal in where; "" when it passed.
func indexMessage(result, fatal, where string) string {
	const while = "the informer's handlers and 2 workers calling Take used the Index at the same time"
	cause := fatalCause(fatal)
	switch {
	case fatal != "" && isLockMisuse(fatal):
		return fmt.Sprintf("%s, and the program stopped with %q in %s: %s; the runtime stops the whole process for that, recover cannot catch it: release each Lock with Unlock and each RLock with RUnlock, once",
			while, fatal, where, cause)
	case fatal != "" && cause != "":
		return fmt.Sprintf("%s, and the program stopped with %q in %s: %s; the runtime stops the whole process for that, recover cannot catch it: %s",
			while, fatal, where, cause, indexAdvice)
	case fatal != "":
		return fmt.Sprintf("%s, and the program stopped with %q in %s: %s", while, fatal, where, indexAdvice)
	case result != "ok":
		return fmt.Sprintf("with the informer's handlers and 2 workers calling Take at the same time: %s; %s", strings.TrimPrefix(result, "wrong: "), indexAdvice)
	}
	return ""
}

// testIndexMessages checks the test's sentence for the output of children
// that crashed, captured from real runs of wrong code (Go 1.27.3; the
// reader's folder is /home/reader/gomaps).
func testIndexMessages(t *testing.T) {
	for _, c := range []struct {
		name, out string
		want      []string // in the message
		not       []string // never in it
	}{
		{"a lock around the writes inside Take's range, not around the range", capturedTakeRange,
			[]string{`stopped with "concurrent map iteration and map write" in (*Index).Take: it ranged over pending while another goroutine wrote it;`, ": " + indexAdvice},
			[]string{"lock misuse"}},
		{"no lock", capturedIndexWrites,
			[]string{`stopped with "concurrent map writes" in (*Index).`, ": two goroutines wrote pending at once;", ": " + indexAdvice},
			[]string{"lock misuse"}},
		{"one Unlock too many", capturedUnlockTwice,
			[]string{`stopped with "sync: unlock of unlocked mutex" in (*Index).`, ": a lock misuse: an Unlock without its Lock, or RLock paired with Unlock", "release each Lock with Unlock and each RLock with RUnlock, once"},
			[]string{"pending", indexAdvice}},
	} {
		result, fatal, where := childOutcome(c.out, false)
		got := indexMessage(result, fatal, where)
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: the message is\n%s\nwant it to contain\n%s", c.name, got, w)
			}
		}
		for _, n := range c.not {
			if strings.Contains(got, n) {
				t.Errorf("%s: the message is\n%s\nwant no %q in it", c.name, got, n)
			}
		}
	}
	got := indexMessage("wrong: round 1: the workers took 5011 events of the 5010 the informer delivered: the Index lost or doubled some", "", "")
	if want := "the Index lost or doubled some; " + indexAdvice; !strings.HasSuffix(got, want) {
		t.Errorf("for a child that counted wrong, the message is\n%s\nwant it to end with\n%s", got, want)
	}
	if got := indexMessage("ok", "", ""); got != "" {
		t.Errorf("for a child that passed, the message is %q; want none", got)
	}
}

// The captured outputs, each up to the end of the crashing goroutine's stack.
const (
	capturedTakeRange = `fatal error: concurrent map iteration and map write

goroutine 42 [running]:
internal/runtime/maps.fatal({0x1eae072?, 0x3d9f5d8?})
	/usr/lib/go/src/runtime/panic.go:1195 +0x18
internal/runtime/maps.(*Iter).Next(0x353ec995e58?)
	/usr/lib/go/src/internal/runtime/maps/table.go:882 +0x85
gomaps/labs/07-controllers.(*Index).Take(0x353ec970620)
	/home/reader/gomaps/labs/07-controllers/index.go:51 +0x66
gomaps/labs/07-controllers.indexRound.func6()
	/home/reader/gomaps/labs/07-controllers/step1_index_test.go:124 +0x9e
sync.(*WaitGroup).Go.func1()
	/usr/lib/go/src/sync/waitgroup.go:258 +0x4a
created by sync.(*WaitGroup).Go in goroutine 1
	/usr/lib/go/src/sync/waitgroup.go:238 +0x7d`
	capturedIndexWrites = `fatal error: concurrent map writes

goroutine 50 [running]:
internal/runtime/maps.fatal({0x1e91941?, 0x1e7c8c0?})
	/usr/lib/go/src/runtime/panic.go:1195 +0x18
gomaps/labs/07-controllers.(*Index).record(0x221f20000990, {0x3810b58?, 0x221f200bd7a0?})
	/home/reader/gomaps/labs/07-controllers/index.go:44 +0x50
gomaps/labs/07-controllers.(*Index).Handlers.func2({0x221f2043fe88?, 0x459892?}, {0x3810b58?, 0x221f200bd7a0?})
	/home/reader/gomaps/labs/07-controllers/index.go:32 +0x27
k8s.io/client-go/tools/cache.ResourceEventHandlerFuncs.OnUpdate(...)
	/home/reader/go/pkg/mod/k8s.io/client-go@v0.35.0/tools/cache/controller.go:293
gomaps/labs/07-controllers.indexRound.func5({0x3810b58?, 0x221f2087bd40?}, {0x3810b58, 0x221f200bd7a0})
	/home/reader/gomaps/labs/07-controllers/step1_index_test.go:103 +0x47
k8s.io/client-go/tools/cache.ResourceEventHandlerFuncs.OnUpdate(...)
	/home/reader/go/pkg/mod/k8s.io/client-go@v0.35.0/tools/cache/controller.go:293
k8s.io/client-go/tools/cache.(*processorListener).run.func1(0x221f2043ff5f, 0x221f201e2640, {0x3b59a98?, 0x221f2023e980?})
	/home/reader/go/pkg/mod/k8s.io/client-go@v0.35.0/tools/cache/shared_informer.go:1072 +0x149
k8s.io/client-go/tools/cache.(*processorListener).run(0x221f201e2640)
	/home/reader/go/pkg/mod/k8s.io/client-go@v0.35.0/tools/cache/shared_informer.go:1084 +0x3c
k8s.io/apimachinery/pkg/util/wait.(*Group).Start.func1()
	/home/reader/go/pkg/mod/k8s.io/apimachinery@v0.35.0/pkg/util/wait/wait.go:72 +0x4c
created by k8s.io/apimachinery/pkg/util/wait.(*Group).Start in goroutine 31
	/home/reader/go/pkg/mod/k8s.io/apimachinery@v0.35.0/pkg/util/wait/wait.go:70 +0x7d`
	capturedUnlockTwice = `fatal error: sync: unlock of unlocked mutex

goroutine 34 [running]:
internal/sync.fatal({0x1e9fc80?, 0x3810c58?})
	/usr/lib/go/src/runtime/panic.go:1205 +0x18
internal/sync.(*Mutex).unlockSlow(0x3e59266602e0, 0xffffffff)
	/usr/lib/go/src/internal/sync/mutex.go:204 +0x35
internal/sync.(*Mutex).Unlock(...)
	/usr/lib/go/src/internal/sync/mutex.go:198
sync.(*Mutex).Unlock(...)
	/usr/lib/go/src/sync/mutex.go:65
gomaps/labs/07-controllers.(*Index).record(0x3e59266602e0, {0x3810c58?, 0x3e59267d4ea0?})
	/home/reader/gomaps/labs/07-controllers/index.go:45 +0xc5
gomaps/labs/07-controllers.(*Index).Handlers.func1({0x3810c58?, 0x3e59267d4ea0?})
	/home/reader/gomaps/labs/07-controllers/index.go:29 +0x2a
k8s.io/client-go/tools/cache.ResourceEventHandlerFuncs.OnAdd(...)
	/home/reader/go/pkg/mod/k8s.io/client-go@v0.35.0/tools/cache/controller.go:286
gomaps/labs/07-controllers.indexRound.func4({0x3810c58, 0x3e59267d4ea0})
	/home/reader/gomaps/labs/07-controllers/step1_index_test.go:102 +0x3c
k8s.io/client-go/tools/cache.ResourceEventHandlerFuncs.OnAdd(...)
	/home/reader/go/pkg/mod/k8s.io/client-go@v0.35.0/tools/cache/controller.go:286
k8s.io/client-go/tools/cache.(*processorListener).run.func1(0x3e59264c6f5f, 0x3e592658b5e0, {0x3b59b20?, 0x3e592646e690?})
	/home/reader/go/pkg/mod/k8s.io/client-go@v0.35.0/tools/cache/shared_informer.go:1074 +0xcf
k8s.io/client-go/tools/cache.(*processorListener).run(0x3e592658b5e0)
	/home/reader/go/pkg/mod/k8s.io/client-go@v0.35.0/tools/cache/shared_informer.go:1084 +0x3c
k8s.io/apimachinery/pkg/util/wait.(*Group).Start.func1()
	/home/reader/go/pkg/mod/k8s.io/apimachinery@v0.35.0/pkg/util/wait/wait.go:72 +0x4c
created by k8s.io/apimachinery/pkg/util/wait.(*Group).Start in goroutine 30
	/home/reader/go/pkg/mod/k8s.io/apimachinery@v0.35.0/pkg/util/wait/wait.go:70 +0x7d`
)
