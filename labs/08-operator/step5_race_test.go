package operator_test

import (
	"fmt"
	"maps"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"k8s.io/client-go/rest"

	operator "gomaps/labs/08-operator"
	"gomaps/labs/internal/locktest"
)

// Step 5: the Registry is safe to use from several goroutines at once: the
// informer's event handler and the reconcile workers.
//
// The test first checks the lock itself, on every run: it holds the
// Registry's lock (its field of type sync.Mutex or sync.RWMutex, whatever
// its name) and checks that Set, Delete and Snapshot each wait for it. A
// race would show itself only on some runs, or on none: the runtime's own
// check stops a program only when a write and another use of the map
// overlap in time, and the race detector does not see maps.Clone read a map
// (chapter 06, "What the race detector misses"), so a Snapshot that clones
// without the lock passes go test -race. Then it checks that Snapshot
// returns a copy, and that it holds the lock until its copy is done: the test
// writes the map in the middle of a Snapshot's copy, every time, through the
// watch of cloneMembers (clone.go). Last, it runs the Registry alone, four
// goroutines calling all three methods, and the operator with four workers
// while members come and go, in a child process, so that a crash ends this
// test with a sentence.

func TestStep5RegistryIsSafeForConcurrentUse(t *testing.T) {
	lock := registryLocks(t)
	snapshotIsACopy(t)
	snapshotCopiesUnderTheLock(t, lock)
	inChild(t, registryUnderLoad)
}

// registryMethods calls each method of a Registry, by its name.
var registryMethods = []struct {
	name string
	call func(r *operator.Registry)
}{
	{"Set", func(r *operator.Registry) { r.Set(memberName(1), memberData(1)) }},
	{"Delete", func(r *operator.Registry) { r.Delete(memberName(0)) }},
	{"Snapshot", func(r *operator.Registry) { r.Snapshot() }},
}

// registryLocks checks that Set, Delete and Snapshot each wait while another
// goroutine holds the Registry's lock, one and the same lock for the three,
// and returns that lock.
func registryLocks(t *testing.T) locktest.FieldLock {
	t.Helper()
	locks, err := locktest.FieldLocks(operator.NewRegistry())
	if err != nil {
		t.Fatal(err)
	}
	if len(locks) == 0 {
		t.Fatal("Registry has no lock, no field of type sync.Mutex or sync.RWMutex: add one (mu sync.Mutex) and lock it in Set, Delete and Snapshot, for as long as each uses the map")
	}
	// For each lock of the Registry (a learner may have added two), the
	// methods that waited while the test held it.
	var best []string
	bestLock, bestIndex := locks[0], 0
	for i := range locks {
		var waited []string
		for _, m := range registryMethods {
			reg, l := registryLock(t, i)
			l.Lock()
			o := locktest.Start("Registry."+m.name, func() { m.call(reg) })
			if o.Settle() != "" {
				waited = append(waited, m.name)
			}
			l.Unlock()
			locktest.Await(t, o)
		}
		if len(waited) > len(best) {
			best, bestLock, bestIndex = waited, locks[i], i
		}
	}
	if len(best) == len(registryMethods) {
		writersHoldItAlone(t, bestIndex)
		return bestLock
	}
	var missing []string
	for _, m := range registryMethods {
		if !slices.Contains(best, m.name) {
			missing = append(missing, m.name)
		}
	}
	lock := fmt.Sprintf("r.%s (%s)", bestLock.Field, bestLock.Type)
	if len(best) == 1 {
		lock += ", which " + best[0] + " waits for"
	} else if len(best) > 1 {
		lock += ", which " + joinNames(best) + " wait for"
	}
	uses := "it uses"
	if len(missing) > 1 {
		uses = "they use"
	}
	t.Fatalf("%s returned while another goroutine held the Registry's lock %s: %s the map without that lock, a data race that neither the runtime's check nor the race detector catches on every run; lock r.%s in Set, Delete and Snapshot, for as long as each uses the map",
		joinNames(missing), lock, uses, bestLock.Field)
	return bestLock
}

// registryLock returns a new Registry that holds one member, and its lock
// number i (in the order of the Registry's fields).
func registryLock(t *testing.T, i int) (*operator.Registry, locktest.FieldLock) {
	t.Helper()
	reg := operator.NewRegistry()
	locktest.Do(t, "Registry.Set", func() { reg.Set(memberName(0), memberData(0)) })
	locks, err := locktest.FieldLocks(reg)
	if err != nil {
		t.Fatal(err)
	}
	return reg, locks[i]
}

