package main

import (
	"context"
	"crypto/sha256"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"time"

	"gomaps/tools/internal/cli"
)

// pollInterval is how often watch looks at the lab's files. Watch reads the
// files' contents rather than waiting for file events: events do not arrive
// on network mounts or across the WSL boundary, and hashing a lab's few
// small files four times a second costs nothing.
var pollInterval = 250 * time.Millisecond

// watch runs lab l again on every change to its files until ctx ends.
func (c *course) watch(ctx context.Context, l *lab, w io.Writer) error {
	if l == nil {
		states, err := c.states(ctx, true)
		if err != nil {
			return err
		}
		if l = c.nextLab(states); l == nil {
			return cli.Usagef("every lab passes: name the lab to watch, as in: watch 01")
		}
	}
	fmt.Fprintf(w, "watching lab %s: it runs again each time you save a file in %s; Ctrl-C stops\n\n", l.name, filepath.ToSlash(l.dir()))
	last := c.snapshot(l)
	for {
		s := c.testLabs(ctx, []*lab{l})[0]
		if ctx.Err() != nil {
			break
		}
		c.remember([]*labStatus{s})
		c.report(s, w)
		fmt.Fprintf(w, "\n--- %s: waiting for a change (Ctrl-C stops)\n\n", time.Now().Format("15:04:05"))
		if !c.waitForChange(ctx, l, &last) {
			break
		}
	}
	fmt.Fprintf(w, "\nstopped watching lab %s\n", l.name)
	return nil
}

// waitForChange polls until the lab's files differ from *last and have been
// still for one interval (editors write in several steps), or ctx ends.
func (c *course) waitForChange(ctx context.Context, l *lab, last *[32]byte) bool {
	t := time.NewTicker(pollInterval)
	defer t.Stop()
	changed := false
	for {
		select {
		case <-ctx.Done():
			return false
		case <-t.C:
		}
		now := c.snapshot(l)
		switch {
		case now != *last:
			*last, changed = now, true
		case changed:
			return true
		}
	}
}

// snapshot hashes the names and contents of the lab's files.
func (c *course) snapshot(l *lab) [32]byte {
	h := sha256.New()
	dir := filepath.Join(c.root, l.dir())
	entries, _ := os.ReadDir(dir)
	names := make([]string, 0, len(entries))
	for _, e := range entries {
		if !e.IsDir() {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	for _, n := range names {
		data, _ := os.ReadFile(filepath.Join(dir, n))
		fmt.Fprintf(h, "%s\x00%d\x00", n, len(data))
		h.Write(data)
	}
	var sum [32]byte
	copy(sum[:], h.Sum(nil))
	return sum
}
