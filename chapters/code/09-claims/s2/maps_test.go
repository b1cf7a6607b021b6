package s2

import (
	"fmt"
	"os/exec"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
	"unsafe"
	"weak"

	claims "gomaps/chapters/code/09-claims"
	"gomaps/chapters/code/09-claims/check"
	"gomaps/labs/inspect"
)

// The claims of section 1 and 2.1 of the post: what delete does to a map, on every runtime.

func TestS2_02_DeleteKeepsTheSlots(t *testing.T) {
	m := intMap(1000)
	before := layout(t, m).Capacity()
	for k := range 1000 {
		delete(m, k)
	}
	l := layout(t, m)
	if len(m) != 0 {
		t.Fatalf("len after deleting every key = %d; want 0", len(m))
	}
	if l.Capacity() != before || before < 1000 {
		t.Errorf("slots: %d before deleting 1000 keys, %d after; delete keeps every slot", before, l.Capacity())
	}
	t.Logf("%v: 1000 keys in %d slots; after deleting all of them, len 0 and %d slots", l.Kind, before, l.Capacity())
}

// fullAndOpen returns, in a Swiss table, a key whose group is full and a key whose group has an
// empty slot.
func fullAndOpen(t *testing.T, m map[int]int) (full, open int) {
	t.Helper()
	l := layout(t, m)
	entries, err := inspect.Entries(m)
	if err != nil {
		t.Fatal(err)
	}
	full, open = -1, -1
	var fullLoc inspect.Location
	for _, e := range entries {
		if e.Loc.Table < 0 {
			continue
		}
		g := l.Swiss.Tables[e.Loc.Table].Groups[e.Loc.Group]
		switch {
		case full < 0 && g.Full() == inspect.GroupSlots:
			full, fullLoc = e.Key, e.Loc
		case open < 0 && g.Empty() > 0:
			open = e.Key
		}
	}
	if full < 0 || open < 0 {
		t.Fatalf("no key in a full group (%d) or in a group with an empty slot (%d)", full, open)
	}
	if o := locate(t, m, open); o.Table == fullLoc.Table && o.Group == fullLoc.Group {
		t.Fatal("the two keys share a group")
	}
	return full, open
}

// TestS2_03_TombstoneOnlyInAFullSwissGroup: the claim is that every delete leaves a tombstone.
// On every lane some delete does not: the classic map never writes one, and a Swiss table writes
// one only in a full group. It fails on a runtime where each of these deletes left a tombstone.
func TestS2_03_TombstoneOnlyInAFullSwissGroup(t *testing.T) {
	switch inspect.Build() {
	case inspect.Swiss:
		// 800 keys: one table of 1024 slots, 7/8 full at most, so some groups are full.
		m := intMap(800)
		full, open := fullAndOpen(t, m)
		fl, ol := locate(t, m, full), locate(t, m, open)
		delete(m, full)
		delete(m, open)
		l := layout(t, m)
		if c := ctrlAt(l, fl); c != inspect.CtrlDeleted {
			t.Errorf("deleted from a full group: control byte %#x; want a tombstone %#x", c, inspect.CtrlDeleted)
		}
		if c := ctrlAt(l, ol); c != inspect.CtrlEmpty {
			t.Errorf("deleted from a group with an empty slot: control byte %#x; want empty %#x, no tombstone", c, inspect.CtrlEmpty)
		}
		if n := l.Tombstones(); n != 1 {
			t.Errorf("tombstones after two deletes = %d; want 1", n)
		}
		// A small map (8 keys or fewer, one group) never makes a tombstone.
		small := intMap(8)
		sl := locate(t, small, 3)
		delete(small, 3)
		if c := ctrlAt(layout(t, small), sl); c != inspect.CtrlEmpty {
			t.Errorf("deleted from a small map's full group: control byte %#x; want empty %#x", c, inspect.CtrlEmpty)
		}
		t.Logf("Swiss tables: a delete in a full group leaves a tombstone; in a group with an empty slot, and in a small map, an empty slot: not every delete leaves one")
	case inspect.Classic:
		m := intMap(8) // one bucket of 8 slots, full
		loc := locate(t, m, 3)
		delete(m, 3)
		l := layout(t, m)
		if c := ctrlAt(l, loc); c != inspect.EmptyOne {
			t.Errorf("classic map, deleted from a full bucket: tophash %d; want emptyOne (%d)", c, inspect.EmptyOne)
		}
		if l.Tombstones() != 0 {
			t.Errorf("classic map: %d tombstones", l.Tombstones())
		}
		t.Logf("classic map: no delete leaves a tombstone, and nothing probes; the slot's tophash is emptyOne")
	default:
		t.Fatalf("unknown map implementation %v", inspect.Build())
	}
}

