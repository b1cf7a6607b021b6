// Package bench compares maps that many goroutines share: a map guarded by
// a sync.Mutex, a map guarded by a sync.RWMutex, sync.Map, and the sharded
// map of lab 06. Its benchmarks run with go test -bench; the program
// chapters/code/06-races/benchtable runs them and prints benchstat's table.
package bench

import "sync"

// MutexMap is a map guarded by one sync.Mutex: every operation, read or
// write, holds the lock alone.
type MutexMap[V any] struct {
	mu sync.Mutex
	m  map[string]V
}

func NewMutexMap[V any]() *MutexMap[V] {
	return &MutexMap[V]{m: map[string]V{}}
}

func (m *MutexMap[V]) Get(key string) (V, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	v, ok := m.m[key]
	return v, ok
}

func (m *MutexMap[V]) Set(key string, v V) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.m[key] = v
}

// RWMutexMap is a map guarded by one sync.RWMutex: readers share the lock
// (RLock), a writer holds it alone (Lock).
type RWMutexMap[V any] struct {
	mu sync.RWMutex
	m  map[string]V
}

func NewRWMutexMap[V any]() *RWMutexMap[V] {
	return &RWMutexMap[V]{m: map[string]V{}}
}

func (m *RWMutexMap[V]) Get(key string) (V, bool) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	v, ok := m.m[key]
	return v, ok
}

func (m *RWMutexMap[V]) Set(key string, v V) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.m[key] = v
}
