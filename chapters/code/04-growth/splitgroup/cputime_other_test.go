//go:build !unix

package main

// cpuTime returns -1: this system has no getrusage, so the benchmarks
// report wall-clock time only.
func cpuTime() int64 { return -1 }
