// Package r2 holds the tests of reference R2, 100 Go Mistakes #28 (“Maps and memory leaks”),
// one test per claim, named by its ID. They run on every lane: the classic lane reruns the
// text's program on the map it describes, the 1.27 lanes on the map of today. Rows and rulings
// are in chapters/code/09-claims/r2.go.
package r2

//course:every-lane it measures the map runtime's memory and reads its layout through the inspector

import (
	"fmt"
	"regexp"
	"runtime"
	"strconv"
	"sync"
	"testing"
	"time"

	claims "gomaps/chapters/code/09-claims"
	"gomaps/chapters/code/09-claims/check"
	"gomaps/chapters/code/09-claims/check/inspector"
	"gomaps/labs/inspect"
)

const n = 1_000_000

// heapMB is the live heap after a GC, in MB, as the text's printAlloc prints it.
func heapMB() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.Alloc / (1024 * 1024)
}

var leak struct {
	once sync.Once
	figs figures
	out  string
}

// figures are the heaps the program prints, in MB: for map[int][128]byte (values), then
// map[int]*[128]byte (pointers).
type figures struct {
	values, pointers heaps
}

// heaps are the four figures the program prints for one map type.
type heaps struct {
	made    uint64 // after make
	added   uint64 // after adding, without a GC, as the text reads it: it moves with the GC's timing
	addedGC uint64 // after adding and a GC: the live heap
	removed uint64 // after deleting every key and a GC: the live heap
}

var mbLine = regexp.MustCompile(`(?m)^ +(\d+) MB  `)

// program reruns the text's program (chapters/code/09-claims/r2/leak) once with this lane's
// toolchain and returns its eight figures. The tests judge only what a run cannot change: the
// figures read after a GC, which are the live heap (the same on every run of the classic map;
// on Swiss tables within the range the rulings state, which the hash seed decides), and of the
// figure read without a GC only that it is at least the live heap.
func program(t *testing.T) figures {
	t.Helper()
	leak.once.Do(func() {
		out, code := check.Go(t, 5*time.Minute, nil, "run", "./chapters/code/09-claims/r2/leak")
		leak.out = out
		if code != 0 {
			return
		}
		var figs []uint64
		for _, m := range mbLine.FindAllStringSubmatch(out, -1) {
			v, _ := strconv.ParseUint(m[1], 10, 64)
			figs = append(figs, v)
		}
		if len(figs) == 8 {
			leak.figs = figures{
				values:   heaps{figs[0], figs[1], figs[2], figs[3]},
				pointers: heaps{figs[4], figs[5], figs[6], figs[7]},
			}
		}
	})
	if leak.figs == (figures{}) {
		t.Fatalf("the program did not print 8 figures:\n%s", leak.out)
	}
	return leak.figs
}

func TestR2_01_TheProgramsFigures(t *testing.T) {
	f := program(t).values
	t.Logf("%s: %d MB, %d MB (no GC), %d MB after a GC, %d MB after the deletes and a GC", runtime.Version(), f.made, f.added, f.addedGC, f.removed)
	if f.made != 0 || f.added < f.addedGC {
		t.Errorf("%d MB after make, %d MB after adding (no GC), %d MB after a GC: want 0, then a heap read without a GC that holds at least the live heap", f.made, f.added, f.addedGC)
	}
	if inspector.Classic() {
		if f.removed != 293 {
			t.Errorf("classic map: %d MB after the deletes; the text prints 293", f.removed)
		}
		return
	}
	if f.removed < 285 || f.removed > 289 {
		t.Errorf("Swiss tables: %d MB after the deletes; the ruling says 285 to 289, not the text's 293", f.removed)
	}
}

func TestR2_02_BucketsAreInline(t *testing.T) {
	check.Has(t, claims.Go125, check.NoSwiss, `^\s+buckets +unsafe\.Pointer // array of 2\^B Buckets`)
	if !inspector.Classic() {
		return
	}
	m := make(map[int][128]byte)
	for i := range n {
		m[i] = [128]byte{}
	}
	c := inspector.Layout(t, m).Classic
	for i := range n {
		delete(m, i)
	}
	if c.BucketSize != 8+8*8+8*128+8 {
		t.Errorf("bucket of map[int][128]byte: %d bytes; want 1104: tophash, 8 keys, 8 values inline, overflow", c.BucketSize)
	}
	array := uint64(len(c.Buckets)*c.BucketSize) >> 20
	if heap := heapMB(); heap < array {
		t.Errorf("heap %d MB after the deletes; the bucket array alone is %d MB", heap, array)
	} else {
		t.Logf("2^%d buckets × %d bytes = %d MB inline; heap %d MB", c.B, c.BucketSize, array, heap)
	}
	runtime.KeepAlive(m)
}

func TestR2_03_OverflowBucketsOnlyClassic(t *testing.T) {
	check.Lacks(t, claims.Go127, check.Swiss, `newoverflow`)
	m := map[int]int{}
	for k := range 6656 {
		m[k] = k
	}
	l := inspector.Layout(t, m)
	if !inspector.Classic() {
		if l.Classic != nil {
			t.Error("a Swiss build with buckets")
		}
		return
	}
	if l.Classic.NOverflow == 0 {
		t.Error("no overflow bucket at 6.5 keys per bucket")
	}
}

