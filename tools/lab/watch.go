package main

import (
	"context"
	"crypto/sha256"
	"fmt"
	"io"
	"os"
	"path/filepath"
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
			return cli.Usagef("%s", c.Lang.Pick("every lab passes: name the lab to watch, as in: watch 01", "所有实验都通过了：请指定要监视的实验，例如：watch 01"))
		}
	}
	lang := c.Lang
	fmt.Fprintf(w, lang.Pick("watching lab %s: it runs again each time you save a file in %s; Ctrl-C stops\n\n",
		"正在监视实验 %s：每次你保存 %s 里的文件，它都会重新运行；按 Ctrl-C 停止\n\n"), l.Name, filepath.ToSlash(l.Dir()))
	last := snapshot(c, l)
	for {
		s := testrun.Lab(ctx, c, l)
		if ctx.Err() != nil {
			break
		}
		testrun.Remember(c, []*testrun.Status{s})
		testrun.Report(c, s, w)
		fmt.Fprintf(w, lang.Pick("\n--- %s: waiting for a change (Ctrl-C stops)\n\n", "\n--- %s：等待改动（按 Ctrl-C 停止）\n\n"), time.Now().Format("15:04:05"))
		if !waitForChange(ctx, c, l, &last) {
			break
		}
	}
	fmt.Fprintf(w, lang.Pick("\nstopped watching lab %s\n", "\n已停止监视实验 %s\n"), l.Name)
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
	for _, f := range c.LabFiles(l) {
		data, _ := os.ReadFile(filepath.Join(c.Root, f))
		fmt.Fprintf(h, "%s\x00%d\x00", f, len(data))
		h.Write(data)
	}
	return [32]byte(h.Sum(nil))
}
