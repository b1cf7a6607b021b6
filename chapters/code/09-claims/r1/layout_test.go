// Package r1 holds the tests of reference R1, golang-design/go-questions' twelve answers on
// maps (written against Go 1.9.2), one test per claim, named by its ID. They run on every lane:
// on the classic lane they show what was true in the text's days, on the 1.27 lanes what is true
// now. Rows and rulings are in chapters/code/09-claims/r1.go.
package r1

//course:every-lane it reads the map runtime's layout through the inspector and compiles with each lane's compiler

import (
	"math"
	"strings"
	"testing"

	claims "gomaps/chapters/code/09-claims"
	"gomaps/chapters/code/09-claims/check"
	"gomaps/chapters/code/09-claims/check/inspector"
	"gomaps/labs/inspect"
)

func TestR1_01_ChainsOnlyOnTheClassicMap(t *testing.T) {
	m := map[int]int{}
	for k := range 6656 { // 6.5 entries per bucket for 1024 buckets
		m[k] = k
	}
	l := inspector.Layout(t, m)
	if inspector.Classic() {
		chains := 0
		for _, b := range l.Classic.Buckets {
			if len(b.Chain) > 1 {
				chains++
			}
		}
		if chains == 0 {
			t.Error("classic map: no bucket has an overflow chain at 6.5 keys per bucket")
		}
		t.Logf("classic: %d of %d buckets have overflow buckets", chains, len(l.Classic.Buckets))
		return
	}
	if l.Classic != nil || l.Swiss == nil || len(l.Swiss.Tables) == 0 {
		t.Fatal("Swiss map: want tables and no buckets")
	}
	check.Lacks(t, claims.Go127, check.Swiss, `\boverflow\(`)
	t.Logf("Swiss: %d tables, open addressing, no chains", len(l.Swiss.Tables))
}

func TestR1_02_HmapOnlyOnTheClassicMap(t *testing.T) {
	check.Has(t, claims.Go125, check.NoSwiss, `^type hmap struct`)
	check.Lacks(t, claims.Go127, "src/runtime", `^type hmap struct`)
	m := map[int]int{}
	for k := range 1000 {
		m[k] = k
	}
	l := inspector.Layout(t, m)
	if inspector.Classic() {
		if c := l.Classic; c.Count != len(m) || len(c.Buckets) != 1<<c.B {
			t.Errorf("hmap: count %d, B %d, %d buckets; want count = len = %d and 2^B buckets", c.Count, c.B, len(c.Buckets), len(m))
		}
		return
	}
	if l.Classic != nil || l.Swiss.Used != uint64(len(m)) {
		t.Errorf("Swiss Map: used %d; want len = %d, and no hmap", l.Swiss.Used, len(m))
	}
}

func TestR1_03_NewKeysTakeTheFirstFreeSlot(t *testing.T) {
	m := map[int]int{}
	for k := range 8 {
		m[k] = k
	}
	for k := range 8 {
		loc := inspector.Locate(t, m, k)
		if loc.Slot != k || loc.Bucket != 0 || loc.Overflow != 0 || loc.Group != 0 {
			t.Errorf("key %d (inserted %dth) is at %v; want slot %d of the first bucket or group", k, k+1, loc, k)
		}
	}
	// The slots follow the insertion order, not the top bits of the hashes: those are not sorted.
	sorted := true
	for k := 1; k < 8; k++ {
		if inspector.Hash(t, m, k)>>56 < inspector.Hash(t, m, k-1)>>56 {
			sorted = false
		}
	}
	if sorted {
		t.Log("the 8 top bytes happen to be in order on this run (1 chance in 40320)")
	}
}

