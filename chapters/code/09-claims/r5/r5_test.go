// Package r5 holds the tests of reference R5, Dave Cheney's “If a map isn't a reference
// variable, what is it?” (2017), one test per claim that can be checked, named by its ID. They
// run on every lane: on the classic lane they show what was true in the post's days, on the 1.27
// lanes what is true now. Rows and rulings are in chapters/code/09-claims/r5.go.
package r5

//course:every-lane it reads the map runtime's header through the inspector and compiles with each lane's compiler

import (
	"reflect"
	"runtime"
	"strings"
	"testing"
	"unsafe"

	claims "gomaps/chapters/code/09-claims"
	"gomaps/chapters/code/09-claims/check"
	"gomaps/chapters/code/09-claims/check/inspector"
)

// replace assigns a new map to its parameter; add writes into the map it is given.
func replace(m map[string]int) { m = map[string]int{"new": 1}; _ = m }
func add(m map[string]int)     { m["added"] = 1 }

func TestR5_01_MapsArePassedByValue(t *testing.T) {
	m := map[string]int{"a": 1}
	replace(m)
	if _, ok := m["new"]; ok || len(m) != 1 {
		t.Errorf("after a function assigned a new map to its parameter the caller's map is %v; want it unchanged", m)
	}
	add(m)
	if m["added"] != 1 {
		t.Error("the caller does not see what the function wrote into the map")
	}
	var a map[string]int
	b := a
	b = map[string]int{"b": 1}
	if a != nil || &a == &b || len(b) != 1 {
		t.Errorf("b := a, then a new map in b: a = %v; want a still nil, two variables", a)
	}
}

func TestR5_02_APointerToAnHmapOnlyOnTheClassicMap(t *testing.T) {
	m := map[int]int{}
	for k := range 100 {
		m[k] = k
	}
	// The map value is one pointer, to a header whose first word is the count len reads.
	header := *(*unsafe.Pointer)(unsafe.Pointer(&m))
	if header == nil || *(*int)(header) != len(m) {
		t.Fatalf("the word of a map value does not point to a header counting %d entries", len(m))
	}
	check.Has(t, claims.Go125, check.NoSwiss, `^type hmap struct`)
	check.Lacks(t, claims.Go127, "src/runtime", `^type hmap struct`)
	check.Has(t, claims.Go127, check.Swiss+"/map.go", `^type Map struct`)
	l := inspector.Layout(t, m)
	if inspector.Classic() {
		if l.Classic == nil || l.Classic.Count != len(m) {
			t.Error("classic lane: want an hmap counting the entries")
		}
		return
	}
	if l.Classic != nil || l.Swiss == nil || l.Swiss.Used != uint64(len(m)) {
		t.Error("Swiss lane: want a maps.Map counting the entries, and no hmap")
	}
}

// assembly returns the compiler's listing of testdata/makes, compiled by this lane's toolchain,
// function by function.
func assembly(t *testing.T) map[string]string {
	t.Helper()
	out := check.Assembly(t, "chapters/code/09-claims/r5/testdata/makes/main.go")
	funcs := map[string]string{}
	name := ""
	for _, line := range strings.Split(out, "\n") {
		if f := strings.Fields(line); len(f) > 1 && f[1] == "STEXT" {
			name = strings.TrimPrefix(f[0], "main.")
		}
		if name != "" {
			funcs[name] += line + "\n"
		}
	}
	return funcs
}

func calls(asm, fn string) bool {
	return strings.Contains(asm, "CALL\truntime."+fn+"(SB)") || strings.Contains(asm, "CALL runtime."+fn+"(SB)")
}

func TestR5_03_MakeCallsMakemapSmall(t *testing.T) {
	funcs := assembly(t)
	for fn, want := range map[string]string{"escapes": "makemap_small", "hinted": "makemap"} {
		if !calls(funcs[fn], want) {
			t.Errorf("%s: no CALL runtime.%s:\n%s", fn, want, funcs[fn])
		}
	}
	if calls(funcs["escapes"], "makemap") {
		t.Error("make(map[int]int) that escapes calls runtime.makemap")
	}
	local := funcs["local"]
	if local == "" {
		t.Fatal("no function local in the listing")
	}
	for _, fn := range []string{"makemap", "makemap_small", "makemap64"} {
		if calls(local, fn) {
			t.Errorf("m := make(map[int]int) in a function it does not leave calls runtime.%s", fn)
		}
	}
}

func TestR5_04_MakemapSignature(t *testing.T) {
	check.Has(t, claims.Go125, check.NoSwiss, `^func makemap\(t \*maptype, hint int, h \*hmap\) \*hmap \{`)
	check.Has(t, claims.Go127, "src/runtime/map.go", `^func makemap\(t \*abi.MapType, hint int, m \*maps.Map\) \*maps.Map \{`)
	for _, at := range []string{claims.Go125, claims.Go126, claims.Go127} {
		check.Lacks(t, at, "src/runtime", `^func makemap\(.*bucket unsafe\.Pointer`)
		check.Lacks(t, at, "src/runtime", `^func makemap\(.*hint int64, h`)
	}
}

var sink int

func TestR5_05_ASmallLocalMapAllocatesNothing(t *testing.T) {
	for n := 1; n <= 9; n++ {
		allocs := testing.AllocsPerRun(100, func() {
			m := make(map[int]int)
			for k := range n {
				m[k] = k
			}
			sink += len(m)
		})
		switch {
		case n <= 8 && allocs != 0:
			t.Errorf("a local map with %d entries: %v allocations; want 0 (header and first %s on the stack)", n, allocs, map[bool]string{true: "bucket", false: "group"}[inspector.Classic()])
		case n == 9 && allocs == 0:
			t.Error("a local map with 9 entries allocates nothing; want the 9th entry to allocate")
		}
	}
}

func TestR5_06_AMapValueIsOneWord(t *testing.T) {
	var m map[int]int
	var p uintptr
	if unsafe.Sizeof(m) != unsafe.Sizeof(p) || unsafe.Sizeof(m) != unsafe.Sizeof(unsafe.Pointer(nil)) {
		t.Errorf("a map value is %d bytes, a uintptr %d", unsafe.Sizeof(m), unsafe.Sizeof(p))
	}
	if (runtime.GOARCH == "amd64" || runtime.GOARCH == "arm64") && unsafe.Sizeof(m) != 8 {
		t.Errorf("on %s a map value is %d bytes; the post prints 8 on linux/amd64", runtime.GOARCH, unsafe.Sizeof(m))
	}
	if k := reflect.TypeOf(m).Kind(); k != reflect.Map {
		t.Errorf("reflect says a map value is of kind %v; want Map", k)
	}
}

func TestR5_07_MakeReturnsAMapNotAPointer(t *testing.T) {
	m := make(map[int]int)
	if reflect.TypeOf(m) != reflect.TypeFor[map[int]int]() {
		t.Errorf("make(map[int]int) is a %v", reflect.TypeOf(m))
	}
	p := new(map[int]int)
	if reflect.TypeOf(p).Kind() != reflect.Pointer || reflect.TypeOf(p).Elem() != reflect.TypeOf(m) || *p != nil {
		t.Errorf("new(map[int]int) is a %v pointing at %v; want a *map[int]int pointing at a nil map", reflect.TypeOf(p), *p)
	}
	*p = m
	(*p)[1] = 1
	if m[1] != 1 {
		t.Error("a write through a *map[int]int is not seen in the map it points at")
	}
}
