package operator_test

import (
	"fmt"
	"maps"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"k8s.io/client-go/rest"

	operator "gomaps/labs/08-operator"
)

// Step 5: the Registry is safe to use from several goroutines at once: the
// informer's event handler and the reconcile workers. Under go test -race,
// the race detector watches the operator run with four workers while members
// come and go; without -race, the runtime's own check stops a program whose
// map is written by two goroutines at once, nearly always, within a few
// thousand writes.

func TestStep5RegistryIsSafeForConcurrentUse(t *testing.T) {
	inChild(t, registryUnderLoad)
}

func registryUnderLoad(t *testing.T, cfg *rest.Config) {
	// The Registry alone: four goroutines set, delete and snapshot at once.
	runtime.GOMAXPROCS(max(4, runtime.GOMAXPROCS(0)))
	reg := operator.NewRegistry()
	const goroutines, rounds, ops = 4, 5, 2000
	for range rounds {
		start := make(chan struct{})
		var wg sync.WaitGroup
		for g := range goroutines {
			wg.Go(func() {
				<-start
				for i := range ops {
					name := memberName(g*ops + i)
					reg.Set(name, memberData(i))
					if i%3 == 0 {
						reg.Delete(name)
					}
					if i%50 == 0 {
						reg.Snapshot()
					}
				}
			})
		}
		close(start)
		wg.Wait()
	}
	want := goroutines * (ops - (ops+2)/3) // i%3 == 0 deletes one member in three, rounded up
	if n := len(reg.Snapshot()); n != want {
		t.Fatalf("after %d goroutines each set %d members and deleted every third one, the Registry holds %d members; want %d: some writes were lost", goroutines, ops, n, want)
	}

	// The operator: four workers, while members are created, changed and
	// deleted.
	c := directClient(t, cfg)
	ns := newNamespace(t, c)
	o := startOperator(t, cfg, ns, 4)
	const n = 24
	for i := range n {
		createMember(t, c, ns, i)
	}
	for i := 0; i < n; i += 2 {
		deleteMember(t, c, ns, i)
	}
	live := slices.Collect(func(yield func(string) bool) {
		for i := 1; i < n; i += 2 {
			if !yield(memberName(i)) {
				return
			}
		}
	})
	ok, seen := waitFor(time.Minute, func() (bool, string) {
		got := slices.Sorted(maps.Keys(o.Registry.Snapshot()))
		return slices.Equal(got, live) && o.Reconciles() > 0, fmt.Sprintf("%s after %d reconciles", got, o.Reconciles())
	})
	if !ok {
		t.Fatalf("a minute after creating %d members and deleting half of them, the operator's Registry holds %s; want the %d live ones, and at least one reconcile", n, seen, len(live))
	}
}
