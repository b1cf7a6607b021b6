package basics_test

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"gomaps/labs/01-basics"
	"gomaps/labs/internal/labtest"
)

func TestPruneExpiredDeletesDuringRange(t *testing.T) {
	// The language rule first, against a common myth: delete lowers len.
	scratch := map[string]int{"a": 1, "b": 2}
	delete(scratch, "a")
	require.Len(t, scratch, 1, "delete removes the entry, and len counts entries")

	now := time.Date(2025, 1, 1, 12, 0, 0, 0, time.UTC)
	// Many rounds on a fresh map: the spec defines deleting during range for
	// every iteration order, so the result must not depend on the order.
	for round := range 20 {
		leases := make(map[string]time.Time)
		wantLive := 0
		for i := range 200 {
			expiry := now.Add(time.Duration(i%3-1) * time.Minute) // past, now, future
			leases[fmt.Sprintf("lease-%03d", i)] = expiry
			if expiry.After(now) {
				wantLive++
			}
		}
		before := len(leases)
		wantDeleted := before - wantLive

		var deleted int
		if !labtest.Try(t, "PruneExpired(leases, now)", func() { deleted = basics.PruneExpired(leases, now) }) {
			return
		}
		if deleted != wantDeleted {
			t.Errorf("round %d: PruneExpired(leases, now) = %d; want %d: every lease expiring at or before now is deleted, and counted", round, deleted, wantDeleted)
		}
		if len(leases) != wantLive {
			t.Errorf("round %d: after PruneExpired, len(leases) = %d; want %d: delete lowers len", round, len(leases), wantLive)
		}
		var stale []string
		for name, expiry := range leases {
			if !expiry.After(now) {
				stale = append(stale, name)
			}
		}
		if len(stale) > 0 {
			slices.Sort(stale)
			t.Errorf("round %d: after PruneExpired, %d expired leases are still there (first: %s, expiry %v); want none: a lease expiring at or before now (%v) is deleted",
				round, len(stale), stale[0], leases[stale[0]].Format(time.TimeOnly), now.Format(time.TimeOnly))
		}
		if t.Failed() {
			return // one round's messages are enough
		}
	}

	labtest.Try(t, "PruneExpired(nil, now)", func() {
		if n := basics.PruneExpired(nil, now); n != 0 {
			t.Errorf("PruneExpired(nil, now) = %d; want 0: ranging over a nil map runs 0 iterations", n)
		}
	})
}
