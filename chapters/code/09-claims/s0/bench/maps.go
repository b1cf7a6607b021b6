// Package bench runs the comparisons of post S0's sections 2.4 and 2.5 as closely as the post
// describes them: a map of Pod phases behind a sync.Mutex or a sync.RWMutex, a sync.Map, and a
// sharded map, driven by many goroutines at once. The post gives no code for them; these are
// the smallest versions of what it describes.
package bench

import (
	"hash/maphash"
	"sync"
)

// Store is a map of Pod phases by "namespace/name" that many goroutines use at once.
type Store interface {
	Get(key string) (string, bool)
	Set(key, phase string)
}

// MutexMap is a map behind one sync.Mutex.
type MutexMap struct {
	mu sync.Mutex
	m  map[string]string
}

func NewMutexMap() *MutexMap { return &MutexMap{m: map[string]string{}} }

func (s *MutexMap) Get(key string) (string, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	v, ok := s.m[key]
	return v, ok
}

func (s *MutexMap) Set(key, phase string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.m[key] = phase
}

// RWMutexMap is a map behind one sync.RWMutex: readers share it.
type RWMutexMap struct {
	mu sync.RWMutex
	m  map[string]string
}

func NewRWMutexMap() *RWMutexMap { return &RWMutexMap{m: map[string]string{}} }

func (s *RWMutexMap) Get(key string) (string, bool) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	v, ok := s.m[key]
	return v, ok
}

func (s *RWMutexMap) Set(key, phase string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.m[key] = phase
}

// SyncMap is a sync.Map.
type SyncMap struct{ m sync.Map }

func NewSyncMap() *SyncMap { return &SyncMap{} }

func (s *SyncMap) Get(key string) (string, bool) {
	v, ok := s.m.Load(key)
	if !ok {
		return "", false
	}
	return v.(string), true
}

func (s *SyncMap) Set(key, phase string) { s.m.Store(key, phase) }

// Sharded is a map split into shards, each a map behind its own sync.RWMutex: a key's hash
// picks its shard, and an operation locks that shard only.
type Sharded struct {
	seed   maphash.Seed
	shards []shard
}

type shard struct {
	mu sync.RWMutex
	m  map[string]string
	_  [64 - 32]byte // a cache line per shard: neighbouring locks do not share one
}

// NewSharded returns a sharded map of n shards, n a power of two.
func NewSharded(n int) *Sharded {
	if n <= 0 || n&(n-1) != 0 {
		panic("NewSharded: the number of shards must be a power of two")
	}
	s := &Sharded{seed: maphash.MakeSeed(), shards: make([]shard, n)}
	for i := range s.shards {
		s.shards[i].m = map[string]string{}
	}
	return s
}

// shardOf returns the index of key's shard.
func (s *Sharded) shardOf(key string) int {
	return int(maphash.String(s.seed, key) & uint64(len(s.shards)-1))
}

func (s *Sharded) Get(key string) (string, bool) {
	sh := &s.shards[s.shardOf(key)]
	sh.mu.RLock()
	defer sh.mu.RUnlock()
	v, ok := sh.m[key]
	return v, ok
}

func (s *Sharded) Set(key, phase string) {
	sh := &s.shards[s.shardOf(key)]
	sh.mu.Lock()
	defer sh.mu.Unlock()
	sh.m[key] = phase
}
