// Package r3 holds the tests of reference R3, cch123/golang-notes' map.md (notes on the
// classic map's source), one test per claim, named by its ID. They run on every lane: the
// classic lane shows the map the notes describe, the 1.27 lanes the map of today. Rows and
// rulings are in chapters/code/09-claims/r3.go.
package r3

//course:every-lane it reads the map runtime's layout through the inspector and compiles with each lane's compiler

import (
	"fmt"
	"math"
	"os"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
	"unsafe"

	claims "gomaps/chapters/code/09-claims"
	"gomaps/chapters/code/09-claims/check"
	"gomaps/chapters/code/09-claims/check/inspector"
	"gomaps/labs/inspect"
)

var compiled struct {
	once sync.Once
	out  string
	code int
}

// asm returns the assembly of function fn of testdata/calls, compiled by this lane's toolchain.
func asm(t *testing.T, fn string) string {
	t.Helper()
	compiled.once.Do(func() {
		compiled.out, compiled.code = check.Go(t, 5*time.Minute, nil, "tool", "compile", "-S", "-p", "main", "-o", os.DevNull,
			"chapters/code/09-claims/r3/testdata/calls/main.go")
	})
	if compiled.code != 0 {
		t.Fatalf("go tool compile -S: exit %d\n%s", compiled.code, check.Head(compiled.out, 20))
	}
	_, rest, ok := strings.Cut(compiled.out, "main."+fn+" STEXT")
	if !ok {
		t.Fatalf("no function main.%s in the assembly", fn)
	}
	if i := strings.Index(rest, "\nmain."); i >= 0 {
		rest = rest[:i]
	}
	return rest
}

// calls lists the runtime functions fn calls whose names start with make or map.
func calls(t *testing.T, fn string) []string {
	t.Helper()
	var out []string
	for _, line := range strings.Split(asm(t, fn), "\n") {
		if _, after, ok := strings.Cut(line, "CALL\truntime."); ok {
			name, _, _ := strings.Cut(after, "(SB)")
			if strings.HasPrefix(name, "make") || strings.HasPrefix(name, "map") {
				out = append(out, name)
			}
		}
	}
	return out
}

func wantCall(t *testing.T, fn, want string) {
	t.Helper()
	got := calls(t, fn)
	if len(got) != 1 || got[0] != want {
		t.Errorf("%s calls %v; want %s", fn, got, want)
	}
}

func TestR3_01_EightPerBucketLoad65(t *testing.T) {
	check.Has(t, claims.Go125, "src/internal/abi/map_noswiss.go", `^\s+OldMapBucketCountBits = 3`)
	check.Has(t, claims.Go127, check.Swiss+"/group.go", `^\s+maxAvgGroupLoad = 7`)
	m := map[int]int{}
	for k := range 8 {
		m[k] = k
	}
	if inspector.Classic() {
		if c := inspector.Layout(t, m).Classic; c.B != 0 {
			t.Errorf("8 keys: B %d; want 0, one bucket of 8", c.B)
		}
		for k := 8; k < 13; k++ { // 13 = 6.5 × 2 buckets
			m[k] = k
		}
		if c := inspector.Layout(t, m).Classic; c.B != 1 {
			t.Errorf("13 keys: B %d; want 1 (6.5 per bucket)", c.B)
		}
		m[13] = 13
		if c := inspector.Layout(t, m).Classic; c.B != 2 {
			t.Errorf("14 keys: B %d; want 2", c.B)
		}
		return
	}
	if l := inspector.Layout(t, m); l.Swiss.Small == nil || l.Swiss.Small.Full() != 8 {
		t.Errorf("8 keys: want one full group of 8 slots")
	}
}

func TestR3_02_Over128BytesIndirect(t *testing.T) {
	at128 := inspector.Layout(t, map[[128]byte][128]byte{{}: {}})
	over := inspector.Layout(t, map[[129]byte][129]byte{{}: {}})
	if at128.IndirectKey || at128.IndirectElem || at128.KeySize != 128 {
		t.Errorf("128-byte key and value: indirect %v, %v, key size %d; want inline, 128", at128.IndirectKey, at128.IndirectElem, at128.KeySize)
	}
	if !over.IndirectKey || !over.IndirectElem {
		t.Errorf("129-byte key and value: indirect %v, %v; want pointers", over.IndirectKey, over.IndirectElem)
	}
}

