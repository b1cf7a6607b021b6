//go:build !linux

package stepcache

import "errors"

type inputWatch struct{}

func startInputWatch(string) (*inputWatch, error) {
	return nil, errors.New("inputs are watched on Linux only")
}

func (*inputWatch) stop() *Inputs { return nil }
