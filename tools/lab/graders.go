package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"gomaps/labs/courseroot"
)

// A lab's graders are its *_test.go files: the learner never edits them, and a lab whose
// graders differ from the shipped ones never counts as passing, whatever its tests say.
//
// What "shipped" means: the course's manifest, labs/shipped.sum (a SHA-256 of every file of
// every lab, kept up to date by TestShippedManifest), when there is one; otherwise the course's
// git history (the branch it was cloned from, or HEAD). Without either, nothing can be told.

// manifestFile lists every file of every lab with its hash, relative to the course root.
const manifestFile = courseroot.Manifest

// A graderChange is one grader that is not as shipped.
type graderChange struct {
	file string // relative to the root, with slashes
	how  string // "changed", "deleted" or "added"
}

// graderFiles lists the lab's graders now (its *_test.go files and the files it marks as
// given), relative to the root, with slashes.
func (c *course) graderFiles(l *lab) []string {
	files, _ := c.goFiles(l.dir(), true)
	for i, f := range files {
		files[i] = filepath.ToSlash(f)
	}
	for _, g := range l.given {
		if f := filepath.Join(l.dir(), g); fileExists(filepath.Join(c.root, f)) {
			files = append(files, filepath.ToSlash(f))
		}
	}
	return files
}

// isGrader reports whether file f (relative to the root, with slashes) is one of the lab's
// graders: a *_test.go file in the lab's folder, or a file the lab marks as given.
func (l *lab) isGrader(f string) bool {
	name, ok := strings.CutPrefix(f, filepath.ToSlash(l.dir())+"/")
	if !ok || strings.Contains(name, "/") {
		return false
	}
	return strings.HasSuffix(name, "_test.go") || slices.Contains(l.given, name)
}

// labFiles lists every file of the lab's folder (not its subfolders), relative to the root,
// with slashes.
func (c *course) labFiles(l *lab) []string {
	entries, _ := os.ReadDir(filepath.Join(c.root, l.dir()))
	var files []string
	for _, e := range entries {
		if !e.IsDir() {
			files = append(files, filepath.ToSlash(filepath.Join(l.dir(), e.Name())))
		}
	}
	return files
}

// writeManifest writes the hashes of every lab's files as they are now.
func (c *course) writeManifest(w io.Writer) error {
	fmt.Fprintln(w, "# The labs as shipped. The lab runner never reports a lab as passing while one of its *_test.go")
	fmt.Fprintln(w, "# files differs from these, and reports a lab whose files all match as not started, without")
	fmt.Fprintln(w, "# running it. Rewritten by: go test ./tools/lab -run TestShippedManifest -update")
	for _, l := range c.labs {
		for _, f := range c.labFiles(l) {
			data, err := os.ReadFile(filepath.Join(c.root, f))
			if err != nil {
				return err
			}
			fmt.Fprintf(w, "%s  %s\n", courseroot.ShippedSum(data), f)
		}
	}
	return nil
}

// graderChanges compares the lab's graders with the shipped ones.
func (c *course) graderChanges(l *lab) []graderChange {
	shipped := map[string]func([]byte) bool{} // file -> is this content the shipped one?
	sums, err := courseroot.ShippedSums(c.root)
	switch {
	case err != nil:
		return []graderChange{{manifestFile, "unreadable: " + err.Error()}}
	case sums != nil:
		for f, sum := range sums {
			if l.isGrader(f) {
				sum := sum
				shipped[f] = func(data []byte) bool { return courseroot.ShippedSum(data) == sum }
			}
		}
	default:
		ref := c.shippedRef()
		if ref == "" {
			return nil
		}
		files, err := c.shippedFiles(ref, l)
		if err != nil {
			return nil
		}
		for _, f := range files {
			if !l.isGrader(f) {
				continue
			}
			want, err := c.git("show", ref+":"+f)
			if err != nil {
				continue
			}
			shipped[f] = func(data []byte) bool { return bytes.Equal(normalizeEOL(data), normalizeEOL(want)) }
		}
	}
	var changes []graderChange
	for f, same := range shipped {
		data, err := os.ReadFile(filepath.Join(c.root, filepath.FromSlash(f)))
		switch {
		case err != nil:
			changes = append(changes, graderChange{f, "deleted"})
		case !same(data):
			changes = append(changes, graderChange{f, "changed"})
		}
	}
	for _, f := range c.graderFiles(l) {
		if _, ok := shipped[f]; !ok {
			changes = append(changes, graderChange{f, "added"})
		}
	}
	sort.Slice(changes, func(i, j int) bool { return changes[i].file < changes[j].file })
	return changes
}

