package controllers

import (
	"k8s.io/client-go/tools/cache"
)

// An Index counts, per object key ("namespace/name"), the events an informer
// delivered since the reconciler last looked. The informer calls the
// handlers of Handlers from its own goroutine, one event at a time; the
// reconciler's workers call Take from theirs, at the same time.
type Index struct {
	// TODO(07): step 1. The informer's goroutine (record) and every worker
	// (Take) use pending at the same time: each event must be counted once
	// and taken by exactly one Take, and no goroutine may use pending while
	// another changes it. As shipped, nothing stands between them, and the
	// runtime stops the program with a fatal "concurrent map ..." error.
	// See chapter 07, section "1. A plain map between handlers and workers".
	// stuck: go run ./tools/lab hint 07
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
	x.pending[key]++
}

// Take returns the keys with events not taken yet and how many events each
// had, and forgets them: each event is returned by exactly one call of Take.
func (x *Index) Take() map[string]int {
	taken := map[string]int{}
	for key, n := range x.pending {
		taken[key] = n
		delete(x.pending, key)
	}
	return taken
}
