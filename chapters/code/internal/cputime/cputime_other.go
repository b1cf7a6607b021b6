//go:build !unix

package cputime

// Now returns -1: this system has no getrusage, so benchmarks report wall-clock time only.
func Now() int64 { return -1 }
