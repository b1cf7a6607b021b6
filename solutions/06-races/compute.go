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
	c.mu.Lock()
	if v, ok := c.m[key]; ok {
		c.mu.Unlock()
		return v
	}
	if cl, ok := c.calls[key]; ok {
		c.mu.Unlock()
		<-cl.done // closed after cl.value is set: reading it is safe
		return cl.value
	}
	cl := &call[V]{done: make(chan struct{})}
	c.calls[key] = cl
	c.mu.Unlock()

	cl.value = compute(key)

	c.mu.Lock()
	c.m[key] = cl.value
	delete(c.calls, key)
	c.mu.Unlock()
	close(cl.done)
	return cl.value
}