func TestR1_04_KeysTogetherOnlyClassicOrSplit(t *testing.T) {
	m := map[int64]int8{1: 1}
	l := inspector.Layout(t, m)
	switch {
	case inspector.Classic():
		// tophash 8, keys 8×8, values 8×1, overflow pointer 8: no padding between pairs.
		if l.Classic.BucketSize != 88 {
			t.Errorf("classic map[int64]int8 bucket: %d bytes; want 88 (keys together, then values)", l.Classic.BucketSize)
		}
	case l.Swiss.Split:
		if l.Swiss.KeyStride != 8 || l.Swiss.ElemStride != 1 {
			t.Errorf("split group: key stride %d, value stride %d; want 8 and 1", l.Swiss.KeyStride, l.Swiss.ElemStride)
		}
	default:
		if l.Swiss.KeyStride != 16 || l.Swiss.ElemStride != 16 || l.Swiss.ElemsOff-l.Swiss.KeysOff != 8 {
			t.Errorf("interleaved group: strides %d and %d, value %d bytes after its key; want 16, 16 and 8 (a key/value slot padded to 16)",
				l.Swiss.KeyStride, l.Swiss.ElemStride, l.Swiss.ElemsOff-l.Swiss.KeysOff)
		}
	}
	t.Logf("%s", describe(l))
}

func describe(l *inspect.Layout) string {
	if l.Classic != nil {
		return "classic bucket"
	}
	return "Swiss group: " + l.Swiss.GroupLayout()
}

func TestR1_05_MapextraOnlyOnTheClassicMap(t *testing.T) {
	body := check.FuncBody(t, claims.Go125, check.NoSwiss, `^type mapextra struct`)
	if !check.Contains(body, "overflow    *[]*bmap") {
		t.Errorf("mapextra has no overflow field:\n%s", strings.Join(body, "\n"))
	}
	check.Has(t, claims.Go125, check.NoSwiss, `if t\.Bucket\.Pointers\(\) \{`)
	check.Lacks(t, claims.Go127, "src/runtime", `^type mapextra struct`)
	check.Lacks(t, claims.Go127, check.Swiss, `^type mapextra struct`)
	// The text's “less than 128 bytes” is off by one: 128 bytes are still stored inline.
	if l := inspector.Layout(t, map[[128]byte][128]byte{{}: {}}); l.IndirectKey || l.IndirectElem {
		t.Errorf("128-byte key and value: indirect %v, %v; want both inline", l.IndirectKey, l.IndirectElem)
	}
	if l := inspector.Layout(t, map[[129]byte][129]byte{{}: {}}); !l.IndirectKey || !l.IndirectElem {
		t.Errorf("129-byte key and value: indirect %v, %v; want both through a pointer", l.IndirectKey, l.IndirectElem)
	}
}

func TestR1_06_NinthKeyOfABucket(t *testing.T) {
	m := make(map[int]int, 100) // classic: 16 buckets
	m[-1] = -1                  // keeps the seed: it changes only when the map empties
	var keys []int
	if inspector.Classic() {
		mask := uint64(1)<<inspector.Layout(t, m).Classic.B - 1
		for k := 0; len(keys) < 9; k++ {
			if inspector.Hash(t, m, k)&mask == 5 { // bucket 5
				keys = append(keys, k)
			}
		}
	} else {
		for k := range 9 {
			keys = append(keys, k)
		}
	}
	for _, k := range keys {
		m[k] = k
	}
	for _, k := range keys {
		if v, ok := m[k]; !ok || v != k {
			t.Fatalf("m[%d] = %d, %v; want %d, true", k, v, ok, k)
		}
	}
	l := inspector.Layout(t, m)
	if inspector.Classic() {
		if n := len(l.Classic.Buckets[5].Chain); n != 2 {
			t.Errorf("9 keys of bucket 5: a chain of %d buckets; want 2", n)
		}
		if loc := inspector.Locate(t, m, keys[8]); loc.Bucket != 5 || loc.Overflow != 1 {
			t.Errorf("the 9th key is at %v; want the first overflow bucket of bucket 5", loc)
		}
		return
	}
	if l.Classic != nil {
		t.Fatal("a Swiss build with an hmap")
	}
}

func TestR1_07_NilMapWritePanics(t *testing.T) {
	var ageMp map[string]int
	if ageMp["x"] != 0 || len(ageMp) != 0 {
		t.Error("reading a nil map")
	}
	defer func() {
		r := recover()
		err, ok := r.(error)
		if !ok || !strings.Contains(err.Error(), "assignment to entry in nil map") {
			t.Errorf("recover() = %v; want the panic assignment to entry in nil map", r)
		}
	}()
	ageMp["qcrao"] = 18
	t.Error("adding to a nil map did not panic")
}