func TestR3_03_SmallestTophash(t *testing.T) {
	check.Has(t, claims.Go125, check.NoSwiss, `^\s+minTopHash += 5 // minimum tophash`)
	if !inspector.Classic() {
		return
	}
	m := map[int]int{}
	for k := 0; ; k++ {
		m[k] = k
		if inspector.Hash(t, m, k)>>56 == 0 { // a key whose top byte is 0
			if loc := inspector.Locate(t, m, k); loc.Ctrl != 5 {
				t.Errorf("a key whose hash's top byte is 0 has tophash %d; want 0+5 = 5", loc.Ctrl)
			}
			return
		}
		if k > 100000 {
			t.Fatal("no hash with a top byte of 0 in 100000 keys")
		}
	}
}

func TestR3_04_LenIsTheFirstWord(t *testing.T) {
	m := map[int]int{}
	for k := range 1000 {
		m[k] = k
		if k%100 == 0 {
			delete(m, k)
		}
	}
	header := *(*unsafe.Pointer)(unsafe.Pointer(&m))
	if first := *(*int)(header); first != len(m) {
		t.Errorf("the header's first word is %d; len(m) is %d", first, len(m))
	}
}

func TestR3_05_OverflowInExtra(t *testing.T) {
	body := check.FuncBody(t, claims.Go125, check.NoSwiss, `^type mapextra struct`)
	if !check.Contains(body, "overflow    *[]*bmap") {
		t.Errorf("mapextra has no overflow field:\n%s", strings.Join(body, "\n"))
	}
	check.Lacks(t, claims.Go127, "src/runtime", `^type mapextra struct`)
}

func TestR3_06_HmapSize(t *testing.T) {
	// The runtime's own test of the last classic map: 2×8 + 5 pointers, 56 bytes on 64-bit.
	check.Has(t, claims.Go125, "src/runtime/map_noswiss_test.go", `var hmapSize = uintptr\(2\*8 \+ 5\*goarch\.PtrSize\)`)
	body := check.FuncBody(t, claims.Go125, check.NoSwiss, `^type hmap struct`)
	if !check.Contains(body, "clearSeq") {
		t.Error("hmap has no clearSeq field")
	}
	check.Lacks(t, claims.Go127, "src/runtime", `^type hmap struct`)
}

func TestR3_07_MakemapSmall(t *testing.T) {
	wantCall(t, "makeNoHint", "makemap_small")
	wantCall(t, "makeHint8", "makemap_small")
	wantCall(t, "makeHint9", "makemap")
	// The compiler picks the function: a hint known only at run time takes makemap, whatever
	// its value (main passes 4).
	wantCall(t, "makeHintVar", "makemap")
}

func TestR3_08_StackMapNoCall(t *testing.T) {
	for _, c := range calls(t, "makeLocal") {
		if strings.HasPrefix(c, "make") {
			t.Errorf("makeLocal calls %s; want no make call", c)
		}
	}
}

var sink map[int]int

func TestR3_09_FirstBucketOnFirstInsert(t *testing.T) {
	sink = make(map[int]int)
	before := inspector.Layout(t, sink)
	sink[1] = 1
	after := inspector.Layout(t, sink)
	if inspector.Classic() {
		if len(before.Classic.Buckets) != 0 || len(after.Classic.Buckets) != 1 {
			t.Errorf("buckets before the first insert %d, after %d; want 0 and 1", len(before.Classic.Buckets), len(after.Classic.Buckets))
		}
		return
	}
	if before.Swiss.Small != nil || after.Swiss.Small == nil {
		t.Errorf("a group before the first insert %v, after %v; want none, then one", before.Swiss.Small != nil, after.Swiss.Small != nil)
	}
}

