package bench

import (
	"strconv"
	"sync"
	"sync/atomic"
	"testing"

	races "gomaps/labs/06-races"
)

// The benchmark's keys: every operation picks one of them at random.
const nkeys = 1024

var (
	keys    = make([]string, nkeys)
	keysAny = make([]any, nkeys) // the same keys, already in interfaces, for sync.Map
	valsAny = make([]any, nkeys)
)

func init() {
	for i := range keys {
		keys[i] = "key-" + strconv.Itoa(i)
		keysAny[i] = keys[i]
		valsAny[i] = i
	}
}

// shared is what the benchmark does with a map: read or write key i.
type shared interface {
	get(i int) bool
	set(i int)
}

type mutexMap struct{ m *MutexMap[int] }

func (s mutexMap) get(i int) bool { _, ok := s.m.Get(keys[i]); return ok }
func (s mutexMap) set(i int)      { s.m.Set(keys[i], i) }

type rwMutexMap struct{ m *RWMutexMap[int] }

func (s rwMutexMap) get(i int) bool { _, ok := s.m.Get(keys[i]); return ok }
func (s rwMutexMap) set(i int)      { s.m.Set(keys[i], i) }

type syncMap struct{ m *sync.Map }

func (s syncMap) get(i int) bool { _, ok := s.m.Load(keysAny[i]); return ok }
func (s syncMap) set(i int)      { s.m.Store(keysAny[i], valsAny[i]) }

type shardedMap struct{ m *races.Sharded[int] }

func (s shardedMap) get(i int) bool { _, ok := s.m.Get(keys[i]); return ok }
func (s shardedMap) set(i int)      { s.m.Set(keys[i], i) }

var impls = []struct {
	name string
	make func() shared
}{
	{"mutex", func() shared { return mutexMap{NewMutexMap[int]()} }},
	{"rwmutex", func() shared { return rwMutexMap{NewRWMutexMap[int]()} }},
	{"syncmap", func() shared { return syncMap{new(sync.Map)} }},
	{"sharded", func() shared { return shardedMap{races.NewSharded[int](32)} }},
}

// The mixes: the percentage of operations that are reads; the others write
// (overwrite) an existing key.
var mixes = []int{99, 90, 50}

// seeds gives each goroutine of RunParallel its own random sequence.
var seeds atomic.Uint64

// BenchmarkMap times one operation (a read or a write of a random key) while
// GOMAXPROCS goroutines do the same on the same map (b.RunParallel).
func BenchmarkMap(b *testing.B) {
	for _, impl := range impls {
		for _, reads := range mixes {
			b.Run("impl="+impl.name+"/mix=read"+strconv.Itoa(reads), func(b *testing.B) {
				m := impl.make()
				for i := range nkeys {
					m.set(i)
				}
				b.RunParallel(func(pb *testing.PB) {
					r := xorshift(seeds.Add(1) * 0x9e3779b97f4a7c15)
					for pb.Next() {
						x := r.next()
						i := int(x % nkeys)
						if (x>>32)%100 < uint64(reads) {
							m.get(i)
						} else {
							m.set(i)
						}
					}
				})
			})
		}
	}
}

// xorshift is a small random number generator (xorshift64*), so that
// picking the operation costs the same few nanoseconds in every benchmark.
type xorshift uint64

func (r *xorshift) next() uint64 {
	x := uint64(*r)
	x ^= x >> 12
	x ^= x << 25
	x ^= x >> 27
	*r = xorshift(x)
	return x * 2685821657736338717
}
