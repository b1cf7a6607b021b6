package bench

import (
	"testing"
	"time"
)

func TestS0_33_ShardedMapLocksOneShard(t *testing.T) {
	s := NewSharded(32)
	used := map[int]bool{}
	for _, k := range keys {
		used[s.shardOf(k)] = true
	}
	if len(used) != 32 {
		t.Fatalf("10000 keys fell in %d of the 32 shards", len(used))
	}
	// Hold the lock of one key's shard, as a slow writer would: a key of another shard can
	// still be written and read, and the locked shard makes its own keys wait.
	a := keys[0]
	locked := &s.shards[s.shardOf(a)]
	locked.mu.Lock()
	other := ""
	for _, k := range keys {
		if s.shardOf(k) != s.shardOf(a) {
			other = k
			break
		}
	}
	done := make(chan bool)
	go func() {
		s.Set(other, "Running")
		_, ok := s.Get(other)
		done <- ok
	}()
	select {
	case ok := <-done:
		if !ok {
			t.Error("the key written in another shard is not there")
		}
	case <-time.After(time.Minute):
		t.Fatal("a write to another shard waited for the locked shard")
	}
	if locked.mu.TryRLock() {
		t.Error("a reader got into the locked shard")
	}
	locked.mu.Unlock()
}

func TestS0_34_ShardsAsManyAsCoresStillCollide(t *testing.T) {
	// Two operations running at once wait for each other when their keys share a shard. With
	// as many shards as this machine's 2 cores, that is half of all pairs of keys.
	for _, n := range []int{2, 32} {
		s := NewSharded(n)
		count := make([]int, n)
		for _, k := range keys {
			count[s.shardOf(k)]++
		}
		same := 0.0
		for _, c := range count {
			same += float64(c) * float64(c-1)
		}
		share := same / float64(len(keys)*(len(keys)-1))
		t.Logf("%2d shards: %.1f%% of pairs of keys share a shard", n, 100*share)
		if want := 1 / float64(n); share < 0.9*want || share > 1.1*want {
			t.Errorf("%d shards: %.3f of pairs of keys share a shard; want about 1/%d", n, share, n)
		}
	}
}