func TestR3_10_LowBitsAndTophash(t *testing.T) {
	m := map[string]int{}
	for k := range 500 {
		m[strings.Repeat("k", k%7)+string(rune('a'+k%26))+string(rune('a'+k/26))] = k
	}
	l := inspector.Layout(t, m)
	for k := range m {
		h, loc := inspector.Hash(t, m, k), inspector.Locate(t, m, k)
		if inspector.Classic() {
			if !loc.Old && (uint64(loc.Bucket) != h&(1<<l.Classic.B-1) || loc.Ctrl != inspect.TopHash(h)) {
				t.Fatalf("%q: bucket %d, tophash %d; want the low %d bits %d and the top byte %d", k, loc.Bucket, loc.Ctrl, l.Classic.B, h&(1<<l.Classic.B-1), inspect.TopHash(h))
			}
			continue
		}
		if loc.Ctrl != inspect.H2(h) {
			t.Fatalf("%q: control byte %#x; want H2 %#x", k, loc.Ctrl, inspect.H2(h))
		}
	}
}

func TestR3_11_LookupFunctions(t *testing.T) {
	check.Has(t, claims.Go125, check.NoSwiss, `^func mapaccessK\(t \*maptype, h \*hmap, key unsafe\.Pointer\)`)
	check.Lacks(t, claims.Go127, "src/runtime", `mapaccessK`)
	check.Lacks(t, claims.Go127, check.Swiss, `mapaccessK`)
	check.Has(t, claims.Go127, check.Swiss+"/map.go", `^func \(m \*Map\) getWithKey\(`)
	for _, fn := range []string{"mapaccess1_fast32", "mapaccess2_fast32", "mapaccess1_fast64", "mapaccess2_fast64", "mapaccess1_faststr", "mapaccess2_faststr"} {
		check.Has(t, claims.Go127, check.Swiss, `^//go:linkname runtime_`+fn+` runtime\.`+fn+`$`)
	}
}

func TestR3_15_AssignFunctionByHashKind(t *testing.T) {
	wantCall(t, "setFloat", "mapassign")             // 64 bits, and not fast64
	wantCall(t, "setPointer", "mapassign_fast64ptr") // 64 bits, another fast path
	wantCall(t, "setPair", "mapassign_fast64")       // [2]int32: 64 bits of plain memory
	wantCall(t, "setValue128", "mapassign_fast64")
	wantCall(t, "setValue129", "mapassign")
}

func TestR3_19_TheCallerStoresTheValue(t *testing.T) {
	a := asm(t, "setInt")
	call := strings.Index(a, "CALL\truntime.mapassign_fast64(SB)")
	store := strings.Index(a, "MOVQ\t$99999, (AX)")
	if call < 0 || store < call {
		t.Errorf("setInt: the call at %d, the store of 99999 through AX at %d; want the store after the call:\n%s", call, store, a)
	}
}

func TestR3_21_DeleteMarks(t *testing.T) {
	m := map[int]int{}
	for k := range 8 {
		m[k] = k
	}
	delete(m, 2)
	delete(m, 7)
	if inspector.Classic() {
		th := inspector.Layout(t, m).Classic.Buckets[0].Chain[0]
		if th[2] != inspect.EmptyOne || th[7] != inspect.EmptyRest {
			t.Errorf("tophash of deleted slots 2 and 7: %d and %d; want emptyOne (1) and emptyRest (0)", th[2], th[7])
		}
		return
	}
	g := inspector.Layout(t, m).Swiss.Small
	if g.Ctrl[2] != inspect.CtrlEmpty || g.Ctrl[7] != inspect.CtrlEmpty {
		t.Errorf("control bytes of deleted slots 2 and 7: %#x and %#x; want empty, 0x80", g.Ctrl[2], g.Ctrl[7])
	}
}

func heapMB() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.Alloc >> 20
}

func TestR3_22_NeverShrinks(t *testing.T) {
	m := map[int64]int64{}
	for k := range int64(1 << 20) {
		m[k] = k
	}
	full := heapMB()
	for k := range int64(1 << 20) {
		delete(m, k)
	}
	empty := heapMB()
	runtime.KeepAlive(m)
	m = nil
	dropped := heapMB()
	t.Logf("%d MB full, %d MB with every key deleted, %d MB once dropped", full, empty, dropped)
	if empty < full*9/10 || dropped > full/10 {
		t.Errorf("%d MB full, %d MB emptied, %d MB dropped; want the emptied map as big, the dropped one gone", full, empty, dropped)
	}
}

