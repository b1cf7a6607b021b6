// The Swiss map type of Go 1.27: the type says where the keys and the values
// of a group start and how far apart they are, which fits both group layouts
// (interleaved slots by default, keys then values with
// GOEXPERIMENT=mapsplitgroup). Map, table and groupsReference are the same as
// in Go 1.26.

//go:build go1.27

package inspect

import "unsafe"

// knownVersions are the releases whose Swiss layout this build mirrors: the
// map type below and Map, table and groupsReference of internal/runtime/maps
// (map.go, table.go, group.go), with either group layout.
var knownVersions = []string{"go1.27"}

// swissMapType mirrors internal/abi.MapType (Go 1.27). The compiler
// (cmd/compile/internal/reflectdata/map.go) and reflect.MapOf fill KeysOff,
// KeyStride, ElemsOff and ElemStride for the build's group layout; ElemOff is
// the value's offset in a slot with interleaved slots and 0 with split
// groups.
type swissMapType struct {
	rtType
	key, elem, group *rtType
	hasher           func(unsafe.Pointer, uintptr) uintptr
	groupSize        uintptr
	keysOff          uintptr
	keyStride        uintptr
	elemsOff         uintptr
	elemStride       uintptr
	elemOff          uintptr
	flags            uint32
}

// geometry says where key i and value i sit in a group, as
// groupReference.key and .elem compute them (internal/runtime/maps/group.go):
// KeysOff + i*KeyStride and ElemsOff + i*ElemStride.
func (mt *swissMapType) geometry() groupGeometry {
	return groupGeometry{
		keysOff:    mt.keysOff,
		keyStride:  mt.keyStride,
		elemsOff:   mt.elemsOff,
		elemStride: mt.elemStride,
		elemOff:    mt.elemOff,
	}
}
