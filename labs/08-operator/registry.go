package operator

import "maps"

// A Registry holds the members the operator has seen: the data of each
// member ConfigMap, by its name. The event handler writes it (Set, Delete) on
// the informer's goroutine while the reconcile workers read it (Snapshot) on
// theirs, so its methods are called from several goroutines at once.
//
// The entries of a member are never changed once set, only replaced by Set:
// a Snapshot may share them.
type Registry struct {
	// TODO(08): step 5. Set, Delete and Snapshot may be called from several
	// goroutines at once, and no two of them may use members at the same
	// time. As shipped, nothing orders them: a data race. In the operator,
	// the handler writes members while a worker's Snapshot copies it, and
	// the runtime may stop the process with "fatal error: concurrent map
	// clone and map write" (two writers would give "concurrent map writes").
	// Snapshot's copy is a use of members too, until cloneMembers returns.
	// See chapter 08, section "Bug 1: the shared map".
	// stuck: go run ./tools/lab hint 08
	members map[string]map[string]string
}

// NewRegistry returns an empty Registry.
func NewRegistry() *Registry {
	return &Registry{members: map[string]map[string]string{}}
}

// Set records that the member name has the entries entries (a copy of them:
// the caller may change its map afterwards).
func (r *Registry) Set(name string, entries map[string]string) {
	r.members[name] = maps.Clone(entries)
}

// Delete forgets the member name.
func (r *Registry) Delete(name string) {
	delete(r.members, name)
}

// Snapshot returns the members as they are now, in a map the caller owns:
// later calls of Set and Delete do not change it. It copies the map with
// cloneMembers (clone.go), which is maps.Clone and which step 5's test
// watches.
func (r *Registry) Snapshot() map[string]map[string]string {
	return cloneMembers(r.members)
}
