package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"gomaps/tools/lab/internal/course"
)

// reset writes the lab's files back as shipped, after asking.
func reset(c *course.Course, l *course.Lab, yes bool, stdin io.Reader, w io.Writer) error {
	ref := c.ShippedRef()
	if ref == "" {
		return fmt.Errorf("reset needs the course's git history, and %s is not a git checkout: clone the course with git to use reset", c.Root)
	}
	shipped, err := c.ShippedFiles(ref, l)
	if err != nil {
		return err
	}
	if len(shipped) == 0 {
		return fmt.Errorf("lab %s is not in the course's git history at %.12s: it cannot be reset", l.Name, ref)
	}
	var extra []string
	now, _ := c.GoFiles(l.Dir(), false)
	tests, _ := c.GoFiles(l.Dir(), true)
	for _, f := range append(now, tests...) {
		if !slices.Contains(shipped, filepath.ToSlash(f)) {
			extra = append(extra, filepath.ToSlash(f))
		}
	}
	if !yes {
		fmt.Fprintf(w, "reset lab %s to its shipped state? your changes to its files will be lost", l.Name)
		if len(extra) > 0 {
			fmt.Fprintf(w, ", and %s will be deleted", strings.Join(extra, ", "))
		}
		fmt.Fprint(w, " [y/N] ")
		answer, _ := bufio.NewReader(stdin).ReadString('\n')
		if a := strings.ToLower(strings.TrimSpace(answer)); a != "y" && a != "yes" {
			fmt.Fprintln(w, "\nnothing changed")
			return nil
		}
	}
	for _, f := range shipped {
		data, err := c.Git("show", ref+":"+f)
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(c.Root, f), data, 0o644); err != nil {
			return err
		}
	}
	for _, f := range extra {
		if err := os.Remove(filepath.Join(c.Root, f)); err != nil {
			return err
		}
	}
	fmt.Fprintf(w, "lab %s is back to its shipped state\n", l.Name)
	return nil
}
