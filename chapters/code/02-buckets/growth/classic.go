// The map header of the classic map, as in runtime/map_noswiss.go of Go 1.25.

//go:build !goexperiment.swissmap && !go1.26

package main

import "unsafe"

// hmap mirrors the runtime's hmap of Go 1.25 (runtime/map_noswiss.go).
type hmap struct {
	count      int
	flags      uint8
	B          uint8
	noverflow  uint16
	hash0      uint32
	buckets    unsafe.Pointer
	oldbuckets unsafe.Pointer
	nevacuate  uintptr
	clearSeq   uint64
	extra      unsafe.Pointer
}

// sameSizeGrow is the runtime's flag for a growth that keeps the size.
const sameSizeGrow = 8

// header returns the runtime's header of m: a map value is a pointer to it.
func header(m map[int]int) *hmap {
	return *(**hmap)(unsafe.Pointer(&m))
}

func (h *hmap) growing() bool  { return h.oldbuckets != nil }
func (h *hmap) sameSize() bool { return h.flags&sameSizeGrow != 0 }