func TestR1_08_MakeSizesForTheHintAndSeeds(t *testing.T) {
	a, b := make(map[int]int, 100), make(map[int]int, 100)
	la, lb := inspector.Layout(t, a), inspector.Layout(t, b)
	if inspector.Classic() {
		if la.Classic.B != 4 {
			t.Errorf("make(map[int]int, 100): B %d; want 4 (16 buckets hold 104 at 6.5)", la.Classic.B)
		}
		if la.Classic.Hash0 == lb.Classic.Hash0 {
			t.Errorf("two maps with the same hash0 %d", la.Classic.Hash0)
		}
		return
	}
	capacity := 0
	for _, tb := range la.Swiss.Tables {
		capacity += tb.Capacity
	}
	if capacity != 128 {
		t.Errorf("make(map[int]int, 100): %d slots; want 128 (100 at 7/8 needs 115, rounded up to a power of 2)", capacity)
	}
	if la.Swiss.Seed == lb.Swiss.Seed {
		t.Errorf("two maps with the same seed %d", la.Swiss.Seed)
	}
}

func grow(m map[string]int) { m["added"] = 1 }

func TestR1_09_AMapIsOnePointer(t *testing.T) {
	m := map[string]int{}
	grow(m)
	if m["added"] != 1 {
		t.Error("the caller does not see the function's insert")
	}
	var p *int
	if sizeofMap, sizeofPtr := sizeof(m), sizeof(p); sizeofMap != sizeofPtr {
		t.Errorf("a map value is %d bytes; a pointer %d", sizeofMap, sizeofPtr)
	}
}

func TestR1_10_AlginitMovedIn127(t *testing.T) {
	check.Has(t, claims.Go125, "src/runtime/alg.go", `^func alginit\(\) \{`)
	check.Has(t, claims.Go126, "src/runtime/alg.go", `^func alginit\(\) \{`)
	check.Lacks(t, claims.Go127, "src/runtime", `^func alginit\(`)
	check.Has(t, claims.Go127, check.Swiss+"/runtime_alg.go", `UseAeshash = true`)
}

func TestR1_11_NoTypeAlg(t *testing.T) {
	for _, at := range []string{claims.Go125, claims.Go126, claims.Go127} {
		check.Lacks(t, at, "src/runtime", `typeAlg`)
		check.Lacks(t, at, "src/internal/abi", `typeAlg`)
	}
	check.Has(t, claims.Go127, "src/internal/abi/map.go", `^\s+Hasher +func\(unsafe\.Pointer, uintptr\) uintptr`)
}

func TestR1_12_WhichBitsOfTheHash(t *testing.T) {
	m := map[int]int{}
	for k := range 3000 {
		m[k] = k
	}
	l := inspector.Layout(t, m)
	for k := range 3000 {
		h, loc := inspector.Hash(t, m, k), inspector.Locate(t, m, k)
		if inspector.Classic() {
			if loc.Old {
				continue // a growth in progress: the old array has half the buckets
			}
			if want := h & (1<<l.Classic.B - 1); uint64(loc.Bucket) != want {
				t.Fatalf("key %d in bucket %d; want the low %d bits of its hash, %d", k, loc.Bucket, l.Classic.B, want)
			}
			if want := inspect.TopHash(h); loc.Ctrl != want {
				t.Fatalf("key %d: tophash %d; want its top 8 bits, %d", k, loc.Ctrl, want)
			}
			continue
		}
		if want := inspect.H2(h); loc.Ctrl != want {
			t.Fatalf("key %d: control byte %#x; want H2, the low 7 bits of its hash, %#x", k, loc.Ctrl, want)
		}
	}
}

