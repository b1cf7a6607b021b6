package controllers

import (
	"sync"

	"k8s.io/client-go/tools/cache"
)

// An Index counts, per object key ("namespace/name"), the events an informer
// delivered since the reconciler last looked. The informer calls the
// handlers of Handlers from its own goroutine, one event at a time; the
// reconciler's workers call Take from theirs, at the same time.
type Index struct {
	// mu guards pending, which the informer's goroutine and every worker
	// write: a plain map allows no concurrent write at all.
	mu      sync.Mutex
	pending map[string]int // object key -> events not taken yet
}

// NewIndex returns an empty Index.
func NewIndex() *Index {
	return &Index{pending: map[string]int{}}
}

// Handlers returns the event handlers to register on an informer with
// AddEventHandler: each event counts once for its object's key.
func (x *Index) Handlers() cache.ResourceEventHandlerFuncs {
	return cache.ResourceEventHandlerFuncs{
		AddFunc:    func(obj any) { x.record(obj) },
		UpdateFunc: func(_, obj any) { x.record(obj) },
		DeleteFunc: func(obj any) { x.record(obj) },
	}
}

func (x *Index) record(obj any) {
	// A deleted object may come as a DeletedFinalStateUnknown tombstone,
	// which this key function unwraps.
	key, err := cache.DeletionHandlingMetaNamespaceKeyFunc(obj)
	if err != nil {
		return
	}
	x.mu.Lock()
	x.pending[key]++
	x.mu.Unlock()
}

// Take returns the keys with events not taken yet and how many events each
// had, and forgets them: each event is returned by exactly one call of Take.
func (x *Index) Take() map[string]int {
	x.mu.Lock()
	defer x.mu.Unlock()
	// Hand the whole map over and start a new one: the caller owns what it
	// got, and the lock is held for two assignments, not a loop.
	taken := x.pending
	x.pending = map[string]int{}
	return taken
}