func TestR3_23_GrowthTriggers(t *testing.T) {
	check.Has(t, claims.Go125, check.NoSwiss, `return count > abi\.OldMapBucketCount && uintptr\(count\) > loadFactorNum\*\(bucketShift\(B\)/loadFactorDen\)`)
	// The test is on the count before the insert: count+1 > 6.5 × 2^B is count >= 6.5 × 2^B.
	check.Has(t, claims.Go125, check.NoSwiss, `overLoadFactor\(h\.count\+1, h\.B\)`)
	m := map[int]int{}
	for k := range 6656 {
		m[k] = k
	}
	if !inspector.Classic() {
		return
	}
	// With one bucket the count must also have reached 8: the 7th and 8th keys do not grow it.
	small := map[int]int{}
	for k := range 8 {
		small[k] = k
	}
	if c := inspector.Layout(t, small).Classic; c.B != 0 {
		t.Errorf("8 keys: B %d; want 0 (one bucket grows only past 8)", c.B)
	}
	small[8] = 8
	if c := inspector.Layout(t, small).Classic; c.B != 1 {
		t.Errorf("9 keys: B %d; want 1", c.B)
	}
	if c := inspector.Layout(t, m).Classic; c.B != 10 || c.Growing() {
		t.Errorf("6656 keys = 6.5 × 1024: B %d, growing %v; want 10 and no growth", c.B, c.Growing())
	}
	m[6656] = 0
	if c := inspector.Layout(t, m).Classic; !c.Growing() || c.B != 11 {
		t.Errorf("6657 keys: B %d, growing %v; want a growth to 11", c.B, c.Growing())
	}
}

func TestR3_24_DoublingAndSameSize(t *testing.T) {
	check.Lacks(t, claims.Go127, check.Swiss, `sameSizeGrow`)
	if !inspector.Classic() {
		m := map[int]int{}
		for k := range 2000 {
			m[k] = k
		}
		for _, tb := range inspector.Layout(t, m).Swiss.Tables {
			if tb.Capacity > 1024 {
				t.Errorf("a table of %d slots; tables split past 1024", tb.Capacity)
			}
		}
		return
	}
	// A doubling splits bucket b between b and b+2^B.
	m := map[int]int{}
	for k := range 6656 {
		m[k] = k
	}
	before := map[int]int{}
	for k := range 6656 {
		before[k] = inspector.Locate(t, m, k).Bucket
	}
	for k := 6656; inspector.Layout(t, m).Classic.Growing() || k == 6656; k++ {
		m[k] = k
	}
	for k := range 6656 {
		if b := inspector.Locate(t, m, k).Bucket; b != before[k] && b != before[k]+1024 {
			t.Fatalf("key %d went from bucket %d to %d; want %d or %d", k, before[k], b, before[k], before[k]+1024)
		}
	}
	// Same-size growth: overflow buckets of deleted keys, then more, in a map of 4 buckets.
	s := make(map[int]int, 14)
	s[-1] = -1
	next := 0
	keysIn := func(b uint64, n int) []int {
		var ks []int
		for ; len(ks) < n; next++ {
			if inspector.Hash(t, s, next)&3 == b {
				ks = append(ks, next)
			}
		}
		return ks
	}
	b0 := keysIn(0, 24)
	for _, k := range b0 {
		s[k] = k
	}
	for _, k := range b0 {
		delete(s, k)
	}
	sameSize := false // which write starts it depends on the bucket of the key -1: watch them all
	for _, k := range append(keysIn(1, 17), keysIn(2, 1)...) {
		s[k] = k
		c := inspector.Layout(t, s).Classic
		if c.B != 2 {
			t.Fatalf("B %d; want 2: nothing here is over the load factor", c.B)
		}
		sameSize = sameSize || c.SameSizeGrow()
	}
	if !sameSize {
		t.Errorf("noverflow reached 4 in 4 buckets and no same-size growth started")
	}
}

