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
	// TODO(06): step 3. Under c.mu.Lock: if key is in c.m, return its value.
	// If c.calls has a call for key, unlock, wait for <-call.done and return
	// call.value. Otherwise put a new call (with a made done channel) in
	// c.calls, and unlock. Then, without the lock, call compute. Then lock
	// again to store the value in c.m and delete the call from c.calls,
	// unlock, and close(call.done) to wake the waiters.
	return compute(key)
}
