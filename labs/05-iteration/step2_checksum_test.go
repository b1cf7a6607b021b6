package iteration_test

import (
	"fmt"
	"maps"
	"testing"

	"gomaps/labs/05-iteration"
)

// Step 2: Checksum does not depend on the order of the entries.

// entries returns a map of n entries, key-00 = value-00 and so on.
func entries(n int) map[string]string {
	m := map[string]string{}
	for i := range n {
		m[fmt.Sprintf("key-%02d", i)] = fmt.Sprintf("value-%02d", i)
	}
	return m
}

func checksum(t *testing.T, m map[string]string) (uint64, bool) {
	t.Helper()
	return result(t, fmt.Sprintf("Checksum(%s)", show(m, 3)), func() uint64 { return iteration.Checksum(m) })
}

func TestStep2ChecksumIsTheSameEveryCall(t *testing.T) {
	const calls = 200
	m := entries(40)
	sums := map[uint64]bool{}
	for range calls {
		sum, ok := checksum(t, m)
		if !ok {
			return
		}
		sums[sum] = true
	}
	if len(sums) > 1 {
		t.Fatalf("Checksum returned %d different values for the same map of %d entries over %d calls: the entries are hashed in range order, which changes on every range statement; hash each entry on its own and combine the entry hashes with an operation whose result does not depend on their order, such as +",
			len(sums), len(m), calls)
	}
}

func TestStep2ChecksumIgnoresHowTheMapWasBuilt(t *testing.T) {
	const n = 40
	want := entries(n)
	ascending := map[string]string{}
	for i := range n {
		k := fmt.Sprintf("key-%02d", i)
		ascending[k] = want[k]
	}
	descending := map[string]string{}
	for i := n - 1; i >= 0; i-- {
		k := fmt.Sprintf("key-%02d", i)
		descending[k] = want[k]
	}
	presized := make(map[string]string, 10_000)
	maps.Copy(presized, want)
	shrunk := entries(2000) // grown to hold 2000 entries, then all but 40 deleted
	for k := range shrunk {
		if _, keep := want[k]; !keep {
			delete(shrunk, k)
		}
	}
	builds := []struct {
		how string
		m   map[string]string
	}{
		{"inserted in increasing order", ascending},
		{"inserted in decreasing order", descending},
		{"made with make(map[string]string, 10000)", presized},
		{"grown to 2000 entries, then all but these 40 deleted", shrunk},
		{"a maps.Clone", maps.Clone(want)},
	}
	first, ok := checksum(t, builds[0].m)
	if !ok {
		return
	}
	for _, b := range builds[1:] {
		if !maps.Equal(b.m, want) {
			t.Fatalf("test bug: the map %s differs from the others", b.how)
		}
		// Ten calls each, so that one lucky order does not pass.
		for range 10 {
			sum, ok := checksum(t, b.m)
			if !ok {
				return
			}
			if sum != first {
				t.Fatalf("Checksum of a map of %d entries %s = %#x; the same entries %s give %#x: every map has its own layout and every range its own start, so the checksum must not depend on the order of the entries",
					n, b.how, sum, builds[0].how, first)
			}
		}
	}
}
