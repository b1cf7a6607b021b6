// Heads grows maps three ways, through an assignment, through maps.Clone and
// through json.Unmarshal, records every allocation (runtime.MemProfileRate =
// 1) and writes the heap profile, so that go tool pprof can show which frame
// heads each allocating stack once runtime/pprof has dropped the runtime's
// frames:
//
//	go run ./chapters/code/04-growth/heads -memprofile build/04-growth/heads.pprof
//	go tool pprof -top -focus ^main\.grow build/04-growth/heads.pprof
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"strconv"
	"strings"
)

// The maps stay reachable until the profile is written.
var (
	assigned map[int]int
	cloned   map[int]int
	decoded  map[string]int
)

// growAssign fills an empty map with n keys by plain assignment.
//
//go:noinline
func growAssign(n int) map[int]int {
	m := map[int]int{}
	for i := range n {
		m[i] = i
	}
	return m
}

// growClone copies m with maps.Clone.
//
//go:noinline
func growClone(m map[int]int) map[int]int {
	return maps.Clone(m)
}

// growJSON decodes a JSON object into a map that starts nil.
//
//go:noinline
func growJSON(data []byte) (map[string]int, error) {
	var m map[string]int
	err := json.Unmarshal(data, &m)
	return m, err
}

// object returns a JSON object of n members, "k0":0, "k1":1 and so on.
func object(n int) []byte {
	var b strings.Builder
	b.WriteByte('{')
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`"k` + strconv.Itoa(i) + `":` + strconv.Itoa(i))
	}
	b.WriteByte('}')
	return []byte(b.String())
}

func main() {
	log.SetPrefix("heads: ")
	log.SetFlags(0)
	memFile := flag.String("memprofile", "build/04-growth/heads.pprof", "write the heap profile to `file`")
	flag.Parse()
	runtime.MemProfileRate = 1 // record every allocation, before any map is made
	if err := run(*memFile); err != nil {
		log.Fatal(err)
	}
}

func run(memFile string) error {
	const n = 10000
	data := object(n)
	assigned = growAssign(n)
	cloned = growClone(assigned)
	var err error
	if decoded, err = growJSON(data); err != nil {
		return err
	}
	fmt.Printf("assigned %d keys, cloned a map of %d, decoded a JSON object of %d members\n",
		len(assigned), len(cloned), len(decoded))

	// A heap profile may be up to two collections old (runtime.MemProfile):
	// collect first, so that it holds every allocation above.
	runtime.GC()
	if err := os.MkdirAll(filepath.Dir(memFile), 0o755); err != nil {
		return err
	}
	f, err := os.Create(memFile)
	if err != nil {
		return err
	}
	if err := pprof.Lookup("allocs").WriteTo(f, 0); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	fmt.Println("wrote", memFile)
	return nil
}
