// Package maptest is the one test suite that labs 02-buckets and 03-swiss
// share: both labs build a map with the same API, and every rule the
// built-in map follows is checked here, against the built-in map itself.
package maptest

import "iter"

// Map is the API that both labs export, on *Map[K, V].
type Map[K comparable, V any] interface {
	Get(key K) (V, bool)
	Put(key K, value V)
	Delete(key K)
	Len() int
	Clear()
	All() iter.Seq2[K, V]
}

// Impl gives the suite one constructor per key type it tests. Each
// constructor is New[K, V] of the lab's package.
type Impl struct {
	Int    func(hint int) Map[int64, int64]
	String func(hint int) Map[string, int]
	Float  func(hint int) Map[float64, int]
	Any    func(hint int) Map[any, int]
}

//course:every-lane its own tests run the suite on the built-in map, whose iteration order is the runtime's
