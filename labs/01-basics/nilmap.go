package basics

// SetCount stores n under key in m.
//
// m may be nil: a caller that forgot to make its map must get an error back,
// not a crashed process. The error wraps the run-time error, so that
// errors.As(err, new(runtime.Error)) reports true.
func SetCount(m map[string]int, key string, n int) (err error) {
	// TODO(01): assign m[key] = n; turn the panic of an assignment to a nil map
	// into a returned error with a deferred recover, wrapping the recovered
	// runtime.Error with %w.
	return nil
}