func TestR1_13_LookupsReadOldBuckets(t *testing.T) {
	check.Lacks(t, claims.Go127, check.Swiss, `oldbuckets`)
	m := map[int]int{}
	for k := range 6657 { // the 6657th key starts a doubling of 1024 buckets
		m[k] = k
	}
	old := 0
	for k := range 6657 {
		if inspector.Locate(t, m, k).Old {
			old++
		}
		if m[k] != k {
			t.Fatalf("m[%d] = %d", k, m[k])
		}
	}
	if inspector.Classic() {
		if !inspector.Layout(t, m).Classic.Growing() || old == 0 {
			t.Errorf("classic: growing %v, %d keys found in old buckets; want a growth with keys still in old buckets", inspector.Layout(t, m).Classic.Growing(), old)
		}
		t.Logf("classic: %d of 6657 keys are read from old buckets", old)
		return
	}
	if old != 0 {
		t.Errorf("Swiss: %d keys in an old array", old)
	}
}

func TestR1_14_TophashStates(t *testing.T) {
	check.Has(t, claims.Go125, check.NoSwiss, `^\s+emptyRest += 0 //`)
	check.Has(t, claims.Go125, check.NoSwiss, `^\s+emptyOne += 1 //`)
	check.Has(t, claims.Go125, check.NoSwiss, `^\s+evacuatedEmpty = 4 //`)
	check.Has(t, claims.Go125, check.NoSwiss, `^\s+minTopHash += 5 //`)
	if !inspector.Classic() {
		return
	}
	m := map[int]int{}
	for k := range 8 {
		m[k] = k
	}
	delete(m, 3)
	for _, th := range inspector.Layout(t, m).Classic.Buckets[0].Chain[0] {
		if th > inspect.EmptyOne && th < inspect.MinTopHash {
			t.Errorf("tophash %d in a bucket that is not evacuated", th)
		}
	}
	if th := inspector.Layout(t, m).Classic.Buckets[0].Chain[0][3]; th != inspect.EmptyOne {
		t.Errorf("deleted slot 3: tophash %d; want emptyOne = 1", th)
	}
}

func TestR1_15_MissingKeyGivesTheValueZero(t *testing.T) {
	byID := map[int]string{1: "qcrao"}
	if v := byID[2]; v != "" {
		t.Errorf("map[int]string missing key: %q; want \"\", the value type's zero", v)
	}
	ages := map[string]int{"qcrao": 18}
	if v, ok := ages["stefno"]; v != 0 || ok {
		t.Errorf("comma-ok: %d, %v; want 0, false", v, ok)
	}
}

// calls returns the compiler's assembly listing of testdata/calls, compiled by this lane's
// toolchain.
func calls(t *testing.T) string {
	t.Helper()
	return check.Assembly(t, "chapters/code/09-claims/r1/testdata/calls/main.go")
}

func wantCalls(t *testing.T, fns ...string) {
	t.Helper()
	out := calls(t)
	for _, fn := range fns {
		if !strings.Contains(out, "CALL\truntime."+fn+"(SB)") && !strings.Contains(out, "CALL runtime."+fn+"(SB)") {
			t.Errorf("no CALL runtime.%s in the assembly", fn)
		}
	}
}

func TestR1_16_CommaOkCallsMapaccess2(t *testing.T) {
	wantCalls(t, "mapaccess1", "mapaccess2")
	body := check.FuncBody(t, claims.Go127, check.Swiss+"/runtime.go", `^func runtime_mapaccess1\(`)
	if !check.Contains(body, "p, _ := runtime_mapaccess2(typ, m, key)") {
		t.Errorf("Go 1.27's mapaccess1 does not call mapaccess2:\n%s", strings.Join(body, "\n"))
	}
}

func TestR1_17_FastLookups(t *testing.T) {
	wantCalls(t, "mapaccess2_fast32", "mapaccess1_fast64", "mapaccess2_faststr")
	// Go 1.27's fast paths hash in the map package; Go 1.26's call the type's hasher.
	check.Has(t, claims.Go127, check.Swiss+"/runtime_fast64.go", `hash = memHash64AES\(key, m\.seed\)`)
	check.Has(t, claims.Go127, check.Swiss+"/runtime_fast64.go", `hash = memHash64Fallback\(key, m\.seed\)`)
}

