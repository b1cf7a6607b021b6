//go:build unix

package main

import (
	"sync/atomic"
	"syscall"
	"unsafe"
)

// errNoSharedClock is nil: this system maps files into memory.
var errNoSharedClock error

// mapClock maps the first 8 bytes of the file open as fd into this process's memory, shared with
// every process that has the file open: the clock the writers store into.
func mapClock(fd int) (*atomic.Int64, error) {
	mem, err := syscall.Mmap(fd, 0, 8, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_SHARED)
	if err != nil {
		return nil, err
	}
	return (*atomic.Int64)(unsafe.Pointer(&mem[0])), nil // a page's start: aligned
}
