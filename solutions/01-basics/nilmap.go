package basics

import "fmt"

// SetCount stores n under key in m.
//
// m may be nil: a caller that forgot to make its map must get an error back,
// not a crashed process. The error wraps the run-time error, so that
// errors.As(err, new(runtime.Error)) reports true.
func SetCount(m map[string]int, key string, n int) (err error) {
	defer func() {
		if r := recover(); r != nil {
			rerr, ok := r.(error)
			if !ok {
				panic(r)
			}
			err = fmt.Errorf("set %q: %w", key, rerr)
		}
	}()
	m[key] = n
	return nil
}
