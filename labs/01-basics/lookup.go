package basics

// Retries says how many times job may be retried.
//
// overrides holds per-job settings, and an override of 0 is meaningful: it
// means "never retry". A job without an override gets def. overrides may be
// nil (no overrides at all).
func Retries(overrides map[string]int, job string, def int) int {
	// TODO(01): return the override if job has one (even 0), def otherwise;
	// a missing key and a stored zero read the same unless you use comma-ok.
	return -1
}
