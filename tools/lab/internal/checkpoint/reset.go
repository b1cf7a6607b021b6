package checkpoint

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"gomaps/tools/internal/cli"
	"gomaps/tools/lab/internal/course"
)

// ResetCommand is the reset command.
func ResetCommand(open course.Opener) *cli.Command {
	var yes, tests bool
	return &cli.Command{
		Name:  "reset",
		Usage: "[-y] [-tests] NN",
		Short: "put a lab's files back to their shipped state",
		Long: "put a lab's files back to their shipped state; with -tests, only its *_test.go files " +
			"(the grader), keeping the learner's own files",
		Flags: func(fs *flag.FlagSet) {
			fs.BoolVar(&yes, "y", false, "do not ask for confirmation")
			fs.BoolVar(&tests, "tests", false, "restore only the lab's tests, keeping the learner's files")
		},
		Run: open.Run(func(ctx context.Context, c *course.Course, io cli.IO, args []string) error {
			l, err := c.OneLab("reset", args)
			if err != nil {
				return err
			}
			if tests {
				return resetTests(c, l, yes, io.Stdin, io.Stdout)
			}
			return reset(c, l, yes, io.Stdin, io.Stdout)
		}),
	}
}

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
		if !confirmed(stdin, w) {
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
		if !confirmed(stdin, w) {
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

// confirmed reads the answer to the question just asked: yes for "y" or "yes", any case; else it
// says that nothing changed.
func confirmed(stdin io.Reader, w io.Writer) bool {
	answer, _ := bufio.NewReader(stdin).ReadString('\n')
	if a := strings.ToLower(strings.TrimSpace(answer)); a != "y" && a != "yes" {
		fmt.Fprintln(w, "\nnothing changed")
		return false
	}
	return true
}