func TestR3_25_EachMapItsSeed(t *testing.T) {
	a, b := map[string]int{"k": 1}, map[string]int{"k": 1}
	same := 0
	for i := range 20 {
		k := strings.Repeat("x", i)
		if inspector.Hash(t, a, k) == inspector.Hash(t, b, k) {
			same++
		}
	}
	if same == 20 {
		t.Error("two maps hash 20 keys the same: no seed of their own")
	}
}

func TestR3_26_IncrementalEvacuation(t *testing.T) {
	check.Has(t, claims.Go125, check.NoSwiss, `evacuate\(t, h, bucket&h\.oldbucketmask\(\)\)`)
	m := map[int]int{}
	for k := range 6657 {
		m[k] = k
	}
	if !inspector.Classic() {
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
	for k := 100000; k < 100100; k++ {
		before := evacuated()
		m[k] = k
		if !inspector.Layout(t, m).Classic.Growing() {
			t.Fatalf("the growth of 1024 buckets ended after %d writes", k-100000)
		}
		if moved := evacuated() - before; moved < 1 || moved > 2 {
			t.Fatalf("one write evacuated %d old buckets; want 1 or 2", moved)
		}
	}
}

func TestR3_28_NaNHalves(t *testing.T) {
	check.Has(t, claims.Go125, check.NoSwiss, `useY = top & 1`)
	check.Lacks(t, claims.Go127, check.Swiss, `useY`)
	m := map[float64]int{}
	for i := range 100 {
		m[math.NaN()] = i
	}
	if len(m) != 100 {
		t.Errorf("100 NaN keys through growths: %d", len(m))
	}
}

func TestR3_29_PreallocatedOverflow(t *testing.T) {
	check.Has(t, claims.Go125, check.NoSwiss, `if h\.extra != nil && h\.extra\.nextOverflow != nil \{`)
	check.Has(t, claims.Go125, check.NoSwiss, `^\s+if b >= 4 \{`)
	check.Lacks(t, claims.Go127, check.Swiss, `nextOverflow`)
}

func TestR3_13_LookupsDuringGrowth(t *testing.T) {
	check.Has(t, claims.Go125, check.NoSwiss, `if !evacuated\(oldb\) \{`+"\n"+`\s+b = oldb`)
	check.Lacks(t, claims.Go127, check.Swiss, `oldbuckets`)
	m := map[int]int{}
	for k := range 6657 {
		m[k] = k
	}
	old := 0
	for k := range 6657 {
		if v, ok := m[k]; !ok || v != k {
			t.Fatalf("m[%d] = %d, %v during the growth", k, v, ok)
		}
		if inspector.Classic() && inspector.Locate(t, m, k).Old {
			old++
		}
	}
	if inspector.Classic() && old == 0 {
		t.Error("classic: no key was in an old bucket during the growth")
	}
}

func TestR3_16_FlagAfterTheHash(t *testing.T) {
	m := map[any]int{"a": 1}
	func() {
		defer func() {
			if r := recover(); r == nil || !strings.Contains(fmt.Sprint(r), "hash of unhashable type []int") {
				t.Fatalf("recover() = %v; want hash of unhashable type []int", r)
			}
		}()
		m[[]int{1}] = 2
	}()
	m["b"] = 2 // with the flag left set, this write would be a fatal error
	delete(m, "a")
	if len(m) != 1 || m["b"] != 2 {
		t.Errorf("after the recovered panic: %v", m)
	}
}

func TestR3_20_DeleteClearsPointers(t *testing.T) {
	m := map[int]*[1 << 16]byte{}
	freed := make(chan int, 8)
	for k := range 8 {
		v := new([1 << 16]byte)
		runtime.SetFinalizer(v, func(*[1 << 16]byte) { freed <- k })
		m[k] = v
	}
	delete(m, 3)
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		runtime.GC()
		select {
		case k := <-freed:
			if k != 3 {
				t.Fatalf("the value of key %d was freed; only key 3 was deleted", k)
			}
			runtime.KeepAlive(m)
			return
		case <-time.After(10 * time.Millisecond):
		}
	}
	t.Error("the value of the deleted key was not freed: the slot still points to it")
	runtime.KeepAlive(m)
}

