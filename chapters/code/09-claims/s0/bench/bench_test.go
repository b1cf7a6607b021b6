package bench

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
	"time"
)

// keys are the Pod keys every benchmark uses: 10,000 Pods in 100 namespaces.
var keys = func() []string {
	k := make([]string, 10_000)
	for i := range k {
		k[i] = fmt.Sprintf("ns-%d/pod-%d", i%100, i)
	}
	return k
}()

func filled(s Store) Store {
	for _, k := range keys {
		s.Set(k, "Pending")
	}
	return s
}

// run starts goroutines that each do ops operations on s, a read with probability read (in
// percent) and otherwise a write of a random key, and waits for them. With lat, each one
// records the latency of each operation.
func run(s Store, goroutines, ops, read int, seed uint64, lat [][]time.Duration) {
	var wg sync.WaitGroup
	for g := range goroutines {
		wg.Go(func() {
			r := rand.New(rand.NewPCG(seed, uint64(g)))
			for i := range ops {
				k := keys[r.IntN(len(keys))]
				isRead := r.IntN(100) < read
				var start time.Time
				if lat != nil {
					start = time.Now()
				}
				if isRead {
					s.Get(k)
				} else {
					s.Set(k, "Running")
				}
				if lat != nil {
					lat[g][i] = time.Since(start)
				}
			}
		})
	}
	wg.Wait()
}

// BenchmarkPodState is the table of section 2.4: reads by 100 goroutines at once, and updates
// by 10, of a map behind a Mutex or an RWMutex. ns/op is wall time per operation, all
// goroutines together.
func BenchmarkPodState(b *testing.B) {
	for _, op := range []struct {
		name             string
		goroutines, read int
	}{{"read", 100, 100}, {"update", 10, 0}} {
		for _, impl := range []struct {
			name string
			new  func() Store
		}{{"mutex", func() Store { return NewMutexMap() }}, {"rwmutex", func() Store { return NewRWMutexMap() }}} {
			b.Run(fmt.Sprintf("op=%s/impl=%s", op.name, impl.name), func(b *testing.B) {
				s := filled(impl.new())
				each := 100_000 / op.goroutines
				iterations := 0
				start := time.Now()
				for b.Loop() {
					run(s, op.goroutines, each, op.read, uint64(iterations), nil)
					iterations++
				}
				elapsed := time.Since(start)
				b.ReportMetric(float64(elapsed.Nanoseconds())/float64(iterations*op.goroutines*each), "ns/op")
			})
		}
	}
}

// BenchmarkShards is the table of section 2.5: 32 goroutines share 100,000 operations on one
// map, at three read/write mixes (the post gives none), for a map behind an RWMutex, a
// sync.Map, and a sharded map of 32 shards and of 2 (this machine's cores). It reports the
// throughput (ops/s) and the 99th percentile of the operations' latencies (p99-ns), timed
// one by one with two clock reads each: the median over the iterations of each iteration's
// 99th percentile.
func BenchmarkShards(b *testing.B) {
	const workers, ops = 32, 100_000
	impls := []struct {
		name string
		new  func() Store
	}{
		{"rwmutex", func() Store { return NewRWMutexMap() }},
		{"syncmap", func() Store { return NewSyncMap() }},
		{"sharded32", func() Store { return NewSharded(32) }},
		{"sharded2", func() Store { return NewSharded(2) }},
	}
	for _, read := range []int{99, 90, 50} {
		for _, impl := range impls {
			b.Run(fmt.Sprintf("mix=read%d/impl=%s", read, impl.name), func(b *testing.B) {
				s := filled(impl.new())
				each := ops / workers
				lat := make([][]time.Duration, workers)
				for g := range lat {
					lat[g] = make([]time.Duration, each)
				}
				flat := make([]time.Duration, 0, workers*each)
				var p99s []time.Duration
				iterations := 0
				var elapsed time.Duration
				for b.Loop() {
					start := time.Now()
					run(s, workers, each, read, uint64(iterations), lat)
					elapsed += time.Since(start)
					iterations++
					flat = flat[:0]
					for _, l := range lat {
						flat = append(flat, l...)
					}
					slices.Sort(flat)
					p99s = append(p99s, flat[len(flat)*99/100])
				}
				slices.Sort(p99s)
				b.ReportMetric(0, "ns/op")
				b.ReportMetric(float64(iterations*workers*each)/elapsed.Seconds(), "ops/s")
				b.ReportMetric(float64(p99s[len(p99s)/2].Nanoseconds()), "p99-ns") // the median run's
			})
		}
	}
}
