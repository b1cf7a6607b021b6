package locktest

import (
	"fmt"
	"strings"
	"sync"
	"testing"
)

// recorder is a testing.TB that keeps the failures instead of failing the
// test; Fatalf panics with stopped, which fatal recovers.
type recorder struct {
	testing.TB
	failures []string
}

type stopped struct{}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.failures = append(r.failures, fmt.Sprintf(format, args...))
}
func (r *recorder) Fatalf(format string, args ...any) {
	r.Errorf(format, args...)
	panic(stopped{})
}

// fatal runs f and reports whether it called r.Fatalf.
func (r *recorder) fatal(f func()) (stop bool) {
	defer func() {
		if p := recover(); p != nil {
			if _, ok := p.(stopped); !ok {
				panic(p)
			}
			stop = true
		}
	}()
	f()
	return false
}

func TestSettle(t *testing.T) {
	var mu sync.Mutex
	mu.Lock()
	o := Start("lock", func() { mu.Lock(); mu.Unlock() })
	if r := o.Settle(); r != "sync.Mutex.Lock" {
		t.Errorf("Settle of a goroutine waiting for a locked sync.Mutex = %q; want \"sync.Mutex.Lock\"", r)
	}
	if o.Returned() {
		t.Error("Returned of a goroutine waiting for a locked sync.Mutex = true; want false")
	}
	mu.Unlock()
	Await(t, o)
	if !o.Returned() {
		t.Error("Returned after Await = false; want true")
	}
	if r := Start("nothing", func() {}).Settle(); r != "" {
		t.Errorf("Settle of a goroutine that returns = %q; want \"\"", r)
	}
}

func TestMustWait(t *testing.T) {
	r := &recorder{TB: t}
	MustWait(r, Start("f()", func() {}), "the test held the lock", "lock it")
	if len(r.failures) != 1 || r.failures[0] != "f() returned while the test held the lock: lock it" {
		t.Errorf("MustWait of a call that returns: failures %q; want one, saying it returned", r.failures)
	}
	var mu sync.RWMutex
	mu.Lock()
	o := Start("g()", func() { mu.RLock(); mu.RUnlock() })
	r.failures = nil
	MustWait(r, o, "the test held the lock", "lock it")
	MustNotWait(r, o, "the test held the lock", "do not lock it")
	want := "g() waited (sync.RWMutex.RLock) while the test held the lock: do not lock it"
	if len(r.failures) != 1 || r.failures[0] != want {
		t.Errorf("MustWait, then MustNotWait, of a call blocked in RLock: failures %q; want only %q", r.failures, want)
	}
	mu.Unlock()
	Await(t, o)
}

func TestAwaitStuck(t *testing.T) {
	r := &recorder{TB: t}
	var mu sync.Mutex
	mu.Lock()
	o := Start("h()", func() { mu.Lock() })
	if !r.fatal(func() { Await(r, o) }) || len(r.failures) != 1 || !strings.HasPrefix(r.failures[0], "h() (sync.Mutex.Lock) never returned") {
		t.Errorf("Await of a call blocked forever: failures %q; want it to stop the test, saying h() never returned", r.failures)
	}
	mu.Unlock()
	Await(t, o)

	r.failures = nil
	if !r.fatal(func() { Do(r, "p()", func() { panic("boom") }) }) || len(r.failures) != 1 || r.failures[0] != "p() panicked: boom" {
		t.Errorf("Do of a call that panics: failures %q; want it to stop the test, saying p() panicked", r.failures)
	}
}

type guarded struct {
	m  map[string]int
	mu sync.Mutex
	rw sync.RWMutex
	sync.Mutex
	p *sync.RWMutex
}

func TestFieldLocks(t *testing.T) {
	g := &guarded{p: new(sync.RWMutex)}
	locks, err := FieldLocks(g)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, l := range locks {
		got = append(got, l.Field+" "+l.Type)
	}
	if want := "mu sync.Mutex, rw sync.RWMutex, Mutex sync.Mutex, p *sync.RWMutex"; strings.Join(got, ", ") != want {
		t.Fatalf("FieldLocks = %s; want %s", strings.Join(got, ", "), want)
	}
	// Each one locks the struct's own lock.
	try := []struct {
		lock   func() bool
		unlock func()
	}{{g.mu.TryLock, g.mu.Unlock}, {g.rw.TryRLock, g.rw.RUnlock}, {g.Mutex.TryLock, g.Mutex.Unlock}, {g.p.TryRLock, g.p.RUnlock}}
	for i, l := range locks {
		l.Lock()
		if try[i].lock() {
			t.Errorf("while the FieldLock of %s was locked, the field itself could be locked", l.Field)
			try[i].unlock()
		}
		l.Unlock()
		if !try[i].lock() {
			t.Errorf("after the FieldLock of %s was unlocked, the field itself could not be locked", l.Field)
		} else {
			try[i].unlock()
		}
	}

	for i, l := range locks {
		r, ok := l.RLocker()
		if ok != strings.HasSuffix(l.Type, "RWMutex") {
			t.Errorf("RLocker of %s (%s): ok = %v", l.Field, l.Type, ok)
			continue
		}
		if ok {
			r.Lock()
			if try[i].lock() { // TryRLock: readers share the lock
				try[i].unlock()
			} else {
				t.Errorf("while the RLocker of %s was locked, the field could not be read-locked", l.Field)
			}
			if l.rw.TryLock() {
				t.Errorf("while the RLocker of %s was locked, the field could be locked for writing", l.Field)
				l.rw.Unlock()
			}
			r.Unlock()
		}
	}

	if _, err := FieldLocks(&guarded{}); err == nil || err.Error() != "the field p of locktest.guarded is a nil *sync.RWMutex: make it a sync.RWMutex, whose zero value is ready to use" {
		t.Errorf("FieldLocks of a struct with a nil *sync.RWMutex: error %v; want one naming the field", err)
	}
	if locks, err := FieldLocks(&struct{ m map[int]int }{}); err != nil || len(locks) != 0 {
		t.Errorf("FieldLocks of a struct with no lock = %v, %v; want none, no error", locks, err)
	}
	if _, err := FieldLocks(guarded{}); err == nil {
		t.Error("FieldLocks of a struct, not a pointer: no error")
	}
}
