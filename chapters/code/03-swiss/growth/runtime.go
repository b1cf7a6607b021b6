//go:build go1.26

package main

import "unsafe"

// swissMap mirrors internal/runtime/maps.Map of Go 1.26 (map.go).
type swissMap struct {
	used              uint64
	seed              uintptr
	dirPtr            unsafe.Pointer
	dirLen            int
	globalDepth       uint8
	globalShift       uint8
	writing           uint8
	tombstonePossible bool
	clearSeq          uint64
}

// swissTable mirrors internal/runtime/maps.table of Go 1.26 (table.go).
type swissTable struct {
	used       uint16
	capacity   uint16
	growthLeft uint16
	localDepth uint8
	index      int
	groups     struct {
		data       unsafe.Pointer
		lengthMask uint64
	}
}

// header returns the runtime's Map behind m: a map value is a pointer to it.
func header(m map[int]int) *swissMap {
	return *(**swissMap)(unsafe.Pointer(&m))
}

// tables returns the distinct tables of the directory, in order.
func (h *swissMap) tables() []*swissTable {
	dir := unsafe.Slice((**swissTable)(h.dirPtr), h.dirLen)
	var ts []*swissTable
	for i, t := range dir {
		if i == 0 || t != dir[i-1] {
			ts = append(ts, t)
		}
	}
	return ts
}
