package iteration_test

import (
	"fmt"
	"maps"
	"slices"
	"testing"

	"gomaps/labs/05-iteration"
)

// Step 4: AddPrefix renames every key exactly once.

func TestStep4AddPrefixRenamesEachKeyOnce(t *testing.T) {
	const runs, prefix = 100, "app."
	before := map[string]string{
		// Keys that already start with the prefix: renaming "a" to
		// "app.a" must not overwrite the entry "app.a" before it is
		// renamed itself.
		"a": "1", "app.a": "2", "port": "80", "app.port": "8080", "app.app.port": "9090",
	}
	for i := range 30 {
		before[fmt.Sprintf("option-%02d", i)] = fmt.Sprint(i)
	}
	want := map[string]string{}
	for k, v := range before {
		want[prefix+k] = v
	}
	wrong, unchanged := 0, 0
	var first string
	for range runs {
		m := maps.Clone(before)
		_, ok := result(t, fmt.Sprintf("AddPrefix(m, %q)", prefix), func() map[string]string {
			iteration.AddPrefix(m, prefix)
			return m
		})
		if !ok {
			return
		}
		if maps.Equal(m, before) {
			unchanged++
		}
		if !maps.Equal(m, want) {
			wrong++
			if first == "" {
				first = difference(m, want)
			}
		}
	}
	if unchanged > 0 {
		t.Fatalf("in %d of %d runs, AddPrefix(m, %q) left the caller's map m as it was: a map value is a pointer to the map's runtime header, and the parameter m is a copy of the caller's, so assigning the parameter a new map (m = renamed) changes only AddPrefix's own variable; change the map that m points to: clear(m), then copy the renamed entries into it",
			unchanged, runs, prefix)
	}
	if wrong > 0 {
		t.Fatalf("in %d of %d runs, AddPrefix(m, %q) on a map of %d entries left m wrong; in the first, %s: a key added during range may or may not be produced later in the same loop (and then it is renamed twice), and renaming k writes over an entry prefix+k that was not renamed yet; build the renamed entries apart, then put them in m",
			wrong, runs, prefix, len(before), first)
	}
}

// difference describes the first key, in sorted order, where got and want
// differ.
func difference(got, want map[string]string) string {
	keys := slices.Sorted(maps.Keys(got))
	keys = append(keys, slices.Sorted(maps.Keys(want))...)
	slices.Sort(keys)
	for _, k := range slices.Compact(keys) {
		g, inGot := got[k]
		w, inWant := want[k]
		switch {
		case inGot && !inWant:
			return fmt.Sprintf("m has %q = %q, a key it should not have (%d entries; want %d)", k, g, len(got), len(want))
		case !inGot && inWant:
			return fmt.Sprintf("m has no key %q; want %q = %q", k, k, w)
		case g != w:
			return fmt.Sprintf("m[%q] = %q; want %q", k, g, w)
		}
	}
	return "m is right"
}
