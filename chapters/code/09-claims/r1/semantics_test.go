package r1

import (
	"fmt"
	"maps"
	"math"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"
	"unsafe"

	claims "gomaps/chapters/code/09-claims"
	"gomaps/chapters/code/09-claims/check"
	"gomaps/chapters/code/09-claims/check/inspector"
)

func sizeof[T any](x T) uintptr { return unsafe.Sizeof(x) }

// race has two goroutines write one map until the runtime stops the process, each with a
// deferred recover; it prints "no crash" if the runtime has not stopped it after 20 seconds.
// The map is made for its 1,000 keys, so it never grows while raced (TestRaceMapDoesNotGrow):
// a write racing a growth can fault on the half-moved tables (fatal error: fault) before the
// runtime sees the flag, and the flag is what R1-23 and R1-47 are about.
func race(read bool) {
	m := raceMap()
	stop := time.After(20 * time.Second)
	var wg sync.WaitGroup
	for g := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() {
				if r := recover(); r != nil {
					fmt.Println("recovered:", r)
				}
			}()
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				if read && g == 1 {
					_ = m[i%raceKeys]
				} else {
					m[i%raceKeys] = i
				}
			}
		}()
	}
	wg.Wait()
	fmt.Println("no crash")
}

const raceKeys = 1000

// raceMap is the map race writes, made for its keys.
func raceMap() map[int]int { return make(map[int]int, raceKeys) }

// TestRaceMapDoesNotGrow: race's map keeps its tables (Swiss) or its bucket array (classic) as
// its 1,000 keys go in, one writer at a time.
func TestRaceMapDoesNotGrow(t *testing.T) {
	m := raceMap()
	before := shape(t, m)
	for i := range raceKeys {
		m[i] = i
	}
	if after := shape(t, m); after != before {
		t.Fatalf("make(map[int]int, %d) grew as its keys went in: %s, then %s", raceKeys, before, after)
	}
}

// shape is what a growth changes: the directory and each table's capacity, or the number of
// buckets and whether an evacuation is under way.
func shape(t *testing.T, m map[int]int) string {
	l := inspector.Layout(t, m)
	if c := l.Classic; c != nil {
		return fmt.Sprintf("B=%d growing=%v", c.B, c.Growing())
	}
	caps := []int{}
	for _, tb := range l.Swiss.Tables {
		caps = append(caps, tb.Capacity)
	}
	return fmt.Sprintf("%d directory entries, tables of %v slots", l.Swiss.DirLen, caps)
}

func TestR1_23_ConcurrentWritesAreFatalNotPanics(t *testing.T) {
	if check.IsChild(t) {
		race(false)
		return
	}
	out, code := check.Child(t, time.Minute)
	if code != 2 || !strings.Contains(out, "fatal error: concurrent map writes") || strings.Contains(out, "recovered:") || strings.Contains(out, "no crash") {
		t.Fatalf("two writers, each with a recover: exit %d; want 2, fatal error: concurrent map writes, nothing recovered:\n%s", code, check.Head(out, 10))
	}
}

func TestR1_47_ReadersCheckTheFlag(t *testing.T) {
	if check.IsChild(t) {
		race(true)
		return
	}
	out, code := check.Child(t, time.Minute)
	if code != 2 || !strings.Contains(out, "fatal error: concurrent map read and map write") {
		t.Fatalf("a reader and a writer: exit %d; want 2 and fatal error: concurrent map read and map write:\n%s", code, check.Head(out, 10))
	}
}

func TestR1_34_ComparableKeys(t *testing.T) {
	for _, k := range []any{true, 1, 1.5, "s", new(int), make(chan int), struct{ A int }{}, [2]string{}} {
		reflect.MapOf(reflect.TypeOf(k), reflect.TypeOf(0)) // panics for a key type that is not comparable
	}
	reflect.MapOf(reflect.TypeFor[any](), reflect.TypeOf(0))
	for _, k := range []any{[]int{}, map[int]int{}, func() {}, [1][]int{}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("map[%T]int was made; want a panic: not comparable", k)
				}
			}()
			reflect.MapOf(reflect.TypeOf(k), reflect.TypeOf(0))
		}()
	}
	func() {
		defer func() {
			if r := recover(); r == nil || !strings.Contains(fmt.Sprint(r), "hash of unhashable type []int") {
				t.Errorf("an interface key holding a slice: recover() = %v; want hash of unhashable type []int", r)
			}
		}()
		m := map[any]int{}
		m[[]int{1}] = 1
	}()
}

