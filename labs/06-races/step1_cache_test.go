package races

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"gomaps/labs/internal/locktest"
)

// Step 1: every method of Cache locks c.mu.

func init() {
	workloads["cache-sets"] = cacheSets
	workloads["cache-reads-and-writes"] = cacheReadsAndWrites
	workloads["set-locks"] = func() error { return cacheLocks("Set") }
	workloads["cache-locks"] = func() error { return cacheLocks("") }
}

// cacheSets: 8 goroutines Set 1000 keys of their own and 10 shared keys.
func cacheSets() error {
	const goroutines, keys = 8, 1000
	c := NewCache[int]()
	own := make([][]string, goroutines)
	for g := range own {
		own[g] = keyNames(fmt.Sprintf("g%d-", g), keys)
	}
	shared := keyNames("shared-", 10)
	err := together(goroutines, keys, func(g, i int) error {
		c.Set(own[g][i%keys], i%keys)
		c.Set(shared[i%10], g)
		return nil
	})
	if err != nil {
		return err
	}
	if n := c.Len(); n != goroutines*keys+10 {
		return fmt.Errorf("after %d goroutines each Set %d keys of their own and 10 shared keys, Len() = %d; want %d", goroutines, keys, n, goroutines*keys+10)
	}
	for g := range goroutines {
		for i, k := range own[g] {
			if v, ok := c.Get(k); !ok || v != i {
				return fmt.Errorf("after %d goroutines each Set %d keys of their own, Get(%q) = %d, %v; want %d, true", goroutines, keys, k, v, ok, i)
			}
		}
	}
	return nil
}

// cacheReadsAndWrites: 4 goroutines Set and Delete keys of their own while
// 4 others Get, Len and Snapshot.
func cacheReadsAndWrites() error {
	const writers, readers, keys = 4, 4, 1000
	c := NewCache[int]()
	own := make([][]string, writers)
	for g := range own {
		own[g] = keyNames(fmt.Sprintf("w%d-", g), keys)
	}
	err := together(writers+readers, keys, func(g, i int) error {
		j := i % keys
		if g < writers {
			k := own[g][j]
			c.Set(k, j)
			if j%2 == 1 {
				c.Delete(k)
			}
			return nil
		}
		k := own[g-writers][j]
		if v, ok := c.Get(k); ok && v != j {
			return fmt.Errorf("Get(%q) = %d, true; want %d: no goroutine ever stored another value there", k, v, j)
		}
		if n := c.Len(); n < 0 || n > writers*keys {
			return fmt.Errorf("Len() = %d while the writers worked; want between 0 and %d", n, writers*keys)
		}
		if j%100 == 0 {
			snap := c.Snapshot()
			snap["snapshot-only"] = 1
		}
		return nil
	})
	if err != nil {
		return err
	}
	if n := c.Len(); n != writers*keys/2 {
		return fmt.Errorf("after %d goroutines each Set %d keys and deleted half, Len() = %d; want %d", writers, keys, n, writers*keys/2)
	}
	if _, ok := c.Get("snapshot-only"); ok {
		return fmt.Errorf("a key added to a Snapshot's map is in the cache: Snapshot must return a copy")
	}
	return nil
}

const lockAdvice = "lock c.mu around every use of c.m, in every method"

// cacheMethods calls every method of a Cache, each by its name.
var cacheMethods = []struct {
	name   string
	writes bool
	call   func(c *Cache[int])
}{
	{"Get", false, func(c *Cache[int]) { c.Get("a") }},
	{"Len", false, func(c *Cache[int]) { c.Len() }},
	{"Snapshot", false, func(c *Cache[int]) { c.Snapshot() }},
	{"Set", true, func(c *Cache[int]) { c.Set("b", 2) }},
	{"Delete", true, func(c *Cache[int]) { c.Delete("a") }},
}

// mustLock checks that the cache's methods (the writers, or the readers)
// wait while another goroutine holds c.mu. That catches a missing lock
// every time, where a race crashes a program only most of the time.
func mustLock(t *testing.T, writers bool) {
	t.Helper()
	for _, m := range cacheMethods {
		if m.writes != writers {
			continue
		}
		c := NewCache[int]()
		c.m["a"] = 1
		c.mu.Lock()
		o := start("c."+m.name, func() { m.call(c) })
		mustWait(t, o, "another goroutine held c.mu locked", m.name+" uses c.m without locking c.mu first: "+lockAdvice)
		c.mu.Unlock()
		await(t, o)
	}
}

func TestStep1ConcurrentSets(t *testing.T) {
	advice := lockProbe(t, "set-locks")
	inChild(t, "cache-sets", "the cache", "8 goroutines called Set at once", advice)
	mustLock(t, true)
}

func TestStep1ConcurrentReadsAndWrites(t *testing.T) {
	advice := lockProbe(t, "cache-locks")
	inChild(t, "cache-reads-and-writes", "the cache", "4 goroutines called Set and Delete and 4 others Get, Len and Snapshot", advice)
	mustLock(t, false)
	t.Run("its crash messages", testCrashMessages)
	t.Run("its lock advice", testProbeAdvice)
}