// writersHoldItAlone checks, when the Registry's lock (its lock number i)
// is a sync.RWMutex, that Set and Delete wait while another goroutine holds
// it read-locked: two writers that both took RLock would write the map at
// once.
func writersHoldItAlone(t *testing.T, i int) {
	t.Helper()
	for _, m := range registryMethods[:2] { // Set, Delete
		reg, l := registryLock(t, i)
		r, ok := l.RLocker()
		if !ok {
			return // a sync.Mutex: no readers
		}
		r.Lock()
		o := locktest.Start("Registry."+m.name, func() { m.call(reg) })
		waited := o.Settle() != ""
		r.Unlock()
		locktest.Await(t, o)
		if !waited {
			t.Fatalf("%s returned while another goroutine held r.%s read-locked: %s writes the map, so it must hold r.%s alone, with r.%s.Lock, not RLock", m.name, l.Field, m.name, l.Field, l.Field)
		}
	}
}

// snapshotIsACopy checks that Snapshot returns a map of its own: a caller
// that ranges over the Registry's own map races with the next Set.
func snapshotIsACopy(t *testing.T) {
	t.Helper()
	reg := operator.NewRegistry()
	var snap map[string]map[string]string
	locktest.Do(t, "Registry.Set, then Snapshot, then Set", func() {
		reg.Set(memberName(0), memberData(0))
		snap = reg.Snapshot()
		reg.Set(memberName(1), memberData(1))
	})
	if _, ok := snap[memberName(1)]; ok {
		t.Fatalf("a Set after Snapshot changed the map that Snapshot returned: Snapshot returns the Registry's own map, which the caller then reads while the handler writes it; return a copy made under the lock, with cloneMembers(r.members) (clone.go)")
	}
}

// snapshotCopiesUnderTheLock checks that Snapshot holds the Registry's lock
// until its copy is done. registryLocks sees Snapshot wait for the lock, not
// what it does after Unlock: a Snapshot that reads r.members under the lock
// and copies it after Unlock waits too, and then copies while the handler may
// write. The runtime's check stops that only on the runs where a write falls
// inside the copy's microseconds, and the race detector does not see the
// copy's reads (they are inside the runtime, in maps.Clone). So the test
// makes the write happen in the middle of the copy: cloneMembers (clone.go)
// calls the test's watch on the copying goroutine once the copy has begun,
// and the watch holds the copy there while the test calls Set on another
// goroutine. Set must wait for the lock until Snapshot is done; a Set that
// returns has written the map during the copy. Nothing here depends on
// timing: the copy cannot go on until the test lets it, and Settle waits
// until Set has returned or is blocked.
func snapshotCopiesUnderTheLock(t *testing.T, lock locktest.FieldLock) {
	t.Helper()
	reg := operator.NewRegistry()
	locktest.Do(t, "Registry.Set", func() { reg.Set(memberName(0), memberData(0)) })

	var (
		copier  atomic.Int64          // the id of the goroutine that calls Snapshot; goroutine ids start at 1
		watched atomic.Bool           // the watch has held a copy
		begun   = make(chan struct{}) // closed when the copy is held
		goOn    = make(chan struct{}) // closed when the copy may go on
	)
	stop := operator.WatchClones(func() {
		if locktest.GoroutineID() != copier.Load() || !watched.CompareAndSwap(false, true) {
			return
		}
		close(begun)
		<-goOn
	})
	defer stop()
	snapshot := locktest.Start("Registry.Snapshot", func() {
		copier.Store(locktest.GoroutineID())
		reg.Snapshot()
	})
	// Snapshot returns, or blocks: in the watch, or on something else that
	// nothing will release (Await then says so).
	snapshot.Settle()
	select {
	case <-begun:
	default:
		locktest.Await(t, snapshot)
		t.Fatalf("Snapshot returned without copying the map with cloneMembers (clone.go), so this test cannot check that Snapshot holds the lock until its copy is done: " +
			"cloneMembers is maps.Clone with one place where the test acts in the middle of the copy, and a copy made by maps.Clone itself, or by a loop of your own, has no such place. " +
			"Make the copy with cloneMembers(r.members), under the lock, as the lab ships it")
	}
	set := locktest.Start("Registry.Set", func() { reg.Set(memberName(1), memberData(1)) })
	setWait := set.Settle() // why Set is blocked during the copy; "" if it returned
	close(goOn)
	locktest.Await(t, snapshot, set)
	if setWait == "" {
		f := lock.Field
		t.Fatalf("Snapshot does not hold the Registry's lock r.%s (%s) for the whole of its copy: it unlocks r.%s before the copy is done (or copies before it locks). "+
			"While Snapshot was copying the map, in cloneMembers, this test called Set on another goroutine, and Set did not wait: it wrote the map in the middle of the copy. "+
			"In the operator, that is the handler writing the map while a worker copies it: a data race that the runtime stops with \"fatal error: concurrent map clone and map write\" only on the runs where the two meet, "+
			"and that go test -race does not see (maps.Clone reads the map inside the runtime). Unlock only once the copy is made: r.%s.Lock(); defer r.%s.Unlock(); return cloneMembers(r.members)",
			f, lock.Type, f, f, f)
	}
}

// joinNames joins names as a sentence does: "Set", "Set and Delete", "Set,
// Delete and Snapshot".
func joinNames(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
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
