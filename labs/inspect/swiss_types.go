// The Swiss map type of Go 1.25 (default) and Go 1.26: a group is the control
// word then 8 interleaved key/value slots, and the type gives the slot size
// and the value's offset in a slot. Go 1.27 replaced both fields (see
// swiss_types_go127.go).

//go:build (goexperiment.swissmap || go1.26) && !go1.27

package inspect

import "unsafe"

// knownVersions are the releases whose Swiss layout this build mirrors: the
// map type below and Map, table and groupsReference of internal/runtime/maps
// (map.go, table.go, group.go), the same in both.
var knownVersions = []string{"go1.25", "go1.26"}

// swissMapType mirrors internal/abi.MapType (Go 1.26), named SwissMapType in
// Go 1.25 (internal/abi/map_swiss.go).
type swissMapType struct {
	rtType
	key, elem, group *rtType
	hasher           func(unsafe.Pointer, uintptr) uintptr
	groupSize        uintptr
	slotSize         uintptr // size of a key/value slot
	elemOff          uintptr // offset of the value in a slot
	flags            uint32
}

// geometry says where key i and value i sit in a group, as
// groupReference.key and .elem compute them (internal/runtime/maps/group.go):
// groupSlotsOffset (8, the control word) + i*SlotSize, plus ElemOff for the
// value.
func (mt *swissMapType) geometry() groupGeometry {
	return groupGeometry{
		keysOff:    ctrlWordSize,
		keyStride:  mt.slotSize,
		elemsOff:   ctrlWordSize + mt.elemOff,
		elemStride: mt.slotSize,
		elemOff:    mt.elemOff,
	}
}
