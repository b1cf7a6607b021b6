package races

import "testing"

// Step 2: readers share c.mu with RLock; writers take it alone with Lock.

func TestStep2ReadersShareTheLock(t *testing.T) {
	for _, m := range cacheMethods {
		if m.writes {
			continue
		}
		t.Run(m.name, func(t *testing.T) {
			c := NewCache[int]()
			c.m["a"] = 1

			// A reader must wait for a writer...
			c.mu.Lock()
			o := start("c."+m.name, func() { m.call(c) })
			mustWait(t, o, "another goroutine held c.mu write-locked",
				m.name+" reads c.m without locking c.mu first")
			c.mu.Unlock()
			await(t, o)

			// ...but not for another reader.
			c.mu.RLock()
			o = start("c."+m.name, func() { m.call(c) })
			mustNotWait(t, o, "another goroutine held c.mu read-locked",
				m.name+" only reads c.m, so it can share the lock with other readers: take it with c.mu.RLock (and RUnlock), not Lock")
			c.mu.RUnlock()
			await(t, o)
		})
	}
}

func TestStep2WritersWaitForReaders(t *testing.T) {
	for _, m := range cacheMethods {
		if !m.writes {
			continue
		}
		t.Run(m.name, func(t *testing.T) {
			c := NewCache[int]()
			c.m["a"] = 1
			c.mu.RLock()
			o := start("c."+m.name, func() { m.call(c) })
			mustWait(t, o, "another goroutine held c.mu read-locked",
				m.name+" writes c.m, so it must hold c.mu alone, with c.mu.Lock: no reader may read c.m meanwhile")
			c.mu.RUnlock()
			await(t, o)
		})
	}
}
