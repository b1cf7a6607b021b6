// Package locktest checks that a call waits for a lock, on every run: the test holds the lock,
// starts the call in a goroutine of its own, and reads from the runtime's goroutine dump whether
// the call returned or is parked. A missing lock is a race that a crash or the race detector
// shows only on some runs, or on none; a call that does not wait for a lock the test holds
// shows it every time.
//
// Labs 06 and 08 share it.
package locktest

import (
	"bytes"
	"fmt"
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"unsafe"
)

// An Op is one call of the lab's code, running in its own goroutine.
type Op struct {
	Name     string        // for messages
	id       int64         // the goroutine's id, as its stack dump shows it
	done     chan struct{} // closed when the call has returned
	panicked any
}

// Start runs f in a new goroutine, named for messages.
func Start(name string, f func()) *Op {
	o := &Op{Name: name, done: make(chan struct{})}
	ids := make(chan int64)
	go func() {
		defer close(o.done)
		defer func() { o.panicked = recover() }()
		ids <- GoroutineID()
		f()
	}()
	o.id = <-ids
	return o
}

// Settle waits until the op has returned or is blocked. It returns "" if
// the op returned, else why it is blocked ("sync.RWMutex.Lock",
// "chan receive"...): the runtime's wait reason.
//
// A blocked goroutine stays blocked until another one wakes it, so this
// needs no timeout: the loop ends as soon as the op's goroutine parks.
func (o *Op) Settle() string {
	for {
		select {
		case <-o.done:
			return ""
		default:
		}
		if r := waitReason(o.id); Blocked(r) {
			return r
		}
		runtime.Gosched()
	}
}

// Done returns a channel that is closed when the op has returned.
func (o *Op) Done() <-chan struct{} { return o.done }

// Returned reports whether the op has returned, without waiting.
func (o *Op) Returned() bool {
	select {
	case <-o.done:
		return true
	default:
		return false
	}
}

// Do runs f, named for messages, as an op and waits for it: a call that
// blocks forever (on a lock that an earlier call never unlocked) fails the
// test instead of hanging it.
func Do(t testing.TB, name string, f func()) {
	t.Helper()
	Await(t, Start(name, f))
}

// Await waits until every op has returned. If at some point all the ops
// still running are blocked, nothing can wake them (the caller released its
// locks before calling Await): the test fails instead of hanging.
func Await(t testing.TB, ops ...*Op) {
	t.Helper()
	for {
		var running []*Op
		for _, o := range ops {
			if !o.Returned() {
				running = append(running, o)
			}
		}
		if len(running) == 0 {
			break
		}
		var stuck []string
		for _, o := range running {
			if r := waitReason(o.id); Blocked(r) {
				stuck = append(stuck, fmt.Sprintf("%s (%s)", o.Name, r))
			}
		}
		if len(stuck) == len(running) && !anyReturned(running) {
			t.Fatalf("%s never returned: blocked, with nothing left to wake it (a lock that is never unlocked, or a channel never closed)", strings.Join(stuck, ", "))
		}
		runtime.Gosched()
	}
	for _, o := range ops {
		if o.panicked != nil {
			t.Fatalf("%s panicked: %v", o.Name, o.panicked)
		}
	}
}

func anyReturned(ops []*Op) bool {
	for _, o := range ops {
		if o.Returned() {
			return true
		}
	}
	return false
}

// MustNotWait fails t unless the op returns without blocking.
func MustNotWait(t testing.TB, o *Op, while, advice string) {
	t.Helper()
	if r := o.Settle(); r != "" {
		t.Errorf("%s waited (%s) while %s: %s", o.Name, r, while, advice)
	}
}

// MustWait fails t unless the op blocks.
func MustWait(t testing.TB, o *Op, while, advice string) {
	t.Helper()
	if r := o.Settle(); r == "" {
		t.Errorf("%s returned while %s: %s", o.Name, while, advice)
	}
}

// Blocked reports whether a wait reason means the goroutine is parked until
// another goroutine of the program wakes it: on a lock of package sync
// ("sync.Mutex.Lock", "sync.RWMutex.RLock", "sync.WaitGroup.Wait"...), a
// channel or a select. "running", "runnable", "syscall", the empty reason of
// a goroutine that has exited, and the runtime's own waits are not: a
// goroutine that starts a garbage collection may wait in "semacquire" or
// "GC assist wait" for a moment, and the runtime wakes it by itself.
func Blocked(reason string) bool {
	return strings.HasPrefix(reason, "sync.") || strings.HasPrefix(reason, "chan ") ||
		strings.HasPrefix(reason, "select")
}