func TestS2_04_InsertReusesADeletedSlot(t *testing.T) {
	m := intMap(8) // one full group (Swiss) or one full bucket (classic)
	slots := layout(t, m).Capacity()
	for k := range 8 {
		old := locate(t, m, k)
		delete(m, k)
		m[100+k] = k
		now := locate(t, m, 100+k)
		if now.Table != old.Table || now.Group != old.Group || now.Bucket != old.Bucket || now.Overflow != old.Overflow || now.Slot != old.Slot {
			t.Errorf("key %d was at %v; the key inserted after deleting it went to %v, not the freed slot", k, old, now)
		}
	}
	if c := layout(t, m).Capacity(); c != slots {
		t.Errorf("slots: %d before, %d after 8 deletes and 8 inserts", slots, c)
	}
}

func TestS2_05_DeleteLowersLen(t *testing.T) {
	m := intMap(100)
	for k := range 100 {
		delete(m, k)
		if len(m) != 99-k {
			t.Fatalf("after %d deletes, len = %d; want %d", k+1, len(m), 99-k)
		}
	}
	delete(m, 1000) // a key that is not there: no change
	if len(m) != 0 {
		t.Fatalf("len = %d; want 0", len(m))
	}
}

func TestS2_06_DeletedKeyReadsZeroAndFalse(t *testing.T) {
	m := map[string][]int{"a": {1, 2, 3}}
	delete(m, "a")
	v, ok := m["a"]
	if v != nil || ok {
		t.Errorf(`after delete, m["a"] = %v, %v; want nil, false`, v, ok)
	}
	n := map[string]int{"a": 7}
	delete(n, "a")
	if x, ok := n["a"]; x != 0 || ok {
		t.Errorf(`after delete, n["a"] = %d, %v; want 0, false`, x, ok)
	}
}

// sliceInMap stores a slice of a fresh array in a map and returns the map and a weak pointer
// to the array; with keep, it also returns a second copy of the slice header.
//
//go:noinline
func sliceInMap(keep bool) (map[string][]int, weak.Pointer[[1 << 16]int], []int) {
	arr := new([1 << 16]int)
	arr[0] = 1
	m := map[string][]int{"a": arr[:]}
	var other []int
	if keep {
		other = m["a"]
	}
	return m, weak.Make(arr), other
}

func TestS2_07_DeleteKeepsNothingAlive(t *testing.T) {
	// Only the map refers to the array: after delete, the next collection frees it.
	m, wp, _ := sliceInMap(false)
	runtime.GC()
	if wp.Value() == nil {
		t.Fatal("the array was collected while the map still held its slice")
	}
	delete(m, "a")
	runtime.GC()
	if wp.Value() != nil {
		t.Error("after delete and a collection, the array is still alive: the map kept it")
	}
	runtime.KeepAlive(m)

	// Another copy of the slice header keeps the array alive, as it would without any map.
	m2, wp2, other := sliceInMap(true)
	delete(m2, "a")
	runtime.GC()
	if wp2.Value() == nil {
		t.Fatal("the array was collected while another slice still referred to it")
	}
	other[0] = 42 // still an ordinary, valid slice
	if wp2.Value()[0] != 42 {
		t.Fatal("the other slice no longer shares the array")
	}
	runtime.KeepAlive(other)
	runtime.KeepAlive(m2)
}

// concurrentDelete is the child's workload: one goroutine inserts and deletes a key for ever,
// the other reads or ranges, under a deferred recover that would print what it caught.
func concurrentDelete(how string) {
	m := make(map[int]int)
	for k := range 100 {
		m[k] = k
	}
	go func() {
		for {
			m[1000] = 1 // delete on an empty map returns before the check: keep one key to delete
			delete(m, 1000)
		}
	}()
	defer func() {
		if r := recover(); r != nil {
			fmt.Println("recovered:", r)
		}
	}()
	sink := 0
	for {
		switch how {
		case "index":
			sink += m[5]
		case "range":
			for _, v := range m {
				sink += v
			}
		}
	}
}

