//go:build unix

package maptest

import (
	"fmt"
	"os"
	"runtime/debug"
	"syscall"
	"testing"
	"unsafe"
)

// StringsAtPageEdges checks that a string hash reads no byte outside its
// string: it hashes strings of 0 to 64 bytes that end at the end of a page of
// memory whose next page may not be read, and strings that start at the
// start of a page whose previous page may not be read. A read past the end,
// or before the start, faults there: the check reports it as a failure, not
// a crash (runtime/debug.SetPanicOnFault). A string of the heap usually has
// readable bytes after it, so a hash that reads 16 bytes from the start of
// a short string seems to work, until a string ends where its memory does.
// Each hash must also be the hash of the same bytes elsewhere in memory.
func StringsAtPageEdges(t *testing.T, hn HashName, hashString func(seed uint64, s string) uint64) {
	t.Helper()
	page := os.Getpagesize()
	mem, err := syscall.Mmap(-1, 0, 3*page, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Fatalf("mmap of 3 pages: %v", err)
	}
	defer syscall.Munmap(mem)
	for _, guard := range [][]byte{mem[:page], mem[2*page:]} {
		if err := syscall.Mprotect(guard, syscall.PROT_NONE); err != nil {
			t.Fatalf("mprotect: %v", err)
		}
	}
	mid := mem[page : 2*page]
	for i := range mid {
		mid[i] = byte(i*131 + 7)
	}
	const seed = 0x5eed
	for n := range 65 {
		for _, at := range []struct {
			where string
			b     []byte
		}{
			{"ends where the memory mapped for it ends", mid[page-n:]},
			{"starts where the memory mapped for it starts", mid[:n]},
		} {
			s := unsafe.String(unsafe.SliceData(at.b), n)
			h, fault := hashGuarded(hashString, seed, s)
			if fault != "" {
				t.Fatalf("%s faulted on a string of %d byte%s that %s: it read a byte outside the string (%s); "+
					"read only the string's bytes: below 16, two words that may overlap, or three bytes", hn.Func, n, map[bool]string{true: "", false: "s"}[n == 1], at.where, fault)
			}
			if want := hashString(seed, string(at.b)); h != want {
				t.Fatalf("%s(%#x, %q) = %#x where the string %s, and %#x for the same bytes elsewhere: the hash must depend on the bytes only", hn.Func, seed, at.b, h, at.where, want)
			}
		}
	}
}

// hashGuarded returns hashString(seed, s), or what a fault of it said.
func hashGuarded(hashString func(seed uint64, s string) uint64, seed uint64, s string) (h uint64, fault string) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			fault = fmt.Sprint(r)
		}
	}()
	return hashString(seed, s), ""
}
