//go:build goexperiment.swissmap || go1.26

package inspect_test

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"gomaps/labs/inspect"
)

// splitRuntime says whether the running runtime was built with
// GOEXPERIMENT=mapsplitgroup, from what its version string says: the linker
// appends the experiments that differ from the release's defaults
// ("go1.27.N-X:mapsplitgroup").
func splitRuntime() bool {
	_, exps, _ := strings.Cut(runtime.Version(), "X:")
	return slices.Contains(strings.Split(exps, ","), "mapsplitgroup")
}

// geometry is where key i and value i of a group start: keysOff +
// i*keyStride and elemsOff + i*elemStride, in a group of groupSize bytes.
type geometry struct{ groupSize, keysOff, keyStride, elemsOff, elemStride int }

// groupGeometry is the geometry of the group struct the compiler makes for a
// map whose key and value fields have types KF and VF (the key or value
// type, or a pointer to it when it is over 128 bytes), as the Go source
// spells it in cmd/compile/internal/reflectdata/map.go: the control word,
// then 8 keys then 8 values (split), or 8 slots of a key and its value
// (interleaved). The test's own struct gets its offsets from this
// compiler's layout rules, not from the inspector.
func groupGeometry[KF, VF any](split bool) geometry {
	if split {
		var g struct {
			ctrl  uint64
			keys  [8]KF
			elems [8]VF
		}
		return geometry{int(unsafe.Sizeof(g)), int(unsafe.Offsetof(g.keys)), int(unsafe.Sizeof(g.keys[0])),
			int(unsafe.Offsetof(g.elems)), int(unsafe.Sizeof(g.elems[0]))}
	}
	var g struct {
		ctrl  uint64
		slots [8]struct {
			key  KF
			elem VF
		}
	}
	slot := int(unsafe.Sizeof(g.slots[0]))
	return geometry{int(unsafe.Sizeof(g)), int(unsafe.Offsetof(g.slots)), slot,
		int(unsafe.Offsetof(g.slots) + unsafe.Offsetof(g.slots[0].elem)), slot}
}

// checkGroupLayout fills a map[K]V with n entries made by key and value and
// checks that the layout is reported (Split, the text and the SVG), that
// the offsets are those of the group struct, and that every key and value
// read from its slot is the one inserted, in the slot its hash says.
func checkGroupLayout[K, V comparable](t *testing.T, want geometry, n int, key func(int) K, value func(int) V) {
	t.Helper()
	m := make(map[K]V)
	wantElem := make(map[K]V, n)
	for i := range n {
		m[key(i)] = value(i)
		wantElem[key(i)] = value(i)
	}
	what := fmt.Sprintf("%T with %d keys", m, n)
	l := checkFull(t, m, what)
	s := l.Swiss
	if s == nil {
		t.Fatalf("%s: no Swiss layout on a Swiss build", what)
	}
	split := splitRuntime()
	if s.Split != split || inspect.SplitGroups() != split {
		t.Fatalf("%s on %s: Split %v, SplitGroups() %v; want %v", what, runtime.Version(), s.Split, inspect.SplitGroups(), split)
	}
	got := geometry{s.GroupSize, s.KeysOff, s.KeyStride, s.ElemsOff, s.ElemStride}
	if got != want {
		t.Fatalf("%s: group of %d bytes, key i at %d + %d*i, value i at %d + %d*i; the group struct gives %d bytes, %d + %d*i and %d + %d*i",
			what, got.groupSize, got.keysOff, got.keyStride, got.elemsOff, got.elemStride,
			want.groupSize, want.keysOff, want.keyStride, want.elemsOff, want.elemStride)
	}
	name := "interleaved (key, value slots)"
	if split {
		name = "split (keys, then values)"
	}
	if s.GroupLayout() != name {
		t.Fatalf("%s: GroupLayout() = %q, want %q", what, s.GroupLayout(), name)
	}
	if text := l.Text(); !strings.Contains(text, "\nlayout: "+name+": ") {
		t.Fatalf("%s: the text does not say the group layout %q:\n%s", what, name, text)
	}
	svg := l.SVG()
	checkSVG(t, svg, what)
	if !strings.Contains(svg, "layout: "+name) {
		t.Fatalf("%s: the SVG does not say the group layout %q", what, name)
	}

	entries, err := inspect.Entries(m)
	if err != nil {
		t.Fatalf("%s: Entries: %v", what, err)
	}
	if len(entries) != n {
		t.Fatalf("%s: Entries read %d slots", what, len(entries))
	}
	for _, e := range entries {
		v, ok := wantElem[e.Key]
		if !ok {
			t.Fatalf("%s: the slot at %v holds key %v, which was never inserted", what, e.Loc, e.Key)
		}
		if e.Elem != v {
			t.Fatalf("%s: the slot at %v holds key %v with value %v; %v was inserted", what, e.Loc, e.Key, e.Elem, v)
		}
		delete(wantElem, e.Key)
	}
	checkPlacement(t, m, what)
}

// Keys and values sit where the map type says, in both group layouts: the
// types below have keys and values of different sizes and alignments, so
// reading a split group as interleaved (or the reverse) reads the wrong
// bytes.
func TestGroupLayout(t *testing.T) {
	split := splitRuntime()
	type big [200]byte  // stored behind a pointer
	type huge [150]int8 // stored behind a pointer
	bigKey := func(i int) big { var k big; k[0], k[1], k[199] = byte(i), byte(i>>8), 9; return k }
	for _, n := range []int{5, 8, 9, 100, 1500} {
		checkGroupLayout(t, groupGeometry[int64, int8](split), n,
			func(i int) int64 { return int64(i)*0x1000001 - 7 }, func(i int) int8 { return int8(i % 101) })
		checkGroupLayout(t, groupGeometry[int32, int64](split), n,
			func(i int) int32 { return int32(i)*3 + 1 }, func(i int) int64 { return -int64(i) << 33 })
		checkGroupLayout(t, groupGeometry[int8, uint16](split), min(n, 256),
			func(i int) int8 { return int8(i) }, func(i int) uint16 { return uint16(i * 257) })
		checkGroupLayout(t, groupGeometry[int64, struct{}](split), n,
			func(i int) int64 { return int64(i) }, func(int) struct{} { return struct{}{} })
		checkGroupLayout(t, groupGeometry[string, [3]byte](split), n,
			func(i int) string { return fmt.Sprint("k", i) }, func(i int) [3]byte { return [3]byte{byte(i), 1, byte(i >> 8)} })
		checkGroupLayout(t, groupGeometry[*big, int16](split), n,
			bigKey, func(i int) int16 { return int16(-i) })
		checkGroupLayout(t, groupGeometry[int16, *huge](split), min(n, 1<<15),
			func(i int) int16 { return int16(i) }, func(i int) huge { var v huge; v[0], v[149] = int8(i), int8(i>>8); return v })
	}

	// The group of a map[int64]int8 on each layout: 8 slots of 16 bytes
	// (the int8 padded to 8) after the control word, or 8 keys of 8 bytes
	// and 8 values of 1 byte.
	l := mustInspect(t, map[int64]int8{1: 1})
	want := 8 + 8*16
	if split {
		want = 8 + 8*8 + 8*1
	}
	if l.Swiss.GroupSize != want {
		t.Fatalf("map[int64]int8 (split %v): a group of %d bytes, want %d", split, l.Swiss.GroupSize, want)
	}
}