func TestS2_08_ConcurrentDeleteIsAFatalError(t *testing.T) {
	for _, c := range []struct{ how, want string }{
		{"index", "fatal error: concurrent map read and map write"},
		{"range", "fatal error: concurrent map iteration and map write"},
	} {
		t.Run(c.how, func(t *testing.T) {
			if check.IsChild(t) {
				concurrentDelete(c.how)
				return
			}
			out, code := check.Child(t, time.Minute)
			if code != 2 || !strings.Contains(out, c.want) {
				t.Fatalf("delete racing with m[k]/range: exit %d; want exit 2 and %q:\n%s", code, c.want, check.Head(out, 20))
			}
			if strings.Contains(out, "recovered:") || strings.Contains(out, "panic:") {
				t.Fatalf("a deferred recover caught it, or it was a panic:\n%s", check.Head(out, 20))
			}
			t.Logf("%s: exit %d, %s", c.how, code, c.want)
		})
	}
}

func TestS2_09_RWMutexMakesItRaceFree(t *testing.T) {
	bin := build(t, testdata("rwmutex"), "-race")
	run := func(lock bool) (string, int) {
		out, err := exec.Command(bin, fmt.Sprintf("-lock=%v", lock)).CombinedOutput()
		code := 0
		if e, ok := err.(*exec.ExitError); ok {
			code = e.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return string(out), code
	}
	// The detector misses a race now and then (a run ends with no report): allow a few runs.
	var out string
	var code int
	for range 5 {
		if out, code = run(false); strings.Contains(out, "WARNING: DATA RACE") {
			break
		}
	}
	if !strings.Contains(out, "WARNING: DATA RACE") {
		t.Fatalf("without the lock, 5 runs: the race detector reported nothing (exit %d):\n%s", code, check.Head(out, 20))
	}
	out, code = run(true)
	if code != 0 || strings.Contains(out, "DATA RACE") || strings.Contains(out, "fatal error") {
		t.Fatalf("with the RWMutex: exit %d:\n%s", code, check.Head(out, 30))
	}
	t.Logf("with the lock: %s", strings.TrimSpace(out))
}

func TestS2_11_DeletedValueIsNil(t *testing.T) {
	type T struct{ n int }
	m := map[string]*T{"k": {1}}
	s := map[string][]int{"k": {1}}
	delete(m, "k")
	delete(s, "k")
	entered := 0
	if m["k"] != nil {
		entered++
	}
	if s["k"] != nil {
		entered++
	}
	if entered != 0 {
		t.Errorf("delete(m, k); if m[k] != nil {...} entered the branch %d times of 2; a deleted key reads nil", entered)
	}
	if _, ok := m["k"]; ok {
		t.Error("comma-ok says the deleted key is present")
	}
}

func TestS2_12_DeleteDuringRangeIsDefined(t *testing.T) {
	for trial := range 100 {
		m := intMap(1000)
		seen := map[int]int{}
		for k := range m {
			seen[k]++
			delete(m, k)
			delete(m, k^1) // its partner: removed before it is reached, or already visited
		}
		if len(m) != 0 {
			t.Fatalf("trial %d: %d keys left", trial, len(m))
		}
		for p := 0; p < 1000; p += 2 {
			if n := seen[p] + seen[p+1]; n != 1 {
				t.Fatalf("trial %d: pair %d,%d produced %d times; the spec says exactly once", trial, p, p+1, n)
			}
		}
		for k, n := range seen {
			if n > 1 {
				t.Fatalf("trial %d: key %d produced %d times", trial, k, n)
			}
		}
	}
}

func TestS2_13_DeleteOnANilMapIsANoOp(t *testing.T) {
	var m map[string]int
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("delete on a nil map panicked: %v", r)
		}
	}()
	delete(m, "a")
	if m != nil || len(m) != 0 {
		t.Fatal("delete changed a nil map")
	}
}

