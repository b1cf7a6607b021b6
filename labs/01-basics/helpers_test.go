package basics_test

import (
	"fmt"
	"maps"
	"testing"

	"github.com/stretchr/testify/assert"

	"gomaps/labs/01-basics"
	"gomaps/labs/internal/labtest"
)

func TestSortedKeysIsSortedEveryTime(t *testing.T) {
	m := make(map[string]int)
	var want []string
	for i := range 100 {
		k := fmt.Sprintf("key-%03d", i)
		m[k] = i
		want = append(want, k)
	}
	// Range order over a map changes from one loop to the next, so a
	// result that merely happened to be sorted once would not pass 50 times.
	for run := range 50 {
		got := basics.SortedKeys(m)
		if len(got) != len(want) {
			t.Fatalf("run %d: SortedKeys(m) returned %d keys; want all %d keys of m", run, len(got), len(want))
		}
		if i := firstDiff(got, want); i >= 0 {
			t.Fatalf("run %d: SortedKeys(m)[%d] = %q; want %q: the keys must come out in increasing order on every call, but range order over a map is unspecified: collect them and sort", run, i, got[i], want[i])
		}
	}
	if got := basics.SortedKeys(map[string]int{}); len(got) != 0 {
		t.Errorf("SortedKeys(empty map) = %v; want no keys", got)
	}
}

func TestMergeDoesNotAlias(t *testing.T) {
	base := map[string]string{"a": "1", "b": "2", "c": "3"}
	overrides := map[string]string{"b": "20", "d": "4", "c": ""}
	baseBefore, overridesBefore := maps.Clone(base), maps.Clone(overrides)

	var got map[string]string
	if !labtest.Try(t, "Merge(base, overrides)", func() { got = basics.Merge(base, overrides) }) {
		return
	}
	want := map[string]string{"a": "1", "b": "20", "d": "4"}
	if !maps.Equal(got, want) {
		t.Errorf(`Merge(%v, %v) = %v; want %v: overrides win, and an override of "" removes the key`, base, overrides, got, want)
	}
	assert.True(t, maps.Equal(base, baseBefore), "Merge modified base: now %v; want it unchanged (%v): clone it first", base, baseBefore)
	assert.True(t, maps.Equal(overrides, overridesBefore), "Merge modified overrides: now %v; want it unchanged (%v)", overrides, overridesBefore)
	if got != nil {
		got["a"] = "changed"
		assert.Equal(t, "1", base["a"], "after writing to Merge's result, base[\"a\"] changed; want the result not to share storage with base: a map value is a reference, so return a clone")
	}
}

func TestMergeNilBase(t *testing.T) {
	var got map[string]string
	if !labtest.Try(t, `Merge(nil, {"x": "1"})`, func() { got = basics.Merge(nil, map[string]string{"x": "1"}) }) {
		return
	}
	if want := map[string]string{"x": "1"}; got == nil || !maps.Equal(got, want) {
		t.Errorf(`Merge(nil, {"x": "1"}) = %#v; want %v: maps.Clone(nil) is nil, so start from an empty map when base is nil`, got, want)
	}
	labtest.Try(t, "Merge(nil, nil)", func() { got = basics.Merge(nil, nil) })
	if got == nil {
		t.Errorf("Merge(nil, nil) = nil; want an empty, non-nil map, so that callers can add to it")
	}
	// The result is a new map even when base is nil: not overrides itself.
	overrides := map[string]string{"x": "1"}
	if labtest.Try(t, `Merge(nil, overrides)`, func() { got = basics.Merge(nil, overrides) }) && got != nil {
		got["y"] = "2"
		if _, shared := overrides["y"]; shared {
			t.Errorf(`a key added to the result of Merge(nil, overrides) appeared in overrides: Merge returned overrides itself; copy its entries into a new map`)
		}
	}
}

// firstDiff returns the first index where got and want differ, or -1.
func firstDiff(got, want []string) int {
	for i := range min(len(got), len(want)) {
		if got[i] != want[i] {
			return i
		}
	}
	if len(got) != len(want) {
		return min(len(got), len(want))
	}
	return -1
}
