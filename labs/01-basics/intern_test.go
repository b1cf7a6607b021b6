package basics_test

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"gomaps/labs/01-basics"
	"gomaps/labs/internal/labtest"
)

type point struct{ X, Y int }

func TestInternAssignsDenseIDs(t *testing.T) {
	ids := map[any]int{}
	steps := []struct {
		key  any
		want int
		why  string
	}{
		{"a", 1, "the first distinct key gets id 1"},
		{1, 2, "the second distinct key gets id 2"},
		{"a", 1, "a key seen before keeps its id"},
		{[2]int{1, 2}, 3, "an array is a comparable key"},
		{[2]int{1, 2}, 3, "arrays with equal elements are the same key"},
		{point{1, 2}, 4, "a struct of comparable fields is a comparable key"},
		{point{1, 2}, 4, "structs with equal fields are the same key"},
		{int64(1), 5, "an interface key compares the dynamic type too: int64(1) is not int(1)"},
		{nil, 6, "the nil interface is a comparable key"},
		{nil, 6, "nil is nil"},
	}
	for _, s := range steps {
		var (
			id  int
			err error
		)
		call := fmt.Sprintf("Intern(ids, %#v)", s.key)
		if !labtest.Try(t, call, func() { id, err = basics.Intern(ids, s.key) }) {
			return
		}
		if id != s.want || err != nil {
			t.Errorf("%s = %d, %v; want %d, nil: %s", call, id, err, s.want, s.why)
			return // later ids depend on this one
		}
	}
	if len(ids) != 6 {
		t.Errorf("after interning 6 distinct keys, len(ids) = %d; want 6", len(ids))
	}

	// The next id comes from the map given, not from a counter of its own.
	other := map[any]int{"p": 1, "q": 2}
	var id int
	if labtest.Try(t, `Intern(other, "r")`, func() { id, _ = basics.Intern(other, "r") }) && id != 3 {
		t.Errorf(`Intern(other, "r") on a map of 2 keys = %d; want 3: a new key's id is one more than the number of keys in the map it is given (len(ids)+1)`, id)
	}
}

func TestInternUnhashableKeyReturnsError(t *testing.T) {
	unhashable := []struct {
		name string
		key  any
	}{
		{"a slice", []int{1}},
		{"a map", map[string]int{}},
		{"a func", func() {}},
		// The static types below are comparable, so the compiler accepts them
		// as keys: only the dynamic values inside make the map panic.
		{"a struct holding a slice in an interface field", struct{ V any }{[]int{1}}},
		{"an array holding a slice in an interface element", [1]any{[]int{1}}},
	}
	for _, u := range unhashable {
		ids := map[any]int{"x": 1}
		var (
			id  int
			err error
		)
		call := fmt.Sprintf("Intern(ids, %s)", u.name)
		if !labtest.Try(t, call, func() { id, err = basics.Intern(ids, u.key) }) {
			continue
		}
		if err == nil {
			t.Errorf("%s = %d, nil; want an error: a key whose dynamic value is not comparable makes the map panic at run time, and Intern must recover", call, id)
			continue
		}
		var rerr runtime.Error
		if !errors.As(err, &rerr) {
			t.Errorf("%s error = %v; want an error wrapping the recovered runtime.Error (use %%w)", call, err)
		}
		if !strings.Contains(err.Error(), "unhashable type") {
			t.Errorf("%s error = %q; want the runtime's message (\"hash of unhashable type ...\") in it", call, err)
		}
		if id != 0 || len(ids) != 1 {
			t.Errorf("%s left id = %d, len(ids) = %d; want 0 and 1: a failed Intern changes nothing", call, id, len(ids))
		}
	}
}
