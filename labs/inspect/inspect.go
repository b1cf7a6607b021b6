package inspect

import (
	"errors"
	"fmt"
	"reflect"
	"runtime"
	"strings"
	"unsafe"
)

// rtType mirrors internal/abi.Type, the header of every type descriptor; it
// is the same in Go 1.25, Go 1.26 and Go 1.27.
type rtType struct {
	size       uintptr
	ptrBytes   uintptr
	hash       uint32
	tflag      uint8
	align      uint8
	fieldAlign uint8
	kind       uint8
	equal      func(unsafe.Pointer, unsafe.Pointer) bool
	gcdata     *byte
	str        int32
	ptrToThis  int32
}

// visitFunc is called for each full slot with its location and pointers to
// its key and value (already followed when stored indirectly).
type visitFunc func(loc Location, key, elem unsafe.Pointer)

// follow returns the key and value whose fields in a slot are at k and e:
// the fields themselves, or where they point for a key or value the map
// stores indirectly.
func (l *Layout) follow(k, e unsafe.Pointer) (unsafe.Pointer, unsafe.Pointer) {
	if l.IndirectKey {
		k = *(*unsafe.Pointer)(k)
	}
	if l.IndirectElem {
		e = *(*unsafe.Pointer)(e)
	}
	return k, e
}

// runtimeVersion and runtimeArch are variables so that a test can pretend to
// run on another runtime.
var (
	runtimeVersion = runtime.Version
	runtimeArch    = runtime.GOARCH
)

// allKnown names every release the package knows, whatever the build (each
// build knows only knownVersions: the structures of its own toolchain).
const allKnown = "the package as a whole knows Go 1.25 to Go 1.27"

// checkRuntime returns nil if this build knows the map layout of the runtime
// whose runtime.Version() is version on GOARCH arch, and a one-sentence error
// otherwise.
func checkRuntime(version, arch string) error {
	// The linker appends the experiments that differ from the release's
	// defaults after a space on Go 1.25 ("go1.25.N X:noswissmap"), after a
	// dash since Go 1.26 ("go1.27.N-X:mapsplitgroup"); HasPrefix below takes
	// both.
	release, _, _ := strings.Cut(version, " ")
	known := false
	for _, k := range knownVersions {
		if strings.HasPrefix(release, k+".") {
			known = true
		}
	}
	if known && unsafe.Sizeof(uintptr(0)) == 8 && arch != "wasm" {
		return nil
	}
	return fmt.Errorf("inspect: this program runs on %s (%s), whose %s layout this package does not know (built with this toolchain it knows %s.x on 64-bit platforms; %s), so it reads nothing",
		version, arch, buildKind, strings.Join(knownVersions, ".x and "), allKnown)
}

// Build returns the map implementation this program was built with: Swiss
// on Go 1.27, Go 1.26 and on Go 1.25 by default, Classic on Go 1.25 with
// GOEXPERIMENT=noswissmap.
func Build() Kind { return buildKind }

// SplitGroups reports whether this program stores the slots of a Swiss group
// split, the 8 keys then the 8 values: true on Go 1.27 with
// GOEXPERIMENT=mapsplitgroup, false otherwise (interleaved slots, or a
// classic build).
func SplitGroups() bool { return splitGroups }

// Check returns nil if the package can read maps on this runtime, and
// otherwise the error that every other function returns.
func Check() error { return checkRuntime(runtimeVersion(), runtimeArch) }

// errNil is returned by Hash for a nil map.
var errNil = errors.New("inspect: a nil map has no seed, so there is no hash to compute")

// mapPointer returns the runtime header a map value points to.
func mapPointer[K comparable, V any](m map[K]V) unsafe.Pointer {
	return *(*unsafe.Pointer)(unsafe.Pointer(&m))
}

// typeOf returns the runtime type descriptor of x's dynamic type.
func typeOf(x any) unsafe.Pointer {
	return (*[2]unsafe.Pointer)(unsafe.Pointer(&x))[0]
}

// Inspect reads the layout of m. It does not modify m; m must not be written
// by another goroutine until Inspect returns (see the package comment).
//
// It returns an error, and reads nothing, on a runtime whose layout the
// package does not know, and when what it reads breaks an invariant of the
// layout it expects.
func Inspect[K comparable, V any](m map[K]V) (*Layout, error) {
	return read(m, nil)
}

// Entries returns every full slot of m with its key, value and location, in
// layout order (tables, groups and slots; or buckets, overflow buckets and
// slots, old array last). The location is found by reading the stored keys,
// not by hashing.
func Entries[K comparable, V any](m map[K]V) ([]Entry[K, V], error) {
	var out []Entry[K, V]
	_, err := read(m, func(loc Location, k, e unsafe.Pointer) {
		out = append(out, Entry[K, V]{Key: *(*K)(k), Elem: *(*V)(e), Loc: loc})
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Locate says where key sits in m, by comparing key with every stored key
// (so a NaN key is never found). ok is false if m does not hold key.
func Locate[K comparable, V any](m map[K]V, key K) (loc Location, ok bool, err error) {
	_, err = read(m, func(l Location, k, _ unsafe.Pointer) {
		if !ok && *(*K)(k) == key {
			loc, ok = l, true
		}
	})
	if err != nil {
		return Location{}, false, err
	}
	return loc, ok, nil
}

// Hash returns the runtime's own hash of key in m: the map type's hash
// function applied with m's seed (Map.seed, or hmap.hash0 for a classic map).
// A Swiss map puts the key in directory entry hash >> GlobalShift and probes
// from group H1(hash), marking the slot with H2(hash); a classic map puts it
// in bucket hash & (1<<B - 1) with tophash TopHash(hash).
//
// The seed changes when clear runs and when a delete empties the map.
func Hash[K comparable, V any](m map[K]V, key K) (uint64, error) {
	if err := Check(); err != nil {
		return 0, err
	}
	mp := mapPointer(m)
	if mp == nil {
		return 0, errNil
	}
	seed := mapSeed(mp)
	hasher := mapHasher(typeOf(m))
	return uint64(hasher(unsafe.Pointer(&key), uintptr(seed))), nil
}

// read is Inspect, calling visit (if not nil) for each full slot.
func read[K comparable, V any](m map[K]V, visit visitFunc) (*Layout, error) {
	if err := Check(); err != nil {
		return nil, err
	}
	// An ordinary read of the map: under -race, or with the runtime's own
	// check, a goroutine writing m now is reported here as for any read.
	var zero K
	_ = m[zero]

	var k K
	var v V
	l := &Layout{
		Kind:     buildKind,
		Version:  runtimeVersion(),
		Type:     reflect.TypeOf(m).String(),
		Len:      len(m),
		KeySize:  int(unsafe.Sizeof(k)),
		ElemSize: int(unsafe.Sizeof(v)),
	}
	mp := mapPointer(m)
	if mp == nil {
		l.Nil = true
		l.IndirectKey = l.KeySize > MaxInlineBytes
		l.IndirectElem = l.ElemSize > MaxInlineBytes
		return l, nil
	}
	if err := readMap(mp, typeOf(m), l, visit); err != nil {
		return nil, fmt.Errorf("inspect: %s: %w", l.Type, err)
	}
	return l, nil
}

// bad reports a value that breaks an invariant of the layout.
func bad(format string, args ...any) error {
	return fmt.Errorf("the map does not look like the layout this package knows: "+format, args...)
}