type s struct{ ID int }

func TestR1_35_EqualKeysHashEqually(t *testing.T) {
	s1, s2 := s{ID: 1}, s{ID: 1}
	h := map[*s]int{&s1: 1}
	if h[&s1] != 1 || h[&s2] != 0 || s1 != s2 {
		t.Fatalf("the text's example: %d %d %v; want 1 0 true", h[&s1], h[&s2], s1 == s2)
	}
	if &s1 == &s2 {
		t.Fatal("&s1 == &s2")
	}
	p := &s1
	if inspector.Hash(t, h, p) != inspector.Hash(t, h, &s1) {
		t.Error("two equal pointers hash differently")
	}
	byValue := map[s]int{s1: 1}
	if byValue[s2] != 1 || inspector.Hash(t, byValue, s1) != inspector.Hash(t, byValue, s2) {
		t.Error("equal struct values are two keys")
	}
	for i := range 1000 {
		a, b := fmt.Sprint(i), strings.Clone(fmt.Sprint(i)) // equal strings, different memory
		m := map[string]int{a: 1}
		if inspector.Hash(t, m, a) != inspector.Hash(t, m, b) || m[b] != 1 {
			t.Fatalf("equal strings %q hash differently", a)
		}
	}
}

func TestR1_36_AnyValueType(t *testing.T) {
	m := map[string]any{"map": map[string]int{"a": 1}, "slice": []int{1}, "func": func() {}}
	nested := map[string]map[string]int{"x": {"y": 1}}
	if len(m) != 3 || nested["x"]["y"] != 1 {
		t.Error("maps with map, slice and func values")
	}
}

func TestR1_37_FloatKeysProgram(t *testing.T) {
	m := make(map[float64]int)
	m[1.4] = 1
	m[2.4] = 2
	m[math.NaN()] = 3
	m[math.NaN()] = 3
	if len(m) != 4 {
		t.Errorf("len %d; want 4", len(m))
	}
	if m[math.NaN()] != 0 || m[2.400000000001] != 0 || m[2.4000000000000000000000001] != 2 {
		t.Errorf("NaN %d, 2.400000000001 %d, 2.4000000000000000000000001 %d; want 0, 0, 2",
			m[math.NaN()], m[2.400000000001], m[2.4000000000000000000000001])
	}
	if math.Float64bits(2.4) != 4612586738352862003 || math.Float64bits(2.400000000001) != 4612586738352864255 ||
		math.Float64bits(2.4000000000000000000000001) != 4612586738352862003 {
		t.Error("the bits the text prints")
	}
}

func TestR1_38_FloatKeysAreFloats(t *testing.T) {
	negZero := math.Copysign(0, -1)
	if math.Float64bits(negZero) == math.Float64bits(0) {
		t.Fatal("-0 and +0 have the same bits")
	}
	m := map[float64]int{0: 1}
	m[negZero] = 2
	if len(m) != 1 || m[0] != 2 {
		t.Errorf("+0 and -0: %d keys, m[0] = %d; want one key (as uint64 bits they would be two)", len(m), m[0])
	}
	bits := map[uint64]int{}
	for range 3 {
		bits[math.Float64bits(math.NaN())]++
		m[math.NaN()] = 0
	}
	if len(bits) != 1 || len(m) != 4 {
		t.Errorf("3 NaN: %d uint64 keys, %d float64 keys besides 0; want 1 and 3", len(bits), len(m)-1)
	}
}

func TestR1_39_NaNBits(t *testing.T) {
	if b := math.Float64bits(math.NaN()); b != 0x7FF8000000000001 {
		t.Errorf("math.NaN() bits %#x; want 0x7FF8000000000001", b)
	}
	check.Has(t, claims.Go127, "src/math/unsafe.go", `^func Float64frombits\(b uint64\) float64`)
}

func TestR1_40_DeleteDuringRange(t *testing.T) {
	for trial := range 200 {
		m := map[int]int{}
		for k := range 100 {
			m[k] = k
		}
		deleted := map[int]bool{}
		next := 0
		for k := range m {
			if deleted[k] {
				t.Fatalf("trial %d: key %d produced after it was deleted", trial, k)
			}
			for ; next < 100 && (next == k || deleted[next]); next++ {
			}
			if next < 100 {
				delete(m, next)
				deleted[next] = true
			}
		}
	}
}