// untouched reports whether every file of the lab is as shipped, by the manifest or, without
// one, by git; known is false when neither can tell.
func (c *course) untouched(l *lab) (same, known bool) {
	sums, err := courseroot.ShippedSums(c.root)
	if err != nil {
		return false, false
	}
	if sums == nil {
		if c.shippedRef() == "" {
			return false, false
		}
		return !c.changed(l), true
	}
	prefix := filepath.ToSlash(l.dir()) + "/"
	want := 0
	for f := range sums {
		if strings.HasPrefix(f, prefix) {
			want++
		}
	}
	files := c.labFiles(l)
	if len(files) != want || want == 0 {
		return false, true
	}
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join(c.root, filepath.FromSlash(f)))
		if err != nil || courseroot.ShippedSum(data) != sums[f] {
			return false, true
		}
	}
	return true, true
}

// isUntouched reports whether every file of the lab is known to be as shipped.
func (c *course) isUntouched(l *lab) bool {
	same, known := c.untouched(l)
	return same && known
}

// describeChanges says which graders changed, in one phrase: "labs/01-demo/demo_test.go was
// changed", "2 test files were changed or added: a, b".
func describeChanges(changes []graderChange) string {
	if len(changes) == 1 {
		return fmt.Sprintf("%s was %s", changes[0].file, changes[0].how)
	}
	var names []string
	for _, ch := range changes {
		names = append(names, fmt.Sprintf("%s (%s)", ch.file, ch.how))
	}
	return fmt.Sprintf("%d files that grade it are not as shipped: %s", len(changes), strings.Join(names, ", "))
}

// resetTests puts the lab's graders back as shipped and keeps the learner's own files.
func (c *course) resetTests(l *lab, yes bool, stdin io.Reader, w io.Writer) error {
	changes := c.graderChanges(l)
	if len(changes) == 0 {
		fmt.Fprintf(w, "the tests of lab %s are as shipped: nothing to restore\n", l.name)
		return nil
	}
	ref := c.shippedRef()
	if ref == "" {
		return fmt.Errorf("restoring tests needs the course's git history, and %s is not a git checkout: copy %s from a fresh download of the course", c.root, describeChanges(changes))
	}
	if !yes {
		fmt.Fprintf(w, "put the tests of lab %s back as shipped? %s; your own files stay as they are [y/N] ", l.name, describeChanges(changes))
		answer, _ := bufio.NewReader(stdin).ReadString('\n')
		if a := strings.ToLower(strings.TrimSpace(answer)); a != "y" && a != "yes" {
			fmt.Fprintln(w, "\nnothing changed")
			return nil
		}
	}
	for _, ch := range changes {
		path := filepath.Join(c.root, filepath.FromSlash(ch.file))
		if ch.how == "added" {
			if err := os.Remove(path); err != nil {
				return err
			}
			continue
		}
		data, err := c.git("show", ref+":"+ch.file)
		if err != nil {
			return fmt.Errorf("%s is not in the course's git history at %.12s: copy it from a fresh download of the course", ch.file, ref)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			return err
		}
	}
	if left := c.graderChanges(l); len(left) > 0 {
		return fmt.Errorf("after restoring from git at %.12s, %s: copy the file from a fresh download of the course", ref, describeChanges(left))
	}
	fmt.Fprintf(w, "the tests of lab %s are back as shipped; your own files are unchanged\n", l.name)
	return nil
}

func fileExists(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.Mode().IsRegular()
}