func TestS2_15_ClassicDeleteEndsARunWithEmptyRest(t *testing.T) {
	m := intMap(8) // classic: one bucket, slots 0-7; Swiss: one group
	loc := map[int]inspect.Location{}
	bySlot := map[int]int{}
	for k := range 8 {
		loc[k] = locate(t, m, k)
		bySlot[loc[k].Slot] = k
	}
	if inspect.Build() == inspect.Swiss {
		for k := range 8 {
			delete(m, k)
			if c := ctrlAt(layout(t, m), loc[k]); c != inspect.CtrlEmpty && c != inspect.CtrlDeleted {
				t.Fatalf("Swiss tables: the deleted slot's control byte is %#x; want empty or deleted", c)
			}
		}
		t.Log("Swiss tables have no tophash, no emptyOne and no emptyRest: a deleted slot is empty or a tombstone")
		return
	}
	tophash := func(slot int) uint8 { return ctrlAt(layout(t, m), loc[bySlot[slot]]) }
	delete(m, bySlot[3])
	if th := tophash(3); th != inspect.EmptyOne {
		t.Fatalf("slot 3 deleted, slots 4-7 full: tophash %d; want emptyOne (%d)", th, inspect.EmptyOne)
	}
	delete(m, bySlot[7])
	if th := tophash(7); th != inspect.EmptyRest {
		t.Fatalf("last slot deleted: tophash %d; want emptyRest (%d), not emptyOne", th, inspect.EmptyRest)
	}
	for _, s := range []int{6, 5, 4} {
		delete(m, bySlot[s])
	}
	for s := 3; s < 8; s++ {
		if th := tophash(s); th != inspect.EmptyRest {
			t.Fatalf("after deleting slots 3-7, slot %d has tophash %d; want emptyRest: the run was turned back", s, th)
		}
	}
	for s := range 3 {
		if th := tophash(s); th < inspect.MinTopHash {
			t.Fatalf("slot %d (full) has tophash %d", s, th)
		}
	}
}

// shape is what a growth changes: the tables' capacities (Swiss) or the bucket count (classic).
func shape(l *inspect.Layout) string {
	if l.Swiss != nil {
		var caps []int
		for _, tb := range l.Swiss.Tables {
			caps = append(caps, tb.Capacity)
		}
		return fmt.Sprintf("dirLen %d, tables %v", l.Swiss.DirLen, caps)
	}
	return fmt.Sprintf("B %d, growing %v", l.Classic.B, l.Classic.Growing())
}

func TestS2_16_DeleteNeverGrows(t *testing.T) {
	m := intMap(1000)
	before := shape(layout(t, m))
	for k := range 1000 {
		delete(m, k)
		if s := shape(layout(t, m)); s != before {
			t.Fatalf("delete %d changed the map's shape: %s -> %s", k, before, s)
		}
	}
	if inspect.Build() != inspect.Classic {
		return
	}
	// Classic: a delete made while a growth is in progress does evacuation work, as any write.
	g := intMap(104)
	g[104] = 104 // 105 > 6.5 x 16: the growth to 32 buckets starts
	evacuated := func() int {
		n := 0
		for _, b := range layout(t, g).Classic.OldBuckets {
			if b.Evacuated() {
				n++
			}
		}
		return n
	}
	if !layout(t, g).Classic.Growing() {
		t.Fatal("no growth in progress after the 105th insert")
	}
	n := evacuated()
	delete(g, 0)
	if l := layout(t, g).Classic; l.Growing() && evacuated() <= n {
		t.Fatalf("a delete during a growth evacuated nothing (%d old buckets evacuated before and after)", n)
	}
	t.Logf("classic map: a delete during a growth moved old buckets (evacuated %d before it)", n)
}

func TestS2_18_EmptyOneOnlyInTheClassicMap(t *testing.T) {
	check.Has(t, claims.Go125, "src/runtime/map_noswiss.go", `emptyOne +=\s*1 // this cell is empty`)
	for _, at := range []string{claims.Go126, claims.Go127} {
		check.Lacks(t, at, "src/internal/runtime/maps", `emptyOne|emptyRest`)
	}
	switch inspect.Build() {
	case inspect.Classic:
		m := intMap(8)
		var victim int
		for k := range 8 {
			if locate(t, m, k).Slot == 2 {
				victim = k
			}
		}
		loc := locate(t, m, victim)
		delete(m, victim)
		if th := ctrlAt(layout(t, m), loc); th != inspect.EmptyOne {
			t.Fatalf("tophash of deleted slot 2 = %d; want emptyOne", th)
		}
		for k := range 8 {
			if _, ok := m[k]; ok != (k != victim) {
				t.Fatalf("lookup of %d past an emptyOne slot: ok %v", k, ok)
			}
		}
	case inspect.Swiss:
		m := intMap(800)
		full, _ := fullAndOpen(t, m)
		loc := locate(t, m, full)
		delete(m, full)
		if c := ctrlAt(layout(t, m), loc); c != inspect.CtrlDeleted {
			t.Fatalf("Swiss tables: deleted from a full group, control byte %#x; want a tombstone", c)
		}
		for k := range 800 {
			if _, ok := m[k]; ok != (k != full) {
				t.Fatalf("lookup of %d past the tombstone: ok %v", k, ok)
			}
		}
	}
}