func TestR1_41_LocksAndSyncMap(t *testing.T) {
	var mu sync.RWMutex
	m := map[int]int{}
	var sm sync.Map
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 10000 {
				mu.Lock()
				m[i%100]++
				mu.Unlock()
				mu.RLock()
				_ = m[i%100]
				mu.RUnlock()
				sm.Store(g*10000+i, i)
			}
		}()
	}
	wg.Wait()
	total := 0
	for _, v := range m {
		total += v
	}
	n := 0
	sm.Range(func(any, any) bool { n++; return true })
	if total != 40000 || n != 40000 {
		t.Errorf("4 goroutines × 10000: the locked map counted %d, the sync.Map holds %d; want 40000 each", total, n)
	}
}

func TestR1_42_NoAddressOfAnElement(t *testing.T) {
	out, ok := check.Build(t, "./chapters/code/09-claims/r1/testdata/addr")
	if ok || !strings.Contains(out, `cannot take address of m["qcrao"]`) {
		t.Errorf("&m[\"qcrao\"]: compiled %v; want a compile error cannot take address of:\n%s", ok, out)
	}
}

func TestR1_43_GrowthMovesEntries(t *testing.T) {
	m := map[int]int{}
	for k := range 14 {
		m[k] = k
	}
	before := inspector.Locate(t, m, 3)
	l := inspector.Layout(t, m)
	for k := 14; k < 200; k++ {
		m[k] = k
	}
	after := inspector.Locate(t, m, 3)
	l2 := inspector.Layout(t, m)
	if inspector.Classic() {
		if l2.Classic.B == l.Classic.B {
			t.Fatalf("B stayed %d", l.Classic.B)
		}
	} else if l2.Swiss.Tables[0].Capacity == l.Swiss.Tables[0].Capacity && len(l2.Swiss.Tables) == len(l.Swiss.Tables) {
		t.Fatal("the table did not grow")
	}
	t.Logf("key 3: %v before the growth, %v after, in a new array", before, after)
}

func TestR1_44_DeepEqualOfMaps(t *testing.T) {
	a, b := map[string][]int{"x": {1}}, map[string][]int{"x": {1}}
	if !reflect.DeepEqual(a, b) {
		t.Error("two distinct maps with equal contents are not deeply equal")
	}
	if reflect.DeepEqual(map[string]int(nil), map[string]int{}) {
		t.Error("a nil map and an empty map are deeply equal")
	}
}

func TestR1_45_MapsCompareOnlyToNil(t *testing.T) {
	out, ok := check.Build(t, "./chapters/code/09-claims/r1/testdata/mapeq")
	if ok || !strings.Contains(out, "map can only be compared to nil") {
		t.Errorf("m == n: compiled %v; want map can only be compared to nil:\n%s", ok, out)
	}
}

func TestR1_46_MapsEqual(t *testing.T) {
	a, b := map[string]int{"qcrao": 18}, map[string]int{"qcrao": 18}
	// reflect.DeepEqual compares maps on every version, the text's 1.9.2 included.
	if !reflect.DeepEqual(a, b) {
		t.Error("reflect.DeepEqual of equal maps")
	}
	if !maps.Equal(a, b) {
		t.Error("maps.Equal of equal maps")
	}
	b["stefno"] = 20
	if maps.Equal(a, b) {
		t.Error("maps.Equal of different maps")
	}
}

func TestR1_48_TheFlagIsToggled(t *testing.T) {
	body := check.FuncBody(t, claims.Go125, check.NoSwiss, `^func mapassign\(`)
	if !check.Contains(body, "h.flags ^= hashWriting") || check.Contains(body, "h.flags |= hashWriting") {
		t.Error("classic mapassign does not toggle hashWriting with ^=")
	}
	// The == 0 test comes after the write, with the flag already set by this writer.
	check.Has(t, claims.Go125, check.NoSwiss, `^\s+if h\.flags&hashWriting == 0 \{`+"\n"+`\s+fatal\("concurrent map writes"\)`)
	check.Has(t, claims.Go127, check.Swiss+"/runtime.go", `m\.writing \^= 1 // toggle`)
}
