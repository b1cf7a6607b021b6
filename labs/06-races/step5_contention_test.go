package races

import (
	"fmt"
	"testing"
)

// Step 5: every operation locks its key's shard, and no other one.

func init() {
	workloads["sharded"] = shardedWorkload
}

// shardedWorkload: 8 goroutines Set, Get and Delete keys of their own, and
// Set 10 shared keys, while calling Len.
func shardedWorkload() error {
	const goroutines, keys = 8, 1000
	m := NewSharded[int](4)
	own := make([][]string, goroutines)
	for g := range own {
		own[g] = keyNames(fmt.Sprintf("g%d-", g), keys)
	}
	shared := keyNames("shared-", 10)
	err := together(goroutines, keys, func(g, i int) error {
		j := i % keys
		k := own[g][j]
		m.Set(k, j)
		if v, ok := m.Get(k); !ok || v != j {
			return fmt.Errorf("Set(%q, %d) then Get(%q) = %d, %v; want %d, true", k, j, k, v, ok, j)
		}
		if j%2 == 1 {
			m.Delete(k)
		}
		m.Set(shared[j%10], g)
		if n := m.Len(); n < 0 || n > goroutines*keys+10 {
			return fmt.Errorf("Len() = %d while the writers worked; want between 0 and %d", n, goroutines*keys+10)
		}
		return nil
	})
	if err != nil {
		return err
	}
	if n := m.Len(); n != goroutines*keys/2+10 {
		return fmt.Errorf("after %d goroutines each Set %d keys and deleted half, and Set 10 shared keys, Len() = %d; want %d", goroutines, keys, n, goroutines*keys/2+10)
	}
	return nil
}

// needStep4 stops a step 5 test before it sets itself up when step 4 is still
// a stub: "step 4 is not written yet: ...". The step 5 tests need keys spread
// over the shards and a map that keeps what it is given; without them, they
// would blame the locks for what step 4 does not do yet.
func needStep4(t *testing.T) {
	t.Helper()
	const shards, keys = 8, 100
	m := NewSharded[int](shards)
	seen := map[int]bool{}
	for i := range keys {
		key := fmt.Sprintf("key-%d", i)
		s := m.shardFor(key)
		if s < 0 || s >= shards {
			t.Fatalf("step 4 is not written yet: shardFor(%q) = %d on a map of %d shards; want a shard index from 0 to %d", key, s, shards, shards-1)
		}
		seen[s] = true
	}
	if len(seen) == 1 {
		t.Fatalf("step 4 is not written yet: shardFor gave %d keys the same shard; want them spread over the %d shards", keys, shards)
	}
	var v, n int
	var ok bool
	do(t, `Set("a", 1), then Get("a") and Len()`, func() { m.Set("a", 1); v, ok = m.Get("a"); n = m.Len() })
	if !ok || v != 1 {
		t.Fatalf("step 4 is not written yet: Set(\"a\", 1) then Get(\"a\") = %d, %v; want 1, true", v, ok)
	}
	if n != 1 {
		t.Fatalf("step 4 is not written yet: after Set(\"a\", 1) on an empty map, Len() = %d; want 1", n)
	}
	do(t, `Delete("a"), then Get("a")`, func() { m.Delete("a"); v, ok = m.Get("a") })
	if ok {
		t.Fatalf("step 4 is not written yet: Delete(\"a\") then Get(\"a\") = %d, true; want 0, false", v)
	}
}

func TestStep5ShardedConcurrentUse(t *testing.T) {
	needStep4(t)
	const advice = "lock the key's shard around every use of its map: s.mu.Lock to write, s.mu.RLock to read"
	inChild(t, "sharded", "the sharded map", "8 goroutines called Set, Get, Delete and Len at once", advice)

	// A race crashes the child most of the time; a missing lock is caught
	// every time.
	m := NewSharded[int](8)
	key := keyIn(t, m, true)
	s := &m.shards[0]
	s.mu.Lock()
	o := start(fmt.Sprintf("Set(%q, 1)", key), func() { m.Set(key, 1) })
	mustWait(t, o, fmt.Sprintf("another goroutine held the lock of shard 0, %q's shard", key), advice)
	s.mu.Unlock()
	await(t, o)
}

// keyIn returns a key of shard 0, or with inShard0 false, a key of another
// shard.
func keyIn(t *testing.T, m *Sharded[int], inShard0 bool) string {
	t.Helper()
	for i := range 1000 {
		key := fmt.Sprintf("key-%d", i)
		if (m.shardFor(key) == 0) == inShard0 {
			return key
		}
	}
	t.Fatalf("step 4 is not written yet: shardFor gave 1000 keys the same shard")
	return ""
}

