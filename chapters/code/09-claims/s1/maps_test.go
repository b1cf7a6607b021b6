package s1

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	claims "gomaps/chapters/code/09-claims"
	"gomaps/chapters/code/09-claims/check"
	"gomaps/labs/inspect"
)

// The post's program, run as separate processes: each child prints the order of one range.
func TestS1_02_EachRunCanPrintAnotherOrder(t *testing.T) {
	if check.IsChild(t) {
		fmt.Printf("ORDER: %s\n", order(postMap()))
		return
	}
	seen := map[string]int{}
	runs := 0
	// Two different orders are enough; 5 runs in 8 print the first rotation, so 40 runs that
	// all print the same order happen with a probability below 1e-8.
	for runs < 40 && len(seen) < 2 {
		out, code := check.Child(t, time.Minute)
		if code != 0 {
			t.Fatalf("child exited %d:\n%s", code, out)
		}
		_, line, ok := strings.Cut(out, "ORDER: ")
		if !ok {
			t.Fatalf("the child printed no order:\n%s", out)
		}
		line, _, _ = strings.Cut(line, "\n")
		seen[line]++
		runs++
	}
	t.Logf("%d runs of the post's program printed %d orders: %v", runs, len(seen), seen)
	if len(seen) < 2 {
		t.Errorf("40 processes all printed %v: the order did not change from run to run", seen)
	}
}

// The three outputs the post shows cannot come from its program: a map of four keys gives only
// the four rotations of the order its slots were filled in, the insertion order.
func TestS1_03_OnlyRotationsOfTheInsertionOrder(t *testing.T) {
	got := orders(postMap(), 20000)
	want := rotations("apple", "banana", "cherry", "date")
	for o, n := range got {
		t.Logf("%-28s %5d of 20000", o, n)
		if !want[o] {
			t.Errorf("order %q is not a rotation of the insertion order", o)
		}
	}
	if len(got) != len(want) {
		t.Errorf("%d orders in 20000 ranges; want the %d rotations", len(got), len(want))
	}
	for _, shown := range []string{
		"cherry banana apple date",
		"date apple cherry banana",
		"banana date apple cherry",
	} {
		if got[shown] > 0 {
			t.Errorf("the post's output %q appeared %d times", shown, got[shown])
		}
	}
}

// One map has one seed and gives every rotation; twenty maps with twenty seeds give the same four
// orders: the seed does not decide the order of the post's map.
func TestS1_04_TheSeedDoesNotDecideTheOrder(t *testing.T) {
	want := rotations("apple", "banana", "cherry", "date")
	seeds := map[uint64]bool{}
	for i := range 20 {
		m := postMap()
		before := seed(t, m)
		got := orders(m, 2000)
		if after := seed(t, m); after != before {
			t.Fatalf("the seed changed during the ranges: %#x, then %#x", before, after)
		}
		seeds[before] = true
		if !maps.Equal(setOf(got), want) {
			t.Errorf("map %d (seed %#x) gave the orders %v; want the 4 rotations", i, before, slices.Sorted(maps.Keys(got)))
		}
	}
	if len(seeds) < 2 {
		t.Errorf("20 maps had %d seed(s); want different seeds", len(seeds))
	}
	t.Logf("20 maps, %d different seeds, the same 4 orders each", len(seeds))
}

func setOf(m map[string]int) map[string]bool {
	out := map[string]bool{}
	for k := range m {
		out[k] = true
	}
	return out
}

// What Go 1.3 restored: a map of eight or fewer entries ranges in more than one order. A map of n
// such entries gives its n rotations.
func TestS1_05_SmallMapsRangeInRandomOrder(t *testing.T) {
	for n := 2; n <= 8; n++ {
		m := map[string]int{}
		var keys []string
		for i := range n {
			k := fmt.Sprintf("k%d", i)
			m[k] = i
			keys = append(keys, k)
		}
		got := orders(m, 4000)
		if want := rotations(keys...); !maps.Equal(setOf(got), want) {
			t.Errorf("a map of %d entries gave %d orders %v; want its %d rotations", n, len(got), slices.Sorted(maps.Keys(got)), n)
		}
	}
}

