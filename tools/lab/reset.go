package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// git runs a git command in the course root and returns its stdout.
func (c *course) git(args ...string) ([]byte, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = c.root
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("git %s: %v: %s", args[0], err, firstLine(stderr.String()))
	}
	return out, nil
}

// shippedRef is the commit that holds the labs as shipped: the branch the
// course was cloned from, or HEAD when there is none. Empty when the course
// is not a git checkout.
func (c *course) shippedRef() string {
	if _, err := c.git("rev-parse", "--is-inside-work-tree"); err != nil {
		return ""
	}
	if out, err := c.git("rev-parse", "--verify", "-q", "@{upstream}"); err == nil {
		return strings.TrimSpace(string(out))
	}
	if out, err := c.git("rev-parse", "--verify", "-q", "HEAD"); err == nil {
		return strings.TrimSpace(string(out))
	}
	return ""
}

// shippedFiles lists the files of the lab folder at ref.
func (c *course) shippedFiles(ref string, l *lab) ([]string, error) {
	out, err := c.git("ls-tree", "-r", "--name-only", ref, "--", filepath.ToSlash(l.dir())+"/")
	if err != nil {
		return nil, err
	}
	return strings.Fields(string(out)), nil
}

// changed reports whether the learner has touched the lab: a file differs
// from the shipped one, or a .go file was added. Without git, nothing can be
// told, and the lab counts as untouched.
func (c *course) changed(l *lab) bool {
	ref := c.shippedRef()
	if ref == "" {
		return false
	}
	shipped, err := c.shippedFiles(ref, l)
	if err != nil || len(shipped) == 0 {
		return false
	}
	for _, f := range shipped {
		want, err := c.git("show", ref+":"+f)
		if err != nil {
			return false
		}
		got, err := os.ReadFile(filepath.Join(c.root, f))
		if err != nil || !bytes.Equal(normalizeEOL(got), normalizeEOL(want)) {
			return true
		}
	}
	now, _ := c.goFiles(l.dir(), false)
	for _, f := range now {
		if !contains(shipped, filepath.ToSlash(f)) {
			return true
		}
	}
	return false
}

func normalizeEOL(b []byte) []byte { return bytes.ReplaceAll(b, []byte("\r\n"), []byte("\n")) }

// reset writes the lab's files back as shipped, after asking.
func (c *course) reset(l *lab, yes bool, stdin io.Reader, w io.Writer) error {
	ref := c.shippedRef()
	if ref == "" {
		return fmt.Errorf("reset needs the course's git history, and %s is not a git checkout: clone the course with git to use reset", c.root)
	}
	shipped, err := c.shippedFiles(ref, l)
	if err != nil {
		return err
	}
	if len(shipped) == 0 {
		return fmt.Errorf("lab %s is not in the course's git history at %.12s: it cannot be reset", l.name, ref)
	}
	var extra []string
	now, _ := c.goFiles(l.dir(), false)
	tests, _ := c.goFiles(l.dir(), true)
	for _, f := range append(now, tests...) {
		if !contains(shipped, filepath.ToSlash(f)) {
			extra = append(extra, filepath.ToSlash(f))
		}
	}
	if !yes {
		fmt.Fprintf(w, "reset lab %s to its shipped state? your changes to its files will be lost", l.name)
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
		data, err := c.git("show", ref+":"+f)
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(c.root, f), data, 0o644); err != nil {
			return err
		}
	}
	for _, f := range extra {
		if err := os.Remove(filepath.Join(c.root, f)); err != nil {
			return err
		}
	}
	fmt.Fprintf(w, "lab %s is back to its shipped state\n", l.name)
	return nil
}