func TestR3_12_HashPerKeyType(t *testing.T) {
	for _, at := range []string{claims.Go125, claims.Go127} {
		check.Lacks(t, at, "src/runtime", `algarray`)
	}
	check.Has(t, claims.Go127, "src/internal/abi/map.go", `^\s+Hasher +func\(unsafe\.Pointer, uintptr\) uintptr`)
	// +0 and -0 are one float64 key but two int64 bit patterns: the float hash is another function.
	f := map[float64]int{0: 1}
	if inspector.Hash(t, f, 0) != inspector.Hash(t, f, math.Copysign(0, -1)) {
		t.Error("the float64 hash gives +0 and -0 two hashes")
	}
}

func TestR3_14_OverflowChains(t *testing.T) {
	m := make(map[int]int, 100)
	m[-1] = -1
	if !inspector.Classic() {
		check.Lacks(t, claims.Go127, check.Swiss, `newoverflow`)
		return
	}
	mask := uint64(1)<<inspector.Layout(t, m).Classic.B - 1
	var keys []int
	for k := 0; len(keys) < 9; k++ {
		if inspector.Hash(t, m, k)&mask == 3 {
			keys = append(keys, k)
		}
	}
	for _, k := range keys {
		m[k] = k
	}
	if n := len(inspector.Layout(t, m).Classic.Buckets[3].Chain); n != 2 {
		t.Errorf("9 keys in bucket 3: a chain of %d buckets; want 2", n)
	}
	for _, k := range keys {
		if m[k] != k {
			t.Errorf("m[%d] = %d through the chain", k, m[k])
		}
	}
}

func TestR3_17_LowBBitsNotEight(t *testing.T) {
	check.Has(t, claims.Go125, check.NoSwiss, `^func bucketMask\(b uint8\) uintptr \{`)
	if !inspector.Classic() {
		return
	}
	m := map[int]int{}
	for k := range 6000 {
		m[k] = k
	}
	B := inspector.Layout(t, m).Classic.B
	if B <= 8 {
		t.Fatalf("B %d; want more than 8 buckets bits", B)
	}
	differ := 0
	for k := range 6000 {
		loc, h := inspector.Locate(t, m, k), inspector.Hash(t, m, k)
		if loc.Old {
			continue
		}
		if uint64(loc.Bucket) != h&(1<<B-1) {
			t.Fatalf("key %d in bucket %d; want its low %d bits, %d", k, loc.Bucket, B, h&(1<<B-1))
		}
		if uint64(loc.Bucket) != h&0xff {
			differ++
		}
	}
	if differ == 0 {
		t.Errorf("every key's bucket is its low 8 bits at B = %d", B)
	}
}

func TestR3_18_InsertFillsTheHole(t *testing.T) {
	m := map[int]int{}
	for k := range 8 {
		m[k] = k
	}
	delete(m, 2)
	m[100] = 100
	if loc := inspector.Locate(t, m, 100); loc.Slot != 2 {
		t.Errorf("the new key is at %v; want slot 2, the hole the delete left", loc)
	}
}

func TestR3_27_ClearReusesTheArray(t *testing.T) {
	m := map[int]int{}
	for k := range 5000 {
		m[k] = k
	}
	before := inspector.Layout(t, m)
	clear(m)
	after := inspector.Layout(t, m)
	if inspector.Classic() {
		if after.Classic.B != before.Classic.B || len(after.Classic.Buckets) != len(before.Classic.Buckets) || after.Classic.Count != 0 {
			t.Errorf("clear: B %d → %d, count %d; want the same array, empty", before.Classic.B, after.Classic.B, after.Classic.Count)
		}
		return
	}
	if len(after.Swiss.Tables) != len(before.Swiss.Tables) || after.Swiss.Used != 0 {
		t.Errorf("clear: %d tables → %d, used %d; want the same tables, empty", len(before.Swiss.Tables), len(after.Swiss.Tables), after.Swiss.Used)
	}
}
