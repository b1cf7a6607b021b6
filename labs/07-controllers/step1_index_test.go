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
)

// The Index between a real informer and two reconcile workers: the
// informer of client-go's shared informer factory, over a fake clientset,
// delivers one event per write; the workers Take while it does.
const (
	indexObjects = 10  // ConfigMaps written
	indexWrites  = 500 // updates of each
	indexWorkers = 2   // workers calling Take, as MaxConcurrentReconciles: 2
)

func init() { workloads["index"] = indexWorkload }

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
	result, fatal, where := inChild(t, "index")
	if fatal != "" {
		t.Fatalf("the informer's handlers and 2 workers calling Take used the Index at the same time, and the program stopped with %q in %s; "+
			"the runtime stops the whole process for that, recover cannot catch it: guard pending with a sync.Mutex in every method that touches it",
			fatal, where)
	}
	if result != "ok" {
		t.Fatalf("with the informer's handlers and 2 workers calling Take at the same time: %s; guard pending with a sync.Mutex in every method that touches it", strings.TrimPrefix(result, "wrong: "))
	}
}