// The random start hides nothing about the table: every order of a small map is a rotation of
// the order of its slots, so a single range reads the slot order off.
func TestS1_06_AnyOrderShowsTheSlotOrder(t *testing.T) {
	m := map[string]int{}
	for _, k := range []string{"web", "api", "db", "cache", "queue", "auth", "mail", "search"} {
		m[k] = len(m)
	}
	entries, err := inspect.Entries(m)
	if err != nil {
		t.Fatal(err)
	}
	var slots []string
	for _, e := range entries {
		slots = append(slots, e.Key)
	}
	got := orders(m, 4000)
	want := rotations(slots...)
	for o := range got {
		if !want[o] {
			t.Errorf("order %q is not a rotation of the slot order %q", o, strings.Join(slots, " "))
		}
	}
	t.Logf("slot order %q; %d orders seen, all rotations of it", strings.Join(slots, " "), len(got))
	// What the runtime does for security: a map emptied by delete, or by clear, hashes with a new
	// seed. Each is tried 4 times, so that a new seed equal to the old by chance cannot pass.
	for _, empty := range []struct {
		how string
		do  func(map[string]int)
	}{
		{"deleting every key", func(m map[string]int) {
			for k := range m {
				delete(m, k)
			}
		}},
		{"clear", func(m map[string]int) { clear(m) }},
	} {
		renewed := 0
		for range 4 {
			before := seed(t, m)
			empty.do(m)
			if seed(t, m) != before {
				renewed++
			}
			for i, k := range slots {
				m[k] = i
			}
		}
		if renewed != 4 {
			t.Errorf("emptying the map by %s renewed its seed %d times of 4", empty.how, renewed)
		}
	}
	files := map[string]string{
		claims.Go125: "src/runtime/map_noswiss.go",
		claims.Go126: "src/internal/runtime/maps",
		claims.Go127: "src/internal/runtime/maps",
	}
	for at, file := range files {
		check.Lacks(t, at, file, `(?i)side.?channel|timing`)
		check.Has(t, at, file, `Reset the hash seed to make it more difficult for attackers`)
	}
}

// Code that assumes the insertion order breaks at once: most runs of a test would catch it.
func TestS1_07_CodeThatAssumesAnOrderBreaksEarly(t *testing.T) {
	const insertion = "apple banana cherry date"
	wrong := 0
	for range 100 {
		if order(postMap()) != insertion {
			wrong++
		}
	}
	t.Logf("%d of 100 ranges did not follow the insertion order", wrong)
	if wrong == 0 {
		t.Error("100 ranges all followed the insertion order")
	}
	// The freedom the Go 1 notes name was used: Go 1.24 replaced the implementation, and the
	// spec did not change; Go 1.27 has another group layout behind GOEXPERIMENT=mapsplitgroup.
	goDocHas(t, "doc/go_spec.html", `The iteration order over maps is not specified`)
	for _, at := range []string{claims.Go126, claims.Go127} {
		check.Has(t, at, "src/internal/runtime/maps/map.go", `Package maps implements Go's builtin map type`)
	}
	check.Has(t, claims.Go127, "src/internal/runtime/maps/group.go", `layout depending on GOEXPERIMENT=mapsplitgroup`)
}

// The post's sorted-keys pattern prints one output, in key order, every time.
func TestS1_08_SortedKeysGiveOneOutput(t *testing.T) {
	m := postMap()
	outputs := map[string]int{}
	for range 1000 {
		var b strings.Builder
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			fmt.Fprintf(&b, "%s:%d ", k, m[k])
		}
		outputs[b.String()]++
	}
	if len(outputs) != 1 || outputs["apple:1 banana:2 cherry:3 date:4 "] != 1000 {
		t.Errorf("1000 runs of the sorted loop printed %v; want one output in key order", outputs)
	}
}

// Insertion order is not in the map: it takes a list of keys, kept beside the map, as
// github.com/iancoleman/orderedmap does.
func TestS1_09_InsertionOrderNeedsAListOfKeys(t *testing.T) {
	check.Has(t, orderedMap, "orderedmap.go", `^\s+keys\s+\[\]string`)
	check.Has(t, orderedMap, "orderedmap.go", `o\.keys = append\(o\.keys, key\)`)
	check.Has(t, orderedMap, "orderedmap.go", `func \(o \*OrderedMap\) Keys\(\) \[\]string`)

	inserted := []string{"date", "cherry", "apple", "banana"}
	m := map[string]int{}
	var keys []string // the insertion order, kept by hand
	for i, k := range inserted {
		if _, ok := m[k]; !ok {
			keys = append(keys, k)
		}
		m[k] = i
	}
	differs := 0
	for range 100 {
		if !slices.Equal(keys, inserted) {
			t.Fatalf("the list of keys is %v; want %v", keys, inserted)
		}
		if order(m) != strings.Join(inserted, " ") {
			differs++
		}
	}
	if differs == 0 {
		t.Error("100 ranges over the map all gave the insertion order")
	}
}

