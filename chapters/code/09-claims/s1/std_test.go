package s1

import (
	"bytes"
	"cmp"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	claims "gomaps/chapters/code/09-claims"
	"gomaps/chapters/code/09-claims/check"
)

// The post's sort.Slice pattern gives one order, the keys' order, every time; sort.Slice is in
// the API of Go 1.8.
func TestS1_49_SortSliceSortsTheKeys(t *testing.T) {
	goDocHas(t, "api/go1.8.txt", `^pkg sort, func Slice\(interface\{\}, func\(int, int\) bool\)$`)
	m := map[string]int{}
	for i := range 100 {
		m[fmt.Sprintf("k%02d", (i*37)%100)] = i
	}
	results := map[string]int{}
	for range 200 {
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		sort.Slice(keys, func(i, j int) bool { return keys[i] < keys[j] })
		results[strings.Join(keys, ",")]++
	}
	if len(results) != 1 {
		t.Fatalf("200 sorts gave %d different orders", len(results))
	}
	for r := range results {
		if !slices.IsSorted(strings.Split(r, ",")) {
			t.Errorf("the keys are not in order: %s", r)
		}
	}
}

// make([]string, 0, len(m)) gives the key slice all its room at once: collecting 1000 keys
// allocates once, against once per doubling without the capacity.
func TestS1_50_PreallocatedKeysAllocateOnce(t *testing.T) {
	m := map[string]int{}
	for i := range 1000 {
		m[fmt.Sprint(i)] = i
	}
	var sink []string
	presized := testing.AllocsPerRun(100, func() {
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		sink = keys
	})
	grown := testing.AllocsPerRun(100, func() {
		var keys []string
		for k := range m {
			keys = append(keys, k)
		}
		sink = keys
	})
	_ = sink
	t.Logf("collecting 1000 keys: %.0f allocation(s) with the capacity, %.0f without", presized, grown)
	if presized != 1 || grown <= presized {
		t.Errorf("allocations: %.0f with the capacity, %.0f without; want 1, and more without", presized, grown)
	}
}

// constraints.Ordered is in golang.org/x/exp, not in the standard library, which has cmp.Ordered
// (Go 1.21) and slices.Sorted(maps.Keys(m)) (Go 1.23).
func TestS1_51_OrderedIsCmpOrdered(t *testing.T) {
	check.Has(t, xexp, "constraints/constraints.go", `^type Ordered interface`)
	goDocHas(t, "api/go1.21.txt", `^pkg cmp, type Ordered interface`)
	goDocHas(t, "api/go1.23.txt", `^pkg slices, func Sorted\[`)
	goDocHas(t, "api/go1.23.txt", `^pkg maps, func Keys\[`)
	for _, at := range []string{claims.Go126, claims.Go127} {
		check.Lacks(t, at, "src", `^package constraints$`)
	}
	if goDoc(t, "api/go1.21.txt") {
		api, err := filepath.Glob(filepath.Join(check.Root(t, claims.Go126), "api", "go1*.txt"))
		if err != nil || len(api) == 0 {
			t.Fatalf("the api files: %v", err)
		}
		for _, f := range api {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if bytes.Contains(data, []byte("pkg constraints")) {
				t.Errorf("%s adds package constraints", filepath.Base(f))
			}
		}
	}
	ints := map[int]string{3: "c", 1: "a", 2: "b"}
	if got := sortKeys(ints); !slices.Equal(got, []int{1, 2, 3}) || !slices.Equal(got, slices.Sorted(maps.Keys(ints))) {
		t.Errorf("sortKeys = %v", got)
	}
}

// sortKeys is the post's generic function, with the standard library's constraint.
func sortKeys[K cmp.Ordered, V any](m map[K]V) []K {
	keys := make([]K, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// sync.Map ranges in an order of its own, not the order of the stores; an atomic.Value swaps in a
// whole new sorted list of keys, and every reader sees one list or the other, never a mix.
func TestS1_53_SyncMapHasNoOrderAtomicValueSwapsWholeLists(t *testing.T) {
	var inserted []string
	for i := range 20 {
		inserted = append(inserted, fmt.Sprintf("k%02d", i))
	}
	differs := 0
	for range 3 {
		var m sync.Map
		for _, k := range inserted {
			m.Store(k, true)
		}
		var got []string
		m.Range(func(k, _ any) bool { got = append(got, k.(string)); return true })
		if !slices.Equal(got, inserted) {
			differs++
		}
	}
	if differs == 0 {
		t.Error("3 sync.Maps all ranged in the order of the stores")
	}

	var order atomic.Value
	order.Store([]string{})
	var wg sync.WaitGroup
	var torn atomic.Int32
	stop := make(chan struct{})
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				keys := order.Load().([]string)
				if !slices.IsSorted(keys) || (len(keys) > 0 && keys[len(keys)-1] != fmt.Sprintf("k%04d", len(keys)-1)) {
					torn.Add(1)
				}
			}
		}()
	}
	keys := []string{}
	for i := range 2000 {
		next := append(slices.Clone(keys), fmt.Sprintf("k%04d", i))
		order.Store(next)
		keys = next
	}
	close(stop)
	wg.Wait()
	if torn.Load() != 0 {
		t.Errorf("readers saw %d lists that were not one of the stored lists", torn.Load())
	}
}