func TestR2_04_HmapAndB(t *testing.T) {
	check.Has(t, claims.Go125, check.NoSwiss, `^\s+B +uint8 +// log_2 of # of buckets`)
	check.Lacks(t, claims.Go127, "src/runtime", `^type hmap struct`)
	l := inspector.Layout(t, map[int]int{1: 1})
	if inspector.Classic() != (l.Classic != nil) || inspector.Classic() == (l.Swiss != nil) {
		t.Errorf("classic build %v: hmap %v, Swiss Map %v", inspector.Classic(), l.Classic != nil, l.Swiss != nil)
	}
}

func TestR2_05_BStaysAt18(t *testing.T) {
	m := make(map[int][128]byte)
	for i := range n {
		m[i] = [128]byte{}
	}
	before := inspector.Layout(t, m)
	for i := range n {
		delete(m, i)
	}
	after := inspector.Layout(t, m)
	if inspector.Classic() {
		if before.Classic.B != 18 || after.Classic.B != 18 {
			t.Errorf("B %d after adding, %d after deleting; want 18 and 18", before.Classic.B, after.Classic.B)
		}
		return
	}
	slots := func(l *inspect.Layout) (n int) {
		for _, tb := range l.Swiss.Tables {
			n += tb.Capacity
		}
		return n
	}
	if len(after.Swiss.Tables) != len(before.Swiss.Tables) || slots(after) != slots(before) {
		t.Errorf("%d tables of %d slots after adding, %d of %d after deleting; want the same", len(before.Swiss.Tables), slots(before), len(after.Swiss.Tables), slots(after))
	}
	t.Logf("Swiss: %d tables, %d slots, before and after", len(after.Swiss.Tables), slots(after))
}

func TestR2_06_DeletesDoNotShrink(t *testing.T) {
	if f := program(t).values; f.removed < 250 {
		t.Errorf("%d MB after deleting everything; want the table kept (over 250 MB)", f.removed)
	}
	m := make(map[int]int64)
	for i := range 100000 {
		m[i] = 1
	}
	clear(m)
	l := inspector.Layout(t, m)
	if inspector.Classic() {
		if l.Classic.B != 14 {
			t.Errorf("after clear: B %d; want 14, kept", l.Classic.B)
		}
		return
	}
	if len(l.Swiss.Tables) < 2 {
		t.Errorf("after clear: %d tables; want them kept", len(l.Swiss.Tables))
	}
}

func TestR2_07_TheDropIsTheOldArray(t *testing.T) {
	m := make(map[int][128]byte)
	for i := range n {
		m[i] = [128]byte{}
	}
	noDelete := heapMB() // a GC, no delete
	for i := range n {
		delete(m, i)
	}
	afterDelete := heapMB()
	runtime.KeepAlive(m)
	t.Logf("%s: %d MB after a GC without deletes, %d MB after the deletes and a GC", runtime.Version(), noDelete, afterDelete)
	if afterDelete+2 < noDelete || afterDelete > noDelete+2 {
		t.Errorf("the deletes freed %d MB; want none (the values are inline)", int64(noDelete)-int64(afterDelete))
	}
	// The text's program, which allocates nothing else: the same figure to the MB.
	f := program(t).values
	if f.addedGC != f.removed {
		t.Errorf("the program: %d MB after adding and a GC, %d MB after the deletes and a GC; want the same", f.addedGC, f.removed)
	}
	if inspector.Classic() && f.addedGC != 293 {
		t.Errorf("classic map: %d MB after adding and a GC; the ruling says 293", f.addedGC)
	}
}

func TestR2_08_OverflowBucketsStay(t *testing.T) {
	if !inspector.Classic() {
		check.Lacks(t, claims.Go127, check.Swiss, `noverflow`)
		return
	}
	m := make(map[int][128]byte)
	for i := range n {
		m[i] = [128]byte{}
	}
	before := inspector.Layout(t, m).Classic.NOverflow
	for i := range n {
		delete(m, i)
	}
	if after := inspector.Layout(t, m).Classic.NOverflow; after != before || before == 0 {
		t.Errorf("noverflow %d after adding, %d after deleting; want the same, above 0", before, after)
	}
}

func TestR2_09_CopyingShrinks(t *testing.T) {
	m := make(map[int][128]byte)
	for i := range n {
		m[i] = [128]byte{}
	}
	for i := 10; i < n; i++ {
		delete(m, i)
	}
	big := heapMB()
	fresh := make(map[int][128]byte, len(m))
	for k, v := range m {
		fresh[k] = v
	}
	m = nil
	small := heapMB()
	runtime.KeepAlive(m)
	if len(fresh) != 10 || small > 5 || big < 250 {
		t.Errorf("%d MB with 10 survivors in the big map, %d MB after copying them into a fresh map; want over 250, then under 5", big, small)
	}
	runtime.KeepAlive(fresh)
}