func TestR1_19_RangeCalls(t *testing.T) {
	if inspector.Classic() {
		wantCalls(t, "mapiterinit", "mapiternext")
		return
	}
	wantCalls(t, "mapIterStart", "mapIterNext")
	if strings.Contains(calls(t), "runtime.mapiterinit(SB)") {
		t.Error("a Swiss build calls mapiterinit")
	}
}

func TestR1_22_AssignCalls(t *testing.T) {
	wantCalls(t, "mapassign", "mapassign_fast32", "mapassign_fast64", "mapassign_faststr")
}

func TestR1_25_DeleteCalls(t *testing.T) {
	wantCalls(t, "mapdelete", "mapdelete_fast32", "mapdelete_fast64", "mapdelete_faststr")
}

func TestR1_24_MapassignReturnsTheSlot(t *testing.T) {
	check.Has(t, claims.Go125, check.NoSwiss, `^func mapassign\(t \*maptype, h \*hmap, key unsafe\.Pointer\) unsafe\.Pointer \{`)
	check.Has(t, claims.Go126, check.Swiss+"/runtime.go", `^func runtime_mapassign\(typ \*abi\.MapType, m \*Map, key unsafe\.Pointer\) unsafe\.Pointer \{`)
	check.Has(t, claims.Go127, check.Swiss+"/runtime.go", `^func runtime_mapassign\(typ \*abi\.MapType, m \*Map, key unsafe\.Pointer\) unsafe\.Pointer \{`)
}

func TestR1_18_AtMostTwoBucketsPerWrite(t *testing.T) {
	m := map[int]int{}
	for k := range 6657 {
		m[k] = k
	}
	if !inspector.Classic() {
		l := inspector.Layout(t, m)
		check.Has(t, claims.Go127, check.Swiss+"/table.go", `^const maxTableCapacity = 1024$`)
		check.Has(t, claims.Go127, check.Swiss+"/group.go", `^\s+maxAvgGroupLoad = 7$`)
		used := 0
		for _, tb := range l.Swiss.Tables {
			used += tb.Used
			if tb.Used > tb.Capacity*7/8 || tb.Capacity > 1024 {
				t.Errorf("Swiss: a table of %d slots holds %d entries; want at most 7/8 of at most 1024", tb.Capacity, tb.Used)
			}
		}
		if used != len(m) {
			t.Errorf("Swiss: the tables hold %d entries; want all %d, none left behind", used, len(m))
		}
		return
	}
	evacuated := func() int {
		n := 0
		for _, b := range inspector.Layout(t, m).Classic.OldBuckets {
			if b.Evacuated() {
				n++
			}
		}
		return n
	}
	writes := 0
	for k := 10000; inspector.Layout(t, m).Classic.Growing(); k++ {
		before := evacuated()
		m[k] = k
		writes++
		if !inspector.Layout(t, m).Classic.Growing() {
			break
		}
		if moved := evacuated() - before; moved > 2 || moved < 1 {
			t.Fatalf("write %d of the growth evacuated %d old buckets; want 1 or 2", writes, moved)
		}
	}
	if writes < 512 {
		t.Errorf("the growth of 1024 old buckets ended after %d writes; at most 2 per write needs 512", writes)
	}
	t.Logf("classic: the growth took %d writes", writes)
}

func TestR1_20_ARandomStartThenInOrder(t *testing.T) {
	m := map[string]int{"a": 1, "b": 2, "c": 3, "d": 4}
	seen := map[string]bool{}
	var first string
	for range 4000 {
		var o strings.Builder
		for k := range m {
			o.WriteString(k)
		}
		if first == "" {
			first = o.String()
		}
		seen[o.String()] = true
	}
	for o := range seen {
		if !strings.Contains(first+first, o) {
			t.Errorf("order %s is not a rotation of %s", o, first)
		}
	}
	if len(seen) < 2 {
		t.Errorf("4000 ranges gave one order, %v", seen)
	}
	t.Logf("%d orders, all rotations of %s", len(seen), first)
}

