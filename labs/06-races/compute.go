package races

// Step 3: compute a missing value once.

// A call is one computation of GetOrCompute in flight. The goroutine that
// computes stores the result in value and then closes done; the goroutines
// that want the same key meanwhile wait for done, then read value.
type call[V any] struct {
	done  chan struct{}
	value V
}

// GetOrCompute returns the value stored under key. If there is none, it
// calls compute(key), stores the result under key and returns it.
//
// compute is slow (think of a call to an API server), so:
//
//   - for one key, compute runs at most once at a time: a goroutine that
//     asks for a key whose value is being computed waits for that
//     computation and returns its result, instead of computing it again;
//   - c.mu is not held while compute runs, so that Get, Set and
//     GetOrCompute of other keys go on meanwhile.
//
// compute must not panic, and must not call the cache's methods for key.
func (c *Cache[V]) GetOrCompute(key string, compute func(key string) V) V {
	// TODO(06): step 3. A value already in c.m is returned without calling
	// compute. Otherwise compute(key) runs once, and every goroutine that
	// asks for key meanwhile waits for that one computation and returns its
	// result: c.calls tells them it is under way. No one holds c.mu while
	// compute runs. The result is stored in c.m, and key's entry in c.calls
	// is gone once GetOrCompute returns. As shipped, every call computes,
	// and nothing is stored.
	// See chapter 06, section "Fix 1: one lock around the map" (a decision
	// and its action hold it together).
	// stuck: go run ./tools/lab hint 06
	return compute(key)
}
