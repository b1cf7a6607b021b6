// Go 1.24 and 1.25 build Swiss tables unless GOEXPERIMENT=noswissmap is set,
// and Go 1.26 has only Swiss tables: there is no hmap to read.

//go:build goexperiment.swissmap || go1.26

package main

import (
	"fmt"
	"os"
)

type hmap struct {
	count     int
	B         uint8
	noverflow uint16
	nevacuate uintptr
}

func header(map[int]int) *hmap {
	fmt.Fprintln(os.Stderr, "growth reads the classic map's header: run it with GOTOOLCHAIN=go1.25.5 GOEXPERIMENT=noswissmap")
	os.Exit(2)
	return nil
}

func (h *hmap) growing() bool  { return false }
func (h *hmap) sameSize() bool { return false }
