package operator

import (
	"maps"
	"sync/atomic"
)

// cloneMembers returns a copy of members: maps.Clone(members). Snapshot makes
// its copy with it.
//
// It is part of the grader, like the tests: you do not edit it. Step 5's test
// needs to hold a Snapshot's copy once it has begun, to check that no Set can
// write the map until the copy is done, and it cannot stop maps.Clone itself
// half-way: the copy is made inside the runtime, in one call. So the test sets
// cloneWatch, which cloneMembers calls once the copy has begun, before
// maps.Clone reads the map, on the goroutine that copies; the operator never
// sets it.
func cloneMembers(members map[string]map[string]string) map[string]map[string]string {
	if watch := cloneWatch.Load(); watch != nil {
		(*watch)()
	}
	return maps.Clone(members)
}

// cloneWatch is nil, except while step 5's test watches the copies.
var cloneWatch atomic.Pointer[func()]