func TestR2_10_PointerValues(t *testing.T) {
	figs := program(t)
	v, p := figs.values, figs.pointers
	t.Logf("map[int]*[128]byte: %d MB (no GC), %d MB after a GC, %d MB after the deletes and a GC", p.added, p.addedGC, p.removed)
	if p.made != 0 || p.added < p.addedGC || p.addedGC >= v.addedGC || p.removed*4 > v.removed {
		t.Errorf("pointers: %d, %d (no GC), %d and %d MB; arrays: %d and %d MB after a GC; want 0, at least the live heap, then the pointer map far smaller", p.made, p.added, p.addedGC, p.removed, v.addedGC, v.removed)
	}
	if inspector.Classic() && (p.addedGC != 160 || p.removed != 38) {
		t.Errorf("classic map: %d MB after adding and a GC, %d MB after the deletes; the ruling says 160 and 38 (the text's)", p.addedGC, p.removed)
	}
	if !inspector.Classic() && (p.removed < 35 || p.removed > 36) {
		t.Errorf("Swiss tables: %d MB after the deletes; the ruling says 35 or 36", p.removed)
	}
}

func TestR2_11_Over128BytesIndirect(t *testing.T) {
	at128 := inspector.Layout(t, map[int][128]byte{1: {}})
	over := inspector.Layout(t, map[int][129]byte{1: {}})
	keyOver := inspector.Layout(t, map[[129]byte]int{{}: 1})
	if at128.IndirectElem || !over.IndirectElem || !keyOver.IndirectKey {
		t.Errorf("indirect value at 128 bytes %v, at 129 %v; indirect key at 129 %v; want false, true, true", at128.IndirectElem, over.IndirectElem, keyOver.IndirectKey)
	}
}

func order(m map[int]int) []int {
	var o []int
	for k := range m {
		o = append(o, k)
	}
	return o
}

func inOrder(o []int) bool {
	for i := range o {
		if o[i] != i {
			return false
		}
	}
	return true
}

func TestR2_12_NotSortedByKey(t *testing.T) {
	m := map[int]int{}
	for k := range 100 {
		m[k] = k
	}
	for range 100 {
		if o := order(m); inOrder(o) {
			t.Fatalf("keys 0 to 99 came back sorted: %v", o)
		}
	}
}

func TestR2_13_NotInsertionOrder(t *testing.T) {
	m := map[int]int{}
	for k := range 100 { // inserted 0, 1, 2...: sorted is the insertion order
		m[k] = k
	}
	for range 1000 {
		if o := order(m); inOrder(o) {
			t.Fatal("a map of 100 keys ranged in insertion order")
		}
	}
	small := map[int]int{}
	for k := range 4 {
		small[k] = k
	}
	insertion := 0
	for range 1000 {
		o := order(small)
		rotation := true
		for i := range o {
			if o[i] != (o[0]+i)%4 {
				rotation = false
			}
		}
		if !rotation {
			t.Fatalf("a map of 4 keys ranged as %v, not a rotation of the insertion order", o)
		}
		if o[0] == 0 {
			insertion++
		}
	}
	t.Logf("a map of 4 keys gave the insertion order itself in %d of 1000 ranges", insertion)
	if insertion == 0 || insertion == 1000 {
		t.Errorf("the insertion order in %d of 1000 ranges", insertion)
	}
}

func TestR2_14_NoDeterministicOrder(t *testing.T) {
	m := map[int]int{}
	for k := range 100 {
		m[k] = k
	}
	first := map[int]bool{}
	for range 100 {
		first[order(m)[0]] = true
	}
	if len(first) < 2 {
		t.Errorf("100 ranges over one unchanged map all started with the same key")
	}
}

// listing1 is the text's first program for #33, returning the map instead of printing it.
func listing1() map[int]bool {
	m := map[int]bool{0: true, 1: false, 2: true}
	for k, v := range m {
		if v {
			m[10+k] = true
		}
	}
	return m
}

func TestR2_15_InsertDuringRange(t *testing.T) {
	sizes := map[int]int{}
	for range 2000 {
		m := listing1()
		if !m[10] || !m[12] {
			t.Fatalf("%v: want 10 and 12 always added", m)
		}
		sizes[len(m)]++
	}
	t.Logf("sizes of the result in 2000 runs: %v", sizes)
	if len(sizes) < 2 {
		t.Errorf("2000 runs all ended with %v entries; the text says the result is unpredictable", sizes)
	}
	for n := range sizes {
		if n < 5 {
			t.Errorf("a result of %d entries; want at least 5", n)
		}
	}
}

func TestR2_16_AddToACopy(t *testing.T) {
	for range 1000 {
		m := map[int]bool{0: true, 1: false, 2: true}
		m2 := make(map[int]bool, len(m))
		for k, v := range m {
			m2[k] = v
		}
		for k, v := range m {
			m2[k] = v
			if v {
				m2[10+k] = true
			}
		}
		if got := fmt.Sprint(m2); got != "map[0:true 1:false 2:true 10:true 12:true]" {
			t.Fatalf("the copy: %s", got)
		}
	}
}