func TestR1_21_RangeDuringGrowth(t *testing.T) {
	for trial := range 20 {
		m := map[int]int{}
		for k := range 6657 {
			m[k] = k
		}
		seen := map[int]int{}
		next := 100000
		for k := range m {
			seen[k]++
			for range 4 { // inserts that drive the growth on during the range
				m[next] = next
				next++
			}
		}
		for k := range 6657 {
			if seen[k] != 1 {
				t.Fatalf("trial %d: key %d produced %d times; want once", trial, k, seen[k])
			}
		}
		for k, n := range seen {
			if n != 1 {
				t.Fatalf("trial %d: key %d produced %d times", trial, k, n)
			}
		}
	}
}

func TestR1_26_DeleteMarksTheSlot(t *testing.T) {
	if inspector.Classic() {
		m := map[int]int{}
		for k := range 8 {
			m[k] = k
		}
		delete(m, 7)
		delete(m, 2)
		c := inspector.Layout(t, m).Classic
		if c.Count != 6 || c.Buckets[0].Chain[0][2] != inspect.EmptyOne || c.Buckets[0].Chain[0][7] != inspect.EmptyRest {
			t.Errorf("count %d, tophash of slots 2 and 7: %d, %d; want 6, emptyOne, emptyRest", c.Count, c.Buckets[0].Chain[0][2], c.Buckets[0].Chain[0][7])
		}
		return
	}
	m := map[int]int{}
	for k := range 800 {
		m[k] = k
	}
	for k := range 400 {
		delete(m, k)
	}
	deleted := 0
	for _, tb := range inspector.Layout(t, m).Swiss.Tables {
		for _, g := range tb.Groups {
			deleted += g.Deleted()
		}
	}
	if deleted == 0 || len(m) != 400 {
		t.Errorf("800 keys, 400 deleted: %d tombstones, len %d; want tombstones and 400", deleted, len(m))
	}
	t.Logf("Swiss: %d tombstones after deleting 400 of 800", deleted)
}

func TestR1_27_LoadFactor(t *testing.T) {
	m := map[int]int{}
	if inspector.Classic() {
		for k := range 6656 {
			m[k] = k
		}
		if c := inspector.Layout(t, m).Classic; c.B != 10 || c.Growing() {
			t.Fatalf("6656 keys: B %d, growing %v; want 10, not growing (6.5 × 1024)", c.B, c.Growing())
		}
		m[6656] = 0
		if c := inspector.Layout(t, m).Classic; c.B != 11 || !c.Growing() || c.SameSizeGrow() {
			t.Errorf("6657 keys: B %d, growing %v; want a doubling to B 11", c.B, c.Growing())
		}
		return
	}
	capacity := func() int { return inspector.Layout(t, m).Swiss.Tables[0].Capacity }
	for k := range 14 {
		m[k] = k
	}
	if c := capacity(); c != 16 {
		t.Fatalf("14 keys: a table of %d slots; want 16 (7/8 full)", c)
	}
	m[14] = 14
	if c := capacity(); c != 32 {
		t.Errorf("15 keys: a table of %d slots; want 32", c)
	}
}

func TestR1_28_SameSizeGrowth(t *testing.T) {
	check.Has(t, claims.Go125, check.NoSwiss, `return noverflow >= uint16\(1\)<<\(B&15\)`)
	check.Has(t, claims.Go125, check.NoSwiss, `^\s+if B > 15 \{`)
	check.Lacks(t, claims.Go127, check.Swiss, `sameSizeGrow`)
	if !inspector.Classic() {
		return
	}
	// Bucket 0 of a 4-bucket map gets 24 keys (a chain of 3), which are deleted; then keys of
	// other buckets add overflow buckets until noverflow reaches 2^B = 4.
	m := make(map[int]int, 14)
	m[-1] = -1
	mask := uint64(3)
	next := 0
	keysIn := func(b uint64, n int) []int {
		var ks []int
		for ; len(ks) < n; next++ {
			if inspector.Hash(t, m, next)&mask == b {
				ks = append(ks, next)
			}
		}
		return ks
	}
	b0 := keysIn(0, 24)
	for _, k := range b0 {
		m[k] = k
	}
	for _, k := range b0 {
		delete(m, k)
	}
	// The growth starts at the write after noverflow reaches 2^B = 4; where exactly depends on
	// which bucket the key -1 went to, so watch every write.
	sameSize := false
	for _, k := range append(keysIn(1, 17), keysIn(2, 1)...) {
		m[k] = k
		c := inspector.Layout(t, m).Classic
		if c.B != 2 {
			t.Fatalf("B %d; want 2: nothing here is over the load factor", c.B)
		}
		sameSize = sameSize || c.SameSizeGrow()
	}
	if !sameSize {
		t.Fatalf("noverflow reached %d in 4 buckets and no same-size growth started", inspector.Layout(t, m).Classic.NOverflow)
	}
	for k := 1000000; inspector.Layout(t, m).Classic.Growing(); k++ { // writes finish the growth
		m[k] = k
		delete(m, k)
	}
	if n := len(inspector.Layout(t, m).Classic.Buckets[0].Chain); n != 1 {
		t.Errorf("after the same-size growth bucket 0 has a chain of %d; want no overflow bucket", n)
	}
}

