package s0

// The claims of the post's section 2.1: the hmap, its fields and its growth. The classic map
// (Go 1.25 with GOEXPERIMENT=noswissmap) is read with the course's map inspector; on Swiss
// tables (Go 1.26 and 1.27, with or without GOEXPERIMENT=mapsplitgroup) the tests check what
// replaced each piece. The claims about the source alone are in
// package s0/once.

import (
	"fmt"
	"regexp"
	"runtime"
	"sync"
	"testing"
	"time"

	claims "gomaps/chapters/code/09-claims"
	"gomaps/chapters/code/09-claims/check"
	"gomaps/chapters/code/09-claims/check/inspector"
	"gomaps/labs/inspect"
)

// growing returns a classic map in the middle of a doubling from 1024 to 2048 buckets: its
// 6657th key started it.
func growing(t *testing.T) map[int]int {
	t.Helper()
	m := map[int]int{}
	for k := range 6657 {
		m[k] = k
	}
	if c := inspector.Layout(t, m).Classic; !c.Growing() || c.B != 11 {
		t.Fatalf("after 6657 inserts: growing %v, B %d; want a growth to B 11 in progress", c.Growing(), c.B)
	}
	return m
}

func TestS0_11_HmapIsTheClassicMap(t *testing.T) {
	check.Has(t, claims.Go125, check.NoSwiss, `^type hmap struct`)
	check.Has(t, claims.Go125, check.NoSwiss, `^\s+B +uint8 +// log_2 of # of buckets`)
	check.Has(t, claims.Go125, check.NoSwiss, `^\s+count +int // # live cells`)
	for _, at := range []string{claims.Go126, claims.Go127} {
		check.Lacks(t, at, "src/runtime", `^type hmap struct`)
		check.Has(t, at, check.Swiss+"/map.go", `^type Map struct`)
	}

	m := map[int]int{}
	for k := range 6656 { // 6.5 entries per bucket for 1024 buckets: the most before a doubling
		m[k] = k
	}
	l := inspector.Layout(t, m)
	switch inspect.Build() {
	case inspect.Classic:
		c := l.Classic
		if c.Count != len(m) || len(c.Buckets) != 1<<c.B {
			t.Errorf("hmap: count %d, B %d, %d buckets; want count = len(m) = %d and 2^B buckets", c.Count, c.B, len(c.Buckets), len(m))
		}
		chains := 0
		for _, b := range c.Buckets {
			if len(b.Chain) > 1 {
				chains++
			}
		}
		if chains == 0 {
			t.Error("no bucket has an overflow bucket at 6.5 entries per bucket")
		}
		t.Logf("classic: count %d, B %d (%d buckets), %d of them with overflow buckets", c.Count, c.B, len(c.Buckets), chains)
	case inspect.Swiss:
		if l.Classic != nil || l.Swiss.Used != uint64(len(m)) {
			t.Errorf("Swiss map: used %d; want len(m) = %d and no hmap", l.Swiss.Used, len(m))
		}
		t.Logf("Swiss: used %d, %d tables, no buckets and no B", l.Swiss.Used, len(l.Swiss.Tables))
	}
}

func TestS0_12_HmapHasNoOverflowField(t *testing.T) {
	hmap := check.FuncBody(t, claims.Go125, check.NoSwiss, `^type hmap struct`)
	field := regexp.MustCompile(`^\s+overflow\s`)
	for _, line := range hmap {
		if field.MatchString(line) {
			t.Fatalf("hmap has a field overflow: %s", line)
		}
	}
	check.Has(t, claims.Go125, check.NoSwiss, `^\s+noverflow uint16`)
	check.Has(t, claims.Go125, check.NoSwiss, `^\s+overflow +\*\[\]\*bmap`)
	check.Has(t, claims.Go125, check.NoSwiss, `^func \(b \*bmap\) overflow\(t \*maptype\) \*bmap`)

	if !inspector.Classic() {
		t.Log("Swiss tables have no overflow buckets at all: a full group sends the probe to the next group")
		return
	}
	// Each bucket has its own chain: many chains at once, so no one head pointer.
	m := map[int]int{}
	for k := range 6656 {
		m[k] = k
	}
	chains := 0
	for _, b := range inspector.Layout(t, m).Classic.Buckets {
		if len(b.Chain) > 1 {
			chains++
		}
	}
	if chains < 2 {
		t.Errorf("%d buckets have an overflow chain; want several, each its own", chains)
	}
}

