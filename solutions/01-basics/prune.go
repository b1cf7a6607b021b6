package basics

import "time"

// PruneExpired deletes from leases every lease whose expiry is at or before
// now, and reports how many it deleted. leases may be nil.
func PruneExpired(leases map[string]time.Time, now time.Time) int {
	deleted := 0
	for name, expiry := range leases {
		if !expiry.After(now) {
			delete(leases, name)
			deleted++
		}
	}
	return deleted
}
