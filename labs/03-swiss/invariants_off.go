//go:build !invariants

package swiss

// checkInvariants does nothing in a normal build: the checker lives in
// invariants.go, built with -tags invariants.
func (m *Map[K, V]) checkInvariants(hash uint64) {}
