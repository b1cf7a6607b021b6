package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"gomaps/tools/lab/internal/course"
)

// resetTests puts the lab's graders back as shipped and keeps the learner's own files.
func resetTests(c *course.Course, l *course.Lab, yes bool, stdin io.Reader, w io.Writer) error {
	changes := c.GraderChanges(l)
	if len(changes) == 0 {
		fmt.Fprintf(w, "the tests of lab %s are as shipped: nothing to restore\n", l.Name)
		return nil
	}
	ref := c.ShippedRef()
	if ref == "" {
		return fmt.Errorf("restoring tests needs the course's git history, and %s is not a git checkout: copy %s from a fresh download of the course", c.Root, course.DescribeChanges(changes))
	}
	if !yes {
		fmt.Fprintf(w, "put the tests of lab %s back as shipped? %s; your own files stay as they are [y/N] ", l.Name, course.DescribeChanges(changes))
		answer, _ := bufio.NewReader(stdin).ReadString('\n')
		if a := strings.ToLower(strings.TrimSpace(answer)); a != "y" && a != "yes" {
			fmt.Fprintln(w, "\nnothing changed")
			return nil
		}
	}
	for _, ch := range changes {
		path := filepath.Join(c.Root, filepath.FromSlash(ch.File))
		if ch.How == "added" {
			if err := os.Remove(path); err != nil {
				return err
			}
			continue
		}
		data, err := c.Git("show", ref+":"+ch.File)
		if err != nil {
			return fmt.Errorf("%s is not in the course's git history at %.12s: copy it from a fresh download of the course", ch.File, ref)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			return err
		}
	}
	if left := c.GraderChanges(l); len(left) > 0 {
		return fmt.Errorf("after restoring from git at %.12s, %s: copy the file from a fresh download of the course", ref, course.DescribeChanges(left))
	}
	fmt.Fprintf(w, "the tests of lab %s are back as shipped; your own files are unchanged\n", l.Name)
	return nil
}
