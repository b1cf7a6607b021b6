package operator

// WatchClones makes cloneMembers (clone.go) call f on every copy, on the
// copying goroutine, once the copy has begun and before maps.Clone reads the
// map, until stop is called. Step 5's test uses it to write the map in the
// middle of a Snapshot's copy.
func WatchClones(f func()) (stop func()) {
	cloneWatch.Store(&f)
	return func() { cloneWatch.Store(nil) }
}
