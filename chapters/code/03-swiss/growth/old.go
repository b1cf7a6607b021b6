//go:build !go1.26

package main

import (
	"fmt"
	"os"
)

// Before Go 1.26 the runtime's structs differ (and Go 1.24 and 1.25 may use
// the classic map): this program reads only Go 1.26's.
type swissMap struct {
	used        uint64
	dirLen      int
	globalDepth uint8
}

type swissTable struct {
	used, capacity, growthLeft uint16
	localDepth                 uint8
}

func header(map[int]int) *swissMap {
	fmt.Fprintln(os.Stderr, "growth reads the map structs of Go 1.26: run it with Go 1.26 or later")
	os.Exit(2)
	return nil
}

func (h *swissMap) tables() []*swissTable { return nil }
