package operator

import (
	"maps"
	"sync"
)

// A Registry holds the members the operator has seen: the data of each
// member ConfigMap, by its name. The event handler writes it (Set, Delete) on
// the informer's goroutine while the reconcile workers read it (Snapshot) on
// theirs, so its methods are called from several goroutines at once.
//
// The entries of a member are never changed once set, only replaced by Set:
// a Snapshot may share them.
type Registry struct {
	mu      sync.Mutex                   // guards members
	members map[string]map[string]string // never handed out: Snapshot copies it
}

// NewRegistry returns an empty Registry.
func NewRegistry() *Registry {
	return &Registry{members: map[string]map[string]string{}}
}

// Set records that the member name has the entries entries (a copy of them:
// the caller may change its map afterwards).
func (r *Registry) Set(name string, entries map[string]string) {
	entries = maps.Clone(entries) // outside the lock: it needs none
	r.mu.Lock()
	defer r.mu.Unlock()
	r.members[name] = entries
}

// Delete forgets the member name.
func (r *Registry) Delete(name string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	delete(r.members, name)
}

// Snapshot returns the members as they are now, in a map the caller owns:
// later calls of Set and Delete do not change it. It copies the map with
// cloneMembers (clone.go), which is maps.Clone and which step 5's test
// watches.
func (r *Registry) Snapshot() map[string]map[string]string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return cloneMembers(r.members)
}
