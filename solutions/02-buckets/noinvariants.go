//go:build !invariants

package buckets

// checkInvariants does nothing unless the package is built with
// -tags invariants: see invariants.go.
func checkInvariants[K comparable, V any](m *Map[K, V]) {}
