//go:build !unix

package main

import (
	"errors"
	"sync/atomic"
)

// errNoSharedClock says why this system cannot run the measurement.
var errNoSharedClock = errors.New("the writers clock the crash into a file mapped into memory (mmap), which this program does only on Unix systems: run it on Linux or macOS")

func mapClock(int) (*atomic.Int64, error) { return nil, errNoSharedClock }