func TestR1_29_FlagBits(t *testing.T) {
	for _, line := range []string{`^\s+iterator += 1 //`, `^\s+oldIterator += 2 //`, `^\s+hashWriting += 4 //`, `^\s+sameSizeGrow = 8 //`} {
		check.Has(t, claims.Go125, check.NoSwiss, line)
	}
	check.Lacks(t, claims.Go127, check.Swiss, `hashWriting`)
	check.Has(t, claims.Go127, check.Swiss+"/map.go", `^\s+writing uint8$`)
}

func TestR1_30_NaNKeys(t *testing.T) {
	m := map[float64]int{}
	for range 4 {
		m[math.NaN()] = 3
	}
	if len(m) != 4 {
		t.Errorf("4 inserts of NaN: len %d; want 4", len(m))
	}
	if v, ok := m[math.NaN()]; ok || v != 0 {
		t.Errorf("m[NaN] = %d, %v; want 0, false", v, ok)
	}
	n := 0
	for k := range m {
		if k != k {
			n++
		}
	}
	if n != 4 {
		t.Errorf("range produced %d NaN keys; want 4", n)
	}
	h1, h2 := inspector.Hash(t, m, math.NaN()), inspector.Hash(t, m, math.NaN())
	if h1 == h2 {
		t.Errorf("two hashes of NaN are both %#x", h1)
	}
	clear(m)
	if len(m) != 0 {
		t.Errorf("clear left %d keys", len(m))
	}
}

func TestR1_31_NaNHalves(t *testing.T) {
	check.Has(t, claims.Go125, check.NoSwiss, `useY = top & 1`)
	check.Lacks(t, claims.Go127, check.Swiss, `useY`)
	if !inspector.Classic() {
		return
	}
	// Growth while NaN keys are in the map, and a range under way: every NaN is still there.
	m := map[float64]int{}
	for i := range 8 {
		m[math.NaN()] = i
	}
	nan := 0
	for range m {
		for k := range 100 {
			m[float64(k)] = k
		}
		break
	}
	for k := range m {
		if k != k {
			nan++
		}
	}
	if nan != 8 {
		t.Errorf("%d NaN keys after growth; want 8", nan)
	}
}

func order(m map[int]int) string {
	var b strings.Builder
	for k := range m {
		b.WriteString(string(rune('a' + k)))
	}
	return b.String()
}

func TestR1_32_SameMapNewOrder(t *testing.T) {
	m := map[int]int{}
	for k := range 20 {
		m[k] = k
	}
	seen := map[string]bool{}
	for range 200 {
		seen[order(m)] = true
	}
	if len(seen) < 2 {
		t.Errorf("200 ranges over one unchanged map: %d order", len(seen))
	}
}

func TestR1_33_SmallMapsAreRandomized(t *testing.T) {
	m := map[int]int{}
	for k := range 8 {
		m[k] = k
	}
	seen := map[string]bool{}
	for range 200 {
		seen[order(m)] = true
	}
	if len(seen) < 2 {
		t.Errorf("a map of 8 entries gave %d order in 200 ranges", len(seen))
	}
	t.Logf("%d orders of a map of 8 entries", len(seen))
}
