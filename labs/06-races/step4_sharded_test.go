package races

import (
	"fmt"
	"testing"
)

// Step 4: a key's shard, and the map's operations on it.

func TestStep4ShardForSpreadsKeys(t *testing.T) {
	const shards, keys = 16, 16000
	m := NewSharded[int](shards)
	if len(m.shards) != shards {
		t.Fatalf("NewSharded(%d) made %d shards; want %d", shards, len(m.shards), shards)
	}
	counts := make([]int, shards)
	for i := range keys {
		key := fmt.Sprintf("key-%d", i)
		s := m.shardFor(key)
		if s < 0 || s >= shards {
			t.Fatalf("shardFor(%q) = %d; want a shard index from 0 to %d", key, s, shards-1)
		}
		if again := m.shardFor(key); again != s {
			t.Fatalf("shardFor(%q) = %d, then %d; want the same shard every time", key, s, again)
		}
		counts[s]++
	}
	// Each shard's count is about 1000 give or take 31 (a binomial's
	// standard deviation): 500 and 1500 are 16 deviations away.
	for s, n := range counts {
		if n < keys/shards/2 || n > keys/shards*3/2 {
			t.Fatalf("shardFor put %d of %d keys in shard %d (counts per shard: %v); want about %d in each, between %d and %d: hash the key with maphash.String(m.seed, key) and keep the low bits",
				n, keys, s, counts, keys/shards, keys/shards/2, keys/shards*3/2)
		}
	}
}

func TestStep4ShardedGetSetDelete(t *testing.T) {
	const keys = 1000
	m := NewSharded[int](8)
	do(t, "Set", func() {
		for i := range keys {
			m.Set(fmt.Sprint(i), i)
		}
	})
	var n int
	do(t, "Len()", func() { n = m.Len() })
	if n != keys {
		t.Fatalf("after Set of %d keys, Len() = %d; want %d", keys, n, keys)
	}
	for i := range keys {
		key := fmt.Sprint(i)
		var v int
		var ok bool
		do(t, fmt.Sprintf("Get(%q)", key), func() { v, ok = m.Get(key) })
		if !ok || v != i {
			t.Fatalf("after Set(%q, %d), Get(%q) = %d, %v; want %d, true", key, i, key, v, ok, i)
		}
		if _, ok := m.shards[m.shardFor(key)].m[key]; !ok {
			t.Fatalf("after Set(%q, %d), the key is not in its shard's map, m.shards[shardFor(%q)].m: store every key in the map of its shard", key, i, key)
		}
	}
	do(t, "Delete", func() {
		for i := 0; i < keys; i += 2 {
			m.Delete(fmt.Sprint(i))
		}
	})
	do(t, `Set("1", 100)`, func() { m.Set("1", 100) })
	do(t, "Len()", func() { n = m.Len() })
	if n != keys/2 {
		t.Errorf("after deleting half the keys, Len() = %d; want %d", n, keys/2)
	}
	var v1, v2 int
	var ok1, ok2 bool
	do(t, `Get("1") and Get("2")`, func() { v1, ok1 = m.Get("1"); v2, ok2 = m.Get("2") })
	if ok2 {
		t.Errorf("after Delete(\"2\"), Get(\"2\") = %d, true; want 0, false", v2)
	}
	if !ok1 || v1 != 100 {
		t.Errorf("after Set(\"1\", 100), Get(\"1\") = %d, %v; want 100, true", v1, ok1)
	}
}

func TestStep4ShardForUsesTheMapsSeed(t *testing.T) {
	// Two maps have two random seeds. With a hash of the seed and the key,
	// each key's shard in one map is independent of its shard in the other:
	// the two agree with probability 1/16 per key, so on all 32 keys with
	// probability 16^-32 = 2^-128, never in practice. A hash that ignores
	// m.seed (hash/fnv, or a seed of the package) places every key in the
	// same shard in both.
	const shards, keys = 16, 32
	a, b := NewSharded[int](shards), NewSharded[int](shards)
	if a.seed == b.seed {
		t.Fatalf("two maps made by NewSharded have the same seed; want a new maphash.MakeSeed() per map, as NewSharded is shipped")
	}
	for i := range keys {
		key := fmt.Sprintf("key-%d", i)
		if a.shardFor(key) != b.shardFor(key) {
			return
		}
	}
	t.Fatalf("shardFor put each of %d keys in the same shard of two maps with different seeds, so a client that knows the hash can choose keys that all land in one shard: hash the key with the map's own seed, maphash.String(m.seed, key)", keys)
}