// Every map gets a random seed when it is made, and a new one from clear: hmap.hash0 (uint32) on
// the classic map, Map.seed (uintptr) on Swiss tables.
func TestS1_10_EveryMapGetsASeed(t *testing.T) {
	check.Has(t, claims.Go125, "src/runtime/map_noswiss.go", `hash0\s+uint32`)
	check.Has(t, claims.Go125, "src/runtime/map_noswiss.go", `h\.hash0 = uint32\(rand\(\)\)`)
	for _, at := range []string{claims.Go126, claims.Go127} {
		check.Lacks(t, at, "src/internal/runtime/maps", `hash0`)
		check.Has(t, at, "src/internal/runtime/maps/map.go", `^\s+seed uintptr`)
	}

	seeds := map[uint64]bool{}
	for range 10 {
		seeds[seed(t, postMap())] = true
	}
	if len(seeds) < 2 {
		t.Errorf("10 new maps had %d seed(s); want a seed per map", len(seeds))
	}
	m := postMap()
	before := seed(t, m)
	clear(m)
	if after := seed(t, m); after == before {
		t.Errorf("clear kept the seed %#x; want a new one", before)
	}
	t.Logf("10 new maps, %d seeds; %s build", len(seeds), inspect.Build())
}

// No hash method on hmap, in any version the chapter names: the runtime hashes with
// t.Hasher(key, seed), never with a fresh random number, or no key would be found again.
func TestS1_12_NoHashMethodMixingFastrand(t *testing.T) {
	for _, at := range []string{claims.Go125, claims.Go126, claims.Go127} {
		check.Lacks(t, at, "src/runtime", `func \(h \*hmap\) hash\(`)
		check.Lacks(t, at, "src/runtime", `fastrand\(\) \^ h\.hash0`)
	}
	check.Lacks(t, claims.Go125, "src/runtime/map_noswiss.go", `fastrand`)
	m := postMap()
	for range 1000 {
		if m["cherry"] != 3 {
			t.Fatal(`m["cherry"] was not found again`)
		}
	}
}

// One map, never written after it was filled, ranges in many orders: its order is not stable
// for its lifetime.
func TestS1_13_OneMapRangesInManyOrders(t *testing.T) {
	m := map[string]int{}
	for i := range 100 {
		m[fmt.Sprintf("key%03d", i)] = i
	}
	before := seed(t, m)
	got := orders(m, 200)
	if after := seed(t, m); after != before {
		t.Fatalf("the seed changed: %#x, then %#x", before, after)
	}
	first := map[string]bool{}
	for o := range got {
		k, _, _ := strings.Cut(o, " ")
		first[k] = true
	}
	t.Logf("one map, seed %#x: %d orders and %d first keys in 200 ranges", before, len(got), len(first))
	if len(got) < 2 {
		t.Error("200 ranges over one map gave a single order")
	}
	// The classic map reseeds when the last entry is deleted, and in clear.
	check.Has(t, claims.Go125, "src/runtime/map_noswiss.go", `^func mapclear\(`)
	if n := len(check.Find(t, claims.Go125, "src/runtime/map_noswiss.go", `h\.hash0 = uint32\(rand\(\)\)`)); n < 3 {
		t.Errorf("map_noswiss.go sets hash0 in %d places; want makemap_small, makemap, mapdelete and mapclear", n)
	}
}

