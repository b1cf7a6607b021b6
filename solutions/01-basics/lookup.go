package basics

// Retries says how many times job may be retried.
//
// overrides holds per-job settings, and an override of 0 is meaningful: it
// means "never retry". A job without an override gets def. overrides may be
// nil (no overrides at all).
func Retries(overrides map[string]int, job string, def int) int {
	if n, ok := overrides[job]; ok {
		return n
	}
	return def
}
