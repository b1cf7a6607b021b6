// Profile fills maps the way a busy program does, without a size hint, so
// that a profile shows where a map's growth goes. It runs a fixed amount of
// work, not a fixed time, so every run records about as many samples.
//
// With -cpuprofile FILE it writes a CPU profile of maps filled without a
// size hint. With -memprofile FILE it records every allocation
// (runtime.MemProfileRate = 1) and writes the allocation profile, of maps
// filled with and without a hint. Read them with go tool pprof:
//
//	go run ./chapters/code/04-growth/profile -cpuprofile build/04-growth/cpu.pprof
//	go tool pprof -top -cum build/04-growth/cpu.pprof
package main

import (
	"errors"
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
)

// sink keeps each map alive until the next one replaces it, as a program
// that uses its maps would.
var sink map[int64]int64

// fillGrowing makes an empty map and inserts n keys: the map grows as it
// fills.
//
//go:noinline
func fillGrowing(n int) map[int64]int64 {
	m := map[int64]int64{}
	for i := range int64(n) {
		m[i] = i
	}
	return m
}

// fillPresized makes a map with room for n keys, then inserts them.
//
//go:noinline
func fillPresized(n int) map[int64]int64 {
	m := make(map[int64]int64, n)
	for i := range int64(n) {
		m[i] = i
	}
	return m
}

func main() {
	log.SetPrefix("profile: ")
	log.SetFlags(0)
	cpuFile := flag.String("cpuprofile", "", "write a CPU profile to `file`")
	memFile := flag.String("memprofile", "", "record every allocation and write the allocation profile to `file`")
	flag.Parse()
	if err := run(*cpuFile, *memFile); err != nil {
		log.Fatal(err)
	}
}

func run(cpuFile, memFile string) error {
	switch {
	case cpuFile != "" && memFile != "":
		return errors.New("one profile at a time: recording every allocation slows down malloc and would show in the CPU profile")
	case cpuFile != "":
		f, err := create(cpuFile)
		if err != nil {
			return err
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		for range 30 {
			sink = fillGrowing(1 << 19) // a big map: its tables split
			for range 300 {
				sink = fillGrowing(500) // small maps: one table, doubling
			}
		}
		pprof.StopCPUProfile()
		fmt.Printf("filled 30 maps of %d keys and 9000 maps of 500 keys, without a size hint\n", 1<<19)
		return closeFile(f, cpuFile)
	case memFile != "":
		// Record every allocation, with its exact size, from here on.
		runtime.MemProfileRate = 1
		// 60000 keys: with the hint, Go 1.26 makes 128 tables of 1024 slots,
		// so that no table is likely to fill up, whatever the hash seed.
		for range 10 {
			sink = fillGrowing(60_000)
			sink = fillPresized(60_000)
		}
		sink = nil
		// The profile holds the allocations as of the last completed garbage
		// collection (see runtime.MemProfile): complete one now, so that it
		// holds every map above.
		runtime.GC()
		f, err := create(memFile)
		if err != nil {
			return err
		}
		if err := pprof.Lookup("allocs").WriteTo(f, 0); err != nil {
			return err
		}
		fmt.Println("filled 10 maps of 60000 keys without a size hint, and 10 with one")
		return closeFile(f, memFile)
	}
	return errors.New("say which profile to write: -cpuprofile FILE or -memprofile FILE")
}

func create(name string) (*os.File, error) {
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return nil, err
	}
	return os.Create(name)
}

func closeFile(f *os.File, name string) error {
	if err := f.Close(); err != nil {
		return err
	}
	fmt.Println("wrote", name)
	return nil
}
