//go:build !linux

package stepcache

import "errors"

// Watchable reports whether inputs can be recorded here: not without Linux's inotify.
const Watchable = false

type inputWatch struct{}

func startInputWatch(string) (*inputWatch, error) {
	return nil, errors.New("inputs are watched on Linux only")
}

func (*inputWatch) stop() *Inputs { return nil }