// waitReason returns the state of goroutine id, as runtime.Stack shows it in
// the goroutine's first line ("goroutine 7 [sync.Mutex.Lock]:"), or "" if
// there is no such goroutine.
func waitReason(id int64) string {
	buf := make([]byte, 64<<10)
	for {
		n := runtime.Stack(buf, true)
		if n < len(buf) {
			buf = buf[:n]
			break
		}
		buf = make([]byte, 2*len(buf))
	}
	head := []byte("goroutine " + strconv.FormatInt(id, 10) + " [")
	for _, line := range bytes.Split(buf, []byte("\n")) {
		if rest, ok := bytes.CutPrefix(line, head); ok {
			reason, _, _ := strings.Cut(string(rest), "]")
			reason, _, _ = strings.Cut(reason, ",") // "chan receive, 2 minutes"
			return reason
		}
	}
	return ""
}

// GoroutineID returns the calling goroutine's id, from its stack dump: a
// hook that the lab's code calls can tell whether it runs on an op's
// goroutine.
func GoroutineID() int64 {
	buf := make([]byte, 64)
	buf = buf[:runtime.Stack(buf, false)]
	f := strings.Fields(string(buf))
	if len(f) < 2 || f[0] != "goroutine" {
		panic("unexpected stack dump: " + string(buf))
	}
	id, err := strconv.ParseInt(f[1], 10, 64)
	if err != nil {
		panic("unexpected stack dump: " + string(buf))
	}
	return id
}

// A FieldLock is a sync.Mutex or sync.RWMutex field of a struct, which a test
// locks from outside the struct's package.
type FieldLock struct {
	Field string      // the field's name: "mu"
	Type  string      // "sync.Mutex", "sync.RWMutex", "*sync.Mutex"...
	l     sync.Locker // the field's lock; for a sync.RWMutex, its write lock
	rw    *sync.RWMutex
}

// Lock locks the field's lock exclusively: for a sync.RWMutex, its write
// lock, which readers (RLock) wait for too.
func (l FieldLock) Lock() { l.l.Lock() }

// Unlock unlocks what Lock locked.
func (l FieldLock) Unlock() { l.l.Unlock() }

// RLocker returns the read lock of a sync.RWMutex field, and false for a
// sync.Mutex, which has none.
func (l FieldLock) RLocker() (sync.Locker, bool) {
	if l.rw == nil {
		return nil, false
	}
	return l.rw.RLocker(), true
}

var (
	mutexType   = reflect.TypeFor[sync.Mutex]()
	rwMutexType = reflect.TypeFor[sync.RWMutex]()
)

// FieldLocks returns the locks of the struct that ptr points to: its fields
// of type sync.Mutex or sync.RWMutex (embedded ones included, named by their
// type), or a pointer to one. A pointer field that is nil is an error, which
// says so in a sentence. The fields may be unexported: a test of another
// package reaches them through their address.
func FieldLocks(ptr any) ([]FieldLock, error) {
	v := reflect.ValueOf(ptr)
	if v.Kind() != reflect.Pointer || v.IsNil() || v.Elem().Kind() != reflect.Struct {
		return nil, fmt.Errorf("FieldLocks takes a non-nil pointer to a struct, not a %T", ptr)
	}
	s := v.Elem()
	var locks []FieldLock
	for i := range s.NumField() {
		f, sf := s.Field(i), s.Type().Field(i)
		typ, addr := sf.Type, unsafe.Pointer(f.UnsafeAddr())
		pointer := typ.Kind() == reflect.Pointer && (typ.Elem() == mutexType || typ.Elem() == rwMutexType)
		if pointer {
			typ = typ.Elem()
			addr = *(*unsafe.Pointer)(addr)
		}
		if typ != mutexType && typ != rwMutexType {
			continue
		}
		name := typ.String()
		if pointer {
			name = "*" + name
		}
		if addr == nil {
			return nil, fmt.Errorf("the field %s of %s is a nil %s: make it a %s, whose zero value is ready to use", sf.Name, s.Type(), name, typ)
		}
		fl := FieldLock{Field: sf.Name, Type: name, l: (*sync.Mutex)(addr)}
		if typ == rwMutexType {
			fl.rw = (*sync.RWMutex)(addr)
			fl.l = fl.rw
		}
		locks = append(locks, fl)
	}
	return locks, nil
}