// lockProbe runs the workload name (set-locks or cache-locks) in a child
// process, before the concurrent one: one call at a time, so its verdict is
// the same on every run, where a race shows only as a crash, and in the
// method that happened to crash, not in the one that broke the rule. It
// fails t for a writer that holds c.mu only read-locked, or for a Snapshot
// that returns the cache's own map, and returns the advice for a crash of
// the concurrent workload, which names the methods that take no lock.
func lockProbe(t *testing.T, name string) string {
	t.Helper()
	const activity = "the test called each method alone, holding c.mu itself"
	text, code := runChild(t, name, "the cache", activity, lockAdvice)
	if wrong, ok := strings.CutPrefix(firstLine(text), "wrong: "); ok && code == 1 {
		t.Fatal(wrong)
	} else if code != 0 {
		t.Fatalf("while %s: %s (exit status %d)", activity, wrong, code)
	}
	for _, line := range strings.Split(text, "\n") {
		if rest, ok := strings.CutPrefix(line, "unlocked:"); ok {
			return probeAdvice(strings.Fields(rest), name == "cache-locks")
		}
	}
	return lockAdvice
}

// probeAdvice is the advice for a crash when the methods unlocked take no
// lock: lockAdvice, after their names when only some of the cache's methods
// are unlocked (the method that crashed may be one that locks, whose partner
// in the race does not).
func probeAdvice(unlocked []string, allMethods bool) string {
	if len(unlocked) == 0 || !allMethods || len(unlocked) == len(cacheMethods) {
		return lockAdvice
	}
	uses := "uses"
	if len(unlocked) > 1 {
		uses = "use"
	}
	return fmt.Sprintf("%s %s c.m without locking c.mu: %s", joinNames(unlocked), uses, lockAdvice)
}

func testProbeAdvice(t *testing.T) {
	for _, c := range []struct {
		unlocked []string
		all      bool
		want     string
	}{
		{nil, true, lockAdvice},
		{[]string{"Set"}, false, lockAdvice},
		{[]string{"Get", "Set", "Delete", "Len", "Snapshot"}, true, lockAdvice},
		{[]string{"Set"}, true, "Set uses c.m without locking c.mu: " + lockAdvice},
		{[]string{"Set", "Delete"}, true, "Set and Delete use c.m without locking c.mu: " + lockAdvice},
	} {
		if got := probeAdvice(c.unlocked, c.all); got != c.want {
			t.Errorf("probeAdvice(%q, %v) = %q; want %q", c.unlocked, c.all, got, c.want)
		}
	}
}

// cacheLocks: the test calls each method of the cache alone (only the
// method named only, if it is not ""), and sees which lock it takes by
// holding c.mu itself, first write-locked, then read-locked. A writer that
// returns while the test holds the read lock took RLock, which other
// goroutines hold at the same time: it is an error. So is a Snapshot that
// returns the cache's own map. It prints "unlocked:" and the methods that
// take no lock at all, which the concurrent workloads show by crashing.
func cacheLocks(only string) error {
	if only == "" {
		if err := snapshotIsACopy(); err != nil {
			return err
		}
	}
	var unlocked []string
	for _, m := range cacheMethods {
		if only != "" && m.name != only {
			continue
		}
		switch lockOf(m.call) {
		case "":
			unlocked = append(unlocked, m.name)
		case "RLock":
			if m.writes {
				return fmt.Errorf("%s writes c.m holding only c.mu.RLock, which many goroutines can hold at once (it returned while the test held c.mu read-locked), so other goroutines read and write c.m while it writes: a writer needs Lock, not RLock; use c.mu.Lock() and c.mu.Unlock() in %s",
					m.name, m.name)
			}
		}
	}
	fmt.Println("unlocked:", strings.Join(unlocked, " "))
	return nil
}

// lockOf says which lock call takes on a new cache: "Lock", "RLock", "" for
// none, or "stuck" for a call that never returned once the test let go of
// c.mu (a lock it never unlocks, which the concurrent workloads report).
func lockOf(call func(c *Cache[int])) string {
	// held calls call while the test holds c.mu (read-locked if read), and
	// says whether the call waited for the test, and whether it was still
	// blocked once the test unlocked.
	held := func(read bool) (waited, stuck bool) {
		c := NewCache[int]()
		c.m["a"] = 1
		lock, unlock := c.mu.Lock, c.mu.Unlock
		if read {
			lock, unlock = c.mu.RLock, c.mu.RUnlock
		}
		lock()
		o := locktest.Start("call", func() { call(c) })
		waited = o.Settle() != ""
		unlock()
		return waited, o.Settle() != ""
	}
	waited, stuck := held(false)
	switch {
	case !waited:
		return ""
	case stuck:
		return "stuck"
	}
	waited, stuck = held(true)
	switch {
	case stuck:
		return "stuck"
	case waited:
		return "Lock"
	}
	return "RLock"
}

// snapshotIsACopy checks, before any goroutine races, that Snapshot returns
// a map of its own: one that is the cache's map makes its caller's writes
// writes to the cache, with no lock held.
func snapshotIsACopy() error {
	c := NewCache[int]()
	c.m["a"] = 1
	var snap map[string]int
	o := locktest.Start("c.Snapshot", func() { snap = c.Snapshot() })
	if o.Settle() != "" {
		return nil // stuck: the concurrent workload reports it
	}
	if snap != nil && reflect.ValueOf(snap).UnsafePointer() == reflect.ValueOf(c.m).UnsafePointer() {
		return fmt.Errorf("Snapshot must return a copy: it returned the cache's own map c.m (snap := c.m copies a reference to the map, not its entries), so a key its caller adds to the snapshot lands in the cache, written with no lock held; return maps.Clone(c.m), made while Snapshot holds c.mu")
	}
	return nil
}