// liveHeap returns the bytes reachable after a full collection.
func liveHeap() uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

func int64Map(n int) map[int64]int64 {
	m := make(map[int64]int64)
	for k := range int64(n) {
		m[k] = k
	}
	return m
}

func TestS2_19_AMapNobodyReferencesIsCollected(t *testing.T) {
	base := liveHeap()
	m := int64Map(1 << 17)
	for k := range m {
		delete(m, k)
	}
	held := int64(liveHeap()) - int64(base)
	runtime.KeepAlive(m)
	m = nil
	left := int64(liveHeap()) - int64(base)
	if held < 2<<20 || left > held/10 {
		t.Fatalf("live heap: %d bytes while the emptied map was referenced, %d after; want the map's bytes gone", held, left)
	}
	t.Logf("emptied map still referenced: %.1f MiB live; after m = nil: %.1f MiB", float64(held)/(1<<20), float64(left)/(1<<20))
}

func TestS2_20_AReferencedMapKeepsItsSlots(t *testing.T) {
	base := liveHeap()
	m := int64Map(1 << 17)
	full := int64(liveHeap()) - int64(base)
	slots := layout(t, m).Capacity()
	for k := range int64(1 << 16) {
		delete(m, k)
	}
	half := int64(liveHeap()) - int64(base)
	if layout(t, m).Capacity() != slots || half < full*9/10 {
		t.Fatalf("after deleting half: %d -> %d slots, %d -> %d live bytes; want both kept", slots, layout(t, m).Capacity(), full, half)
	}
	runtime.KeepAlive(m)
	t.Logf("%d slots; live heap %.1f MiB full, %.1f MiB after deleting half", slots, float64(full)/(1<<20), float64(half)/(1<<20))
}

var mapSink map[int]int

// stackMap makes a map that does not escape and says how many slots it has.
//
//go:noinline
func stackMap() int {
	m := make(map[int]int, 0)
	l, err := inspect.Inspect(m)
	if err != nil {
		panic(err)
	}
	return l.Capacity()
}

// stackMapInsert makes a map that does not escape and inserts one key.
//
//go:noinline
func stackMapInsert() int {
	m := make(map[int]int, 0)
	m[1] = 1
	return len(m)
}

func TestS2_21_EmptyMakeAllocatesNoSlots(t *testing.T) {
	mapSink = make(map[int]int, 0) // escapes: made by the runtime on the heap
	l := layout(t, mapSink)
	if l.Capacity() != 0 {
		t.Errorf("make(map[int]int, 0) on the heap: %d slots; want none", l.Capacity())
	}
	if l.Swiss != nil && (l.Swiss.Small != nil || len(l.Swiss.Tables) != 0) {
		t.Error("Swiss tables: a group or table exists before the first insert")
	}
	if l.Classic != nil && len(l.Classic.Buckets) != 0 {
		t.Error("classic: a bucket array exists before the first insert")
	}
	if n := testing.AllocsPerRun(100, func() { mapSink = make(map[int]int, 0) }); n > 1 {
		t.Errorf("make(map[int]int, 0) that escapes: %v allocations; want the header only", n)
	}
	// A map that does not escape gets its header and one group or bucket on the stack.
	if n := testing.AllocsPerRun(100, func() { _ = stackMapInsert() }); n != 0 {
		t.Errorf("make(map[int]int, 0) that does not escape, and one insert: %v heap allocations; want 0", n)
	}
	mapSink[1] = 1
	if c := layout(t, mapSink).Capacity(); c != 8 {
		t.Errorf("after the first insert: %d slots; want one group or bucket of 8", c)
	}
	t.Logf("%v: a map that escapes has no slots until the first insert; one that does not escape has %d slots on the stack", inspect.Build(), stackMap())
}

// baseSlots counts the slots of the tables (Swiss) or of the bucket array without overflow
// buckets (classic): what a growth makes bigger.
func baseSlots(l *inspect.Layout) int {
	if l.Swiss != nil {
		return l.Capacity()
	}
	return len(l.Classic.Buckets) * inspect.BucketSlots
}

