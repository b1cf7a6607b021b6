//go:build darwin || dragonfly || freebsd || linux || netbsd || openbsd

package kubeassets

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"syscall"
	"time"
)

// lockDir takes the lock file of the cache folder dir, waiting while another process holds
// it; the lock goes with the process, so a killed build leaves no stale lock. locked reports
// that the lock is real, so leftovers of interrupted builds may be removed.
func lockDir(ctx context.Context, dir string, log io.Writer) (unlock func(), locked bool, err error) {
	path := filepath.Join(dir, ".lock")
	f, err := os.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, false, fmt.Errorf("cannot open the lock file of the cache folder: %v", err)
	}
	waiting := false
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if err == nil {
			return func() { f.Close() }, true, nil // closing the file releases the lock
		}
		if !errors.Is(err, syscall.EWOULDBLOCK) && !errors.Is(err, syscall.EINTR) {
			f.Close()
			return nil, false, fmt.Errorf("cannot lock %s: %v", path, err)
		}
		if !waiting {
			fmt.Fprintf(log, "envtest: another process is building kube-apiserver and etcd into %s; waiting for it\n", dir)
			waiting = true
		}
		select {
		case <-ctx.Done():
			f.Close()
			return nil, false, fmt.Errorf("stopped waiting for the other build: %v", context.Cause(ctx))
		case <-time.After(time.Second):
		}
	}
}