func TestStep5SameShardWaits(t *testing.T) {
	needStep4(t)
	m := NewSharded[int](8)
	key := keyIn(t, m, true)
	m.shards[0].m[key] = 1
	s := &m.shards[0]

	s.mu.Lock()
	calls := []struct {
		name string
		f    func()
	}{
		{fmt.Sprintf("Set(%q, 2)", key), func() { m.Set(key, 2) }},
		{fmt.Sprintf("Get(%q)", key), func() { m.Get(key) }},
		{fmt.Sprintf("Delete(%q)", key), func() { m.Delete(key) }},
		{"Len()", func() { m.Len() }},
	}
	// One call at a time, each started once the one before is waiting (or has
	// returned): calls that do not lock yet would otherwise use shard 0's map
	// at the same moment, and the runtime could stop the tests with a fatal
	// error instead of this message.
	var ops []*op
	for _, call := range calls {
		o := start(call.name, call.f)
		mustWait(t, o, fmt.Sprintf("another goroutine held the lock of shard 0, %q's shard", key),
			"lock the key's shard (s.mu) before using its map; Len locks every shard in turn")
		ops = append(ops, o)
	}
	s.mu.Unlock()
	await(t, ops...)

	s.mu.RLock()
	reader := start(fmt.Sprintf("Get(%q)", key), func() { m.Get(key) })
	mustNotWait(t, reader, "another goroutine held shard 0 read-locked",
		"Get only reads, so it can share its shard's lock with other readers: s.mu.RLock, not Lock")
	writer := start(fmt.Sprintf("Set(%q, 3)", key), func() { m.Set(key, 3) })
	mustWait(t, writer, "another goroutine held shard 0 read-locked",
		"Set writes, so it must hold its shard's lock alone: s.mu.Lock, not RLock")
	s.mu.RUnlock()
	await(t, reader, writer)
}

func TestStep5OtherShardsDoNotWait(t *testing.T) {
	needStep4(t)
	m := NewSharded[int](8)
	key := keyIn(t, m, false)
	s := &m.shards[0]

	s.mu.Lock()
	defer s.mu.Unlock()
	while := fmt.Sprintf("another goroutine held the lock of shard 0, and %q is in shard %d", key, m.shardFor(key))
	const advice = "an operation locks its key's shard and no other one: only then do goroutines working on different shards not wait for each other"
	var v int
	var ok bool
	calls := []struct {
		name string
		f    func()
	}{
		{fmt.Sprintf("Set(%q, 1)", key), func() { m.Set(key, 1) }},
		{fmt.Sprintf("Get(%q)", key), func() { v, ok = m.Get(key) }},
		{fmt.Sprintf("Delete(%q)", key), func() { m.Delete(key) }},
	}
	for _, c := range calls {
		o := start(c.name, c.f)
		if r := o.settle(); r != "" {
			t.Errorf("%s waited (%s) while %s: %s", o.name, r, while, advice)
			s.mu.Unlock()
			await(t, o)
			s.mu.Lock()
		}
	}
	if !ok || v != 1 {
		t.Errorf("Set(%q, 1) then Get(%q) = %d, %v; want 1, true", key, key, v, ok)
	}
}

func TestStep5LenLocksOneShardAtATime(t *testing.T) {
	needStep4(t)
	// The test write-locks shard 4 of 8, in the middle, and calls Len, which
	// blocks when it reaches shard 4 whether it counts from the first shard
	// or from the last. Once it is blocked there, a Len that unlocks each
	// shard after counting it holds no lock at all, and every other shard
	// can be write-locked at once; a Len that holds the shards it counted
	// (a defer in the loop) keeps their writers waiting until it returns.
	const shards, locked = 8, 4
	m := NewSharded[int](shards)
	s := &m.shards[locked]
	s.mu.Lock()
	o := start("Len()", func() { m.Len() })
	mustWait(t, o, fmt.Sprintf("another goroutine held the lock of shard %d", locked),
		"Len must read-lock each shard while it counts that shard's map")
	var held []int
	for i := range m.shards {
		if i == locked {
			continue
		}
		if !m.shards[i].mu.TryLock() {
			held = append(held, i)
			continue
		}
		m.shards[i].mu.Unlock()
	}
	s.mu.Unlock()
	await(t, o)
	if len(held) > 0 {
		t.Fatalf("while Len() waited for shard %d, it still held the locks of shards %v, so writers of those shards waited for Len too: unlock each shard as soon as it is counted (s.mu.RLock(); n += len(s.m); s.mu.RUnlock() in the loop, not a defer, which runs only when Len returns)", locked, held)
	}

	// Len only reads: it shares a shard with the shard's readers.
	s.mu.RLock()
	o = start("Len()", func() { m.Len() })
	mustNotWait(t, o, fmt.Sprintf("another goroutine held shard %d read-locked", locked),
		"Len only reads, so it can share each shard's lock with other readers: s.mu.RLock, not Lock")
	s.mu.RUnlock()
	await(t, o)
}