// TestS1_14_OneMapStartsInEveryBucket: the post's table has a range start at the bucket
// hash & bucketMask(h.B) of a hash perturbed by h.hash0. Then one map, whose seed does not change,
// would start every range in the same place. It starts in each of its buckets (classic) or groups
// (Swiss): the start is drawn on every range.
func TestS1_14_OneMapStartsInEveryBucket(t *testing.T) {
	m := map[string]int{}
	for i := range 64 {
		m[fmt.Sprintf("key%03d", i)] = i
	}
	where := func(k string) string {
		loc, ok, err := inspect.Locate(m, k)
		if err != nil || !ok {
			t.Fatalf("locate %q: %v, %v", k, ok, err)
		}
		if loc.Kind == inspect.Classic {
			return fmt.Sprintf("bucket %d", loc.Bucket)
		}
		return fmt.Sprintf("table %d group %d", loc.Table, loc.Group)
	}
	// Every bucket or group that holds a key: a range that starts there yields one of its keys
	// first (an empty one passes the start on to the next).
	places := map[string]bool{}
	for k := range m {
		places[where(k)] = true
	}
	before := seed(t, m)
	starts := map[string]int{}
	for range 4000 {
		for k := range m {
			starts[where(k)]++
			break
		}
	}
	if after := seed(t, m); after != before {
		t.Fatalf("the seed changed: %#x, then %#x", before, after)
	}
	t.Logf("%v map, seed %#x: the first key of 4000 ranges came from %d of the %d places that hold keys", inspect.Build(), before, len(starts), len(places))
	if len(places) < 4 {
		t.Fatalf("64 keys in %d places; want several buckets or groups", len(places))
	}
	for p := range places {
		if starts[p] == 0 {
			t.Errorf("no range of 4000 started in %s, with the seed unchanged", p)
		}
	}
	// The classic map draws the start from rand() in mapiterinit and never reads the seed there.
	body := check.FuncBody(t, claims.Go125, "src/runtime/map_noswiss.go", `^func mapiterinit\(`)
	for _, want := range []string{"r := uintptr(rand())", "it.startBucket = r & bucketMask(h.B)"} {
		if !check.Contains(body, want) {
			t.Errorf("mapiterinit of Go 1.25 has no %q", want)
		}
	}
	for _, not := range []string{"hash0", "Hasher", "fastrandn"} {
		if check.Contains(body, not) {
			t.Errorf("mapiterinit of Go 1.25 mentions %q", not)
		}
	}
	for _, at := range []string{claims.Go126, claims.Go127} {
		check.Lacks(t, at, "src/internal/runtime/maps", `bucketMask|bucketShift|startBucket`)
	}
}

// The spec leaves the order unspecified; it does not ask for a random or a different order,
// and two ranges in a row often give the same one.
func TestS1_15_TheSpecDoesNotRequireRandomOrder(t *testing.T) {
	goDocHas(t, "doc/go_spec.html", `The iteration order over maps is not specified`)
	goDocHas(t, "doc/go_spec.html", `and is not guaranteed to be the same from one iteration to the next`)
	goDocLacks(t, "doc/go_spec.html", `(?i)map.*random|random.*map`)
	m := postMap()
	same := 0
	for range 1000 {
		if order(m) == order(m) {
			same++
		}
	}
	t.Logf("two ranges in a row gave the same order %d times in 1000", same)
	if same == 0 {
		t.Error("two ranges in a row never gave the same order")
	}
}

// deployment stands in for appsv1.Deployment, so that this package, which runs on every lane,
// compiles nothing of Kubernetes. The post's map holds pointers to Deployments: a
// map[string]*deployment has the same key type, the same value size and the same hashing, so
// the runtime lays it out and ranges over it exactly as it does over a
// map[string]*appsv1.Deployment; the type the pointers point to plays no part.
type deployment struct {
	Name     string
	Replicas int32
}

// The post's map of Deployments: the order changes from one range to the next, and it is one of
// the three rotations of db, api, web (so "web api db" never comes out).
func TestS1_16_DeploymentsSyncInAVaryingOrder(t *testing.T) {
	deps := map[string]*deployment{
		"db":  {},
		"api": {},
		"web": {},
	}
	got := orders(deps, 4000)
	want := rotations("db", "api", "web")
	for o, n := range got {
		t.Logf("%-12s %4d of 4000", o, n)
		if !want[o] {
			t.Errorf("order %q is not a rotation of db api web", o)
		}
	}
	if len(got) < 2 {
		t.Error("4000 ranges synced the Deployments in a single order")
	}
	if got["web api db"] > 0 {
		t.Errorf("the post's order web, api, db appeared %d times", got["web api db"])
	}
}
