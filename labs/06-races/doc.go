// Package races is lab 06 of "Go maps under the hood": a map shared by
// goroutines, made safe and then made fast.
//
// Cache is the kind of map a controller keeps: event handlers Set and Delete
// entries while workers Get them, all at once. As shipped it has no locking,
// and two goroutines that use it together crash the whole program with
// "fatal error: concurrent map writes". Sharded is a map split into shards,
// each with its own lock, so that goroutines working on different keys do
// not wait for each other.
//
// Each function to write has a TODO comment saying what to do, and the
// tests named TestStep<N>... grade step N:
//
//  1. Cache: every method locks c.mu (cache.go).
//  2. Cache: readers share the lock with RLock (cache.go).
//  3. Cache.GetOrCompute computes a missing value once, without holding the
//     lock while it computes (compute.go).
//  4. Sharded: a key's shard, and Get, Set, Delete and Len (sharded.go).
//  5. Sharded: every operation locks its key's shard and no other one
//     (graded by a contention test and by concurrent use).
//
// Run
//
//	go test ./labs/06-races
//	go test -race ./labs/06-races
//
// and make them pass without editing the tests. The chapter
// chapters/06-races.md explains every mechanism and has hints.
//
// # How the tests see a race without the race detector
//
// A test that makes goroutines use the cache at once runs that workload in a
// child process (the test binary started again), because the runtime's
// "fatal error: concurrent map writes" cannot be recovered: it would end the
// whole test binary. The parent test turns the child's crash, or the race
// detector's report under -race, into a failure message.
//
// The other tests hold a lock themselves (c.mu, or one shard's mu) and start
// an operation in a new goroutine. They then wait until that goroutine has
// either returned or is parked, blocked on a lock or a channel, as the
// runtime's own goroutine dump shows it ("goroutine 7 [sync.RWMutex.Lock]").
// Nothing waits for a time, so the result does not depend on the machine's
// speed.
package races

//course:every-lane its tests rely on the runtime's concurrent-write check and on -race

// The lab runner lets these tests run 2 minutes before it calls them stuck: they run workloads in
// child processes, some under the race detector.
//
//lab:timeout 2m
