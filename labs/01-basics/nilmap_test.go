package basics_test

import (
	"errors"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"gomaps/labs/01-basics"
	"gomaps/labs/internal/labtest"
)

func TestSetCountNilMapReturnsError(t *testing.T) {
	// The language rules first: on a nil map, reading, len, delete and range
	// are all fine. Only assignment panics.
	var nilMap map[string]int
	v, ok := nilMap["a"]
	require.Equal(t, 0, v, "reading a nil map gives the zero value")
	require.False(t, ok, "comma-ok on a nil map reports the key absent")
	require.Zero(t, len(nilMap), "len of a nil map is 0")
	delete(nilMap, "a") // a no-op, not a panic
	for range nilMap {
		t.Fatal("range over a nil map ran an iteration; want 0 iterations")
	}

	var err error
	if !labtest.Try(t, `SetCount(nil, "a", 1)`, func() { err = basics.SetCount(nil, "a", 1) }) {
		return
	}
	if err == nil {
		t.Fatalf(`SetCount(nil, "a", 1): got no error; want an error, because assigning to a nil map panics and SetCount must recover`)
	}
	var rerr runtime.Error
	if !errors.As(err, &rerr) {
		t.Errorf(`SetCount(nil, "a", 1) = %v; want an error wrapping the recovered runtime.Error (use %%w)`, err)
	}
	if !strings.Contains(err.Error(), "assignment to entry in nil map") {
		t.Errorf(`SetCount(nil, "a", 1) = %q; want the runtime's message "assignment to entry in nil map" in it`, err)
	}
}

func TestSetCountStoresValue(t *testing.T) {
	m := map[string]int{"a": 1}
	var err error
	if !labtest.Try(t, `SetCount(m, "b", 2)`, func() { err = basics.SetCount(m, "b", 2) }) {
		return
	}
	if err != nil {
		t.Errorf(`SetCount(m, "b", 2) = %v; want nil: m is not nil, so the assignment cannot fail`, err)
	}
	if got, ok := m["b"]; !ok || got != 2 {
		t.Errorf(`after SetCount(m, "b", 2), m["b"] = %d, %v; want 2, true: SetCount must store the value`, got, ok)
	}
	labtest.Try(t, `SetCount(m, "a", 10)`, func() { err = basics.SetCount(m, "a", 10) })
	if got := m["a"]; err != nil || got != 10 {
		t.Errorf(`after SetCount(m, "a", 10), m["a"] = %d (error %v); want 10 (no error): assigning to an existing key replaces its value`, got, err)
	}
	if len(m) != 2 {
		t.Errorf("after setting keys a and b, len(m) = %d; want 2", len(m))
	}
}