func TestS2_22_TheNextGrowthDoesNotShrink(t *testing.T) {
	m := intMap(2000)
	for k := range 1800 {
		delete(m, k)
	}
	start := baseSlots(layout(t, m))
	lowest, grew := start, false
	for k := 2000; k < 8000; k++ {
		m[k] = k
		s := baseSlots(layout(t, m))
		lowest = min(lowest, s)
		grew = grew || s > start
	}
	if lowest < start || !grew {
		t.Fatalf("200 keys left in %d slots; while inserting 6000 more, the slots went down to %d (grew: %v)", start, lowest, grew)
	}
	t.Logf("%v: %d slots after deleting 1800 of 2000 keys; the next growths only added slots (now %d)", inspect.Build(), start, baseSlots(layout(t, m)))
}

// The claims of section 2.4: a template's range, and replacing the map during a range.

// TestS2_31_RangeKeepsTheOldMapAndItsKeys replaces the map during a range, then lets the
// collector free what it can and reuses the memory it freed, and checks the keys the loop
// produced. A key freed too early would show twice: its weak pointer would be nil, and its bytes
// would have been overwritten by the objects allocated after. The old map's values, which nothing
// keeps, are the control: their weak pointers must go nil, or the check could see no free at all.
func TestS2_31_RangeKeepsTheOldMapAndItsKeys(t *testing.T) {
	const n = 100
	key := func(i int) string { return strings.Repeat("k", 20) + fmt.Sprint(i) } // allocated at run time
	value := func(i int) string { return strings.Repeat("v", 20) + fmt.Sprint(i) }
	data := map[string]string{}
	for i := range n {
		data[key(i)] = value(i)
	}
	var keys []string
	var keyBytes, valueBytes []weak.Pointer[byte]
	for k, v := range data {
		if len(keys) == 0 {
			data = map[string]string{"new": "1"} // replaces the variable, not the map being ranged
		}
		keys = append(keys, k)
		keyBytes = append(keyBytes, weak.Make(unsafe.StringData(k)))
		valueBytes = append(valueBytes, weak.Make(unsafe.StringData(v)))
	}
	// Nothing refers to the old map or its values now; only keys refers to the keys.
	runtime.GC()
	runtime.GC()
	// Objects of the keys' size, filled with another byte, take the memory the collections freed.
	reuse := make([][]byte, 0, 20000)
	for range cap(reuse) {
		b := make([]byte, len(key(n-1)))
		for i := range b {
			b[i] = 'x'
		}
		reuse = append(reuse, b)
	}
	runtime.GC()
	freedValues := 0
	for _, w := range valueBytes {
		if w.Value() == nil {
			freedValues++
		}
	}
	if freedValues < n/2 {
		t.Fatalf("only %d of the old map's %d values were collected: the check would not see a freed key", freedValues, n)
	}
	for i, k := range keys {
		if keyBytes[i].Value() == nil {
			t.Errorf("the key %q was collected while the loop's slice still holds it", k)
		}
	}
	got := slices.Sorted(slices.Values(keys))
	var want []string // made afresh, sharing no memory with the loop's keys
	for i := range n {
		want = append(want, key(i))
	}
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("after replacing the map during the range, two collections and reuse of the freed memory, the keys read:\n%q\nwant:\n%q", got, want)
	}
	if len(data) != 1 {
		t.Fatal("the new map changed")
	}
	if !t.Failed() {
		t.Logf("%d of the old map's %d values collected; all %d keys alive and intact", freedValues, n, len(keys))
	}
	runtime.KeepAlive(reuse)
	runtime.KeepAlive(keys)
}

func TestS2_33_ConcurrentWriteDuringRangeIsFatal(t *testing.T) {
	t.Run("same-goroutine", func(t *testing.T) {
		m := intMap(100)
		for k := range m {
			if k < 1000 {
				m[k+1000] = k // allowed by the spec: the new key may or may not be produced
				delete(m, k)
			}
		}
		for k := range 100 {
			if _, ok := m[k+1000]; !ok || m[k] != 0 || len(m) != 100 {
				t.Fatalf("after inserting and deleting during a range: key %d present %v, len %d", k+1000, ok, len(m))
			}
		}
	})
	t.Run("other-goroutine", func(t *testing.T) {
		if check.IsChild(t) {
			m := intMap(100)
			go func() {
				for i := 0; ; i++ {
					m[1000+i%10] = i
				}
			}()
			for {
				for range m {
				}
			}
		}
		out, code := check.Child(t, time.Minute)
		const want = "fatal error: concurrent map iteration and map write"
		if code != 2 || !strings.Contains(out, want) {
			t.Fatalf("a range racing with a writer: exit %d; want exit 2 and %q:\n%s", code, want, check.Head(out, 20))
		}
	})
}
