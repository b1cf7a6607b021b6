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
	"gomaps/tools/lab/internal/course"
	"gomaps/tools/lab/internal/testrun"
)

// pollInterval is how often watch looks at the lab's files. Watch reads the
// files' contents rather than waiting for file events: events do not arrive
// on network mounts or across the WSL boundary, and hashing a lab's few
// small files four times a second costs nothing.
var pollInterval = 250 * time.Millisecond

// watch runs lab l again on every change to its files until ctx ends.
func watch(ctx context.Context, c *course.Course, l *course.Lab, w io.Writer) error {
	if l == nil {
		states, err := testrun.States(ctx, c, true)
		if err != nil {
			return err
		}
		if l = testrun.NextLab(c, states); l == nil {
			return cli.Usagef("every lab passes: name the lab to watch, as in: watch 01")
		}
	}
	fmt.Fprintf(w, "watching lab %s: it runs again each time you save a file in %s; Ctrl-C stops\n\n", l.Name, filepath.ToSlash(l.Dir()))
	last := snapshot(c, l)
	for {
		s := testrun.Labs(ctx, c, []*course.Lab{l})[0]
		if ctx.Err() != nil {
			break
		}
		testrun.Remember(c, []*testrun.Status{s})
		testrun.Report(c, s, w)
		fmt.Fprintf(w, "\n--- %s: waiting for a change (Ctrl-C stops)\n\n", time.Now().Format("15:04:05"))
		if !waitForChange(ctx, c, l, &last) {
			break
		}
	}
	fmt.Fprintf(w, "\nstopped watching lab %s\n", l.Name)
	return nil
}

// waitForChange polls until the lab's files differ from *last and have been
// still for one interval (editors write in several steps), or ctx ends.
func waitForChange(ctx context.Context, c *course.Course, l *course.Lab, last *[32]byte) bool {
	t := time.NewTicker(pollInterval)
	defer t.Stop()
	changed := false
	for {
		select {
		case <-ctx.Done():
			return false
		case <-t.C:
		}
		now := snapshot(c, l)
		switch {
		case now != *last:
			*last, changed = now, true
		case changed:
			return true
		}
	}
}

// snapshot hashes the names and contents of the lab's files.
func snapshot(c *course.Course, l *course.Lab) [32]byte {
	h := sha256.New()
	dir := filepath.Join(c.Root, l.Dir())
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