func TestS0_14_GrowthThresholds(t *testing.T) {
	check.Has(t, claims.Go125, check.NoSwiss, `loadFactorNum = loadFactorDen \* abi.OldMapBucketCount \* 13 / 16`)
	for _, at := range []string{claims.Go126, claims.Go127} {
		check.Has(t, at, check.Swiss+"/group.go", `maxAvgGroupLoad = 7`)
	}
	m := map[int]int{}
	switch inspect.Build() {
	case inspect.Classic:
		// count > 8 and count > 6.5 * 2^B, for the count the insert would make.
		over := func(count int, b uint8) bool { return count > 8 && count > 13*((1<<b)/2) }
		b := inspector.Layout(t, m).Classic.B
		for n := 1; n <= 6657; n++ {
			m[n] = n
			nb := inspector.Layout(t, m).Classic.B
			if (nb != b) != over(n, b) {
				t.Fatalf("insert number %d: B %d -> %d; the rule count > 8 && count > 6.5*2^B says growth %v", n, b, nb, over(n, b))
			}
			b = nb
		}
		t.Log("classic: B went up exactly when count > 8 and count > 6.5 * 2^B (up to 6657 entries)")
	case inspect.Swiss:
		// A table holds at most 7/8 of its slots; the small map, 8 entries.
		limit := 8
		capacity := inspector.Layout(t, m).Capacity()
		for n := 1; n <= 896; n++ { // one table: at most 1024 slots
			m[n] = n
			c := inspector.Layout(t, m).Capacity()
			if c != capacity {
				if n-1 != limit {
					t.Fatalf("insert number %d grew capacity %d -> %d; want growth when the insert passes %d entries", n, capacity, c, limit)
				}
				limit = c * 7 / 8
				capacity = c
			}
		}
		t.Log("Swiss: a table grew exactly when an insert passed 7/8 of its slots; no 6.5")
	}
}

func TestS0_15_OverflowGrowthKeepsTheSize(t *testing.T) {
	check.Has(t, claims.Go125, check.NoSwiss, `return noverflow >= uint16\(1\)<<\(B&15\)`)
	check.Has(t, claims.Go125, check.NoSwiss, `h.flags \|= sameSizeGrow`)
	check.Lacks(t, claims.Go126, check.Swiss, `noverflow`)
	if !inspector.Classic() {
		t.Log("Swiss tables have no overflow buckets, so no growth counts them")
		return
	}
	// A map that keeps 1000 entries while keys come and go piles up overflow buckets.
	m := make(map[int]int, 1000)
	for k := range 1000 {
		m[k] = k
	}
	before := inspector.Layout(t, m).Classic
	limit := uint16(1) << min(before.B, 15)
	for k := 0; k < 10_000_000; k++ {
		delete(m, k)
		m[k+1000] = k
		// A write adds at most one overflow bucket: while noverflow is 16 or more below the
		// limit, reading the header every 8 pairs cannot miss the state just before the growth.
		if before.NOverflow+16 < limit && k%8 != 0 {
			continue
		}
		c := inspector.Layout(t, m).Classic
		if c.Growing() {
			if c.B != before.B || !c.SameSizeGrow() {
				t.Fatalf("growth after %d writes: B %d -> %d, same size %v; want the same B", 2*(k+1), before.B, c.B, c.SameSizeGrow())
			}
			if before.NOverflow < limit {
				t.Fatalf("a same-size growth started at noverflow %d; want at least 2^B = %d", before.NOverflow, limit)
			}
			t.Logf("after %d writes, noverflow %d >= 2^%d: a growth that keeps B %d", 2*(k+1), before.NOverflow, before.B, c.B)
			return
		}
		before = c
	}
	t.Fatal("no growth in 10 million delete+insert pairs")
}

