package course

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
)

// Git runs a git command in the course root and returns its stdout.
func (c *Course) Git(args ...string) ([]byte, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = c.Root
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("git %s: %v: %s", args[0], err, FirstLine(stderr.String()))
	}
	return out, nil
}

// ShippedRef is the commit that holds the labs as shipped: the branch the
// course was cloned from, or HEAD when there is none. Empty when the course
// is not a git checkout.
func (c *Course) ShippedRef() string {
	if _, err := c.Git("rev-parse", "--is-inside-work-tree"); err != nil {
		return ""
	}
	if out, err := c.Git("rev-parse", "--verify", "-q", "@{upstream}"); err == nil {
		return strings.TrimSpace(string(out))
	}
	if out, err := c.Git("rev-parse", "--verify", "-q", "HEAD"); err == nil {
		return strings.TrimSpace(string(out))
	}
	return ""
}

// ShippedFiles lists the files of the lab folder at ref.
func (c *Course) ShippedFiles(ref string, l *Lab) ([]string, error) {
	out, err := c.Git("ls-tree", "-r", "--name-only", ref, "--", filepath.ToSlash(l.Dir())+"/")
	if err != nil {
		return nil, err
	}
	return strings.Fields(string(out)), nil
}

// Changed reports whether the learner has touched the lab: a file differs
// from the shipped one, or a .go file was added. Without git, nothing can be
// told, and the lab counts as untouched.
func (c *Course) Changed(l *Lab) bool {
	ref := c.ShippedRef()
	if ref == "" {
		return false
	}
	shipped, err := c.ShippedFiles(ref, l)
	if err != nil || len(shipped) == 0 {
		return false
	}
	for _, f := range shipped {
		want, err := c.Git("show", ref+":"+f)
		if err != nil {
			return false
		}
		got, err := os.ReadFile(filepath.Join(c.Root, f))
		if err != nil || !bytes.Equal(NormalizeEOL(got), NormalizeEOL(want)) {
			return true
		}
	}
	now, _ := c.GoFiles(l.Dir(), false)
	for _, f := range now {
		if !slices.Contains(shipped, filepath.ToSlash(f)) {
			return true
		}
	}
	return false
}

// NormalizeEOL turns CRLF line ends into LF: git show gives the shipped files with LF, a checkout
// with core.autocrlf=true (Git for Windows' usual setting) has CRLF on disk.
func NormalizeEOL(b []byte) []byte { return bytes.ReplaceAll(b, []byte("\r\n"), []byte("\n")) }