func TestS0_16_OnlyWritesEvacuate(t *testing.T) {
	assign := check.FuncBody(t, claims.Go125, check.NoSwiss, `^func mapassign\(`)
	access := check.FuncBody(t, claims.Go125, check.NoSwiss, `^func mapaccess1\(`)
	if !check.Contains(assign, "growWork(t, h, bucket)") || check.Contains(access, "growWork") {
		t.Error("want growWork called from mapassign and not from mapaccess1")
	}
	check.Has(t, claims.Go125, check.NoSwiss, `evacuate\(t, h, h.nevacuate\)`)
	for _, at := range []string{claims.Go126, claims.Go127} {
		check.Has(t, at, check.Swiss+"/table.go", `^// Replaces the table with one larger table or two split tables`)
	}
	if !inspector.Classic() {
		t.Log("Swiss tables: a table is rehashed whole, at once, by the insert that fills it")
		return
	}
	m := growing(t)
	evacuated := func() int {
		n := 0
		for _, b := range inspector.Layout(t, m).Classic.OldBuckets {
			if b.Evacuated() {
				n++
			}
		}
		return n
	}
	start := evacuated()
	for k := range 10_000 {
		_ = m[k]
	}
	if got := evacuated(); got != start {
		t.Errorf("10000 lookups evacuated %d old buckets; want 0", got-start)
	}
	for k := range 100 { // updates of existing keys
		before := evacuated()
		m[k] = -k
		if moved := evacuated() - before; moved > 2 || inspector.Layout(t, m).Classic.Growing() && moved < 1 {
			t.Fatalf("write %d evacuated %d old buckets; want 1 or 2", k, moved)
		}
	}
}

func TestS0_17_GrowthDoesNotMakeWritesSafe(t *testing.T) {
	if check.IsChild(t) {
		// Round after round, two writers fill a new map together, so it grows while they race.
		runtime.GOMAXPROCS(max(2, runtime.GOMAXPROCS(0)))
		for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); {
			m := map[int]int{}
			var wg sync.WaitGroup
			for g := range 2 {
				wg.Go(func() {
					defer func() {
						if r := recover(); r != nil {
							fmt.Println("corrupted:", r) // a panic on the broken map: see writeRace
						}
					}()
					for k := range 20_000 {
						m[2*k+g] = k
					}
				})
			}
			wg.Wait()
		}
		println("no crash")
		return
	}
	check.Has(t, claims.Go125, check.NoSwiss, `fatal\("concurrent map writes"\)`)
	raceChild(t, "concurrent map writes")
}

func TestS0_19_ReadsLookInOneBucket(t *testing.T) {
	access := check.FuncBody(t, claims.Go125, check.NoSwiss, `^func mapaccess1\(`)
	if !check.Contains(access, "if !evacuated(oldb) {") || !check.Contains(access, "b = oldb") {
		t.Error("mapaccess1 does not pick the old bucket only when it is not evacuated")
	}
	check.Lacks(t, claims.Go126, check.Swiss, `oldbuckets`)
	if !inspector.Classic() {
		t.Log("Swiss tables keep no old array: a lookup probes one table")
		return
	}
	// In the middle of a growth every key is in exactly one place, and the evacuation mark of
	// its old bucket says which: the old bucket if it is not evacuated, else the new array.
	m := growing(t)
	l := inspector.Layout(t, m)
	old := l.Classic.OldBuckets
	entries, err := inspect.Entries(m)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != len(m) {
		t.Fatalf("%d full slots for %d keys: a key is in two places", len(entries), len(m))
	}
	inOld := 0
	for _, e := range entries {
		oldBucket := e.Loc.Bucket & (len(old) - 1)
		if e.Loc.Old {
			inOld++
		}
		if e.Loc.Old == old[oldBucket].Evacuated() {
			t.Fatalf("key %d is in the %s array, and its old bucket %d is evacuated: %v", e.Key, map[bool]string{true: "old", false: "new"}[e.Loc.Old], oldBucket, old[oldBucket].Evacuated())
		}
	}
	t.Logf("mid-growth: %d keys still in old buckets, %d in the new array, none in both", inOld, len(m)-inOld)
}

func TestS0_20_WritesGoToTheNewArrayThenOldIsFreed(t *testing.T) {
	check.Has(t, claims.Go125, check.NoSwiss, `// Growing is all done. Free old main bucket array.`)
	for _, at := range []string{claims.Go126, claims.Go127} {
		check.Lacks(t, at, check.Swiss, `oldbuckets`)
	}
	if !inspector.Classic() {
		t.Log("Swiss tables keep no old array")
		return
	}
	m := growing(t)
	writes := 0
	for inspector.Layout(t, m).Classic.Growing() {
		k := -writes - 1
		m[k] = k
		writes++
		loc := inspector.Locate(t, m, k)
		if loc.Old {
			t.Fatalf("the write of key %d went to the old array: %v", k, loc)
		}
	}
	if l := inspector.Layout(t, m).Classic; l.OldBuckets != nil {
		t.Error("the growth ended and the old array is still there")
	}
	t.Logf("the growth ended after %d writes, each into the new array; oldbuckets is nil", writes)
}
