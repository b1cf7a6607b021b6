package course

import (
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

// A GraderChange is one grader that is not as shipped.
type GraderChange struct {
	File string // relative to the root, with slashes
	How  string // "changed", "deleted" or "added"
}

// graderFiles lists the lab's graders now (its *_test.go files and the files it marks as
// given), relative to the root, with slashes.
func (c *Course) graderFiles(l *Lab) []string {
	files, _ := c.GoFiles(l.Dir(), true)
	for i, f := range files {
		files[i] = filepath.ToSlash(f)
	}
	for _, g := range l.Given {
		if f := filepath.Join(l.Dir(), g); fileExists(filepath.Join(c.Root, f)) {
			files = append(files, filepath.ToSlash(f))
		}
	}
	return files
}

// isGrader reports whether file f (relative to the root, with slashes) is one of the lab's
// graders: a *_test.go file in the lab's folder, or a file the lab marks as given.
func (l *Lab) isGrader(f string) bool {
	name, ok := strings.CutPrefix(f, filepath.ToSlash(l.Dir())+"/")
	if !ok || strings.Contains(name, "/") {
		return false
	}
	return strings.HasSuffix(name, "_test.go") || slices.Contains(l.Given, name)
}

// LabFiles lists every file of the lab's folder (not its subfolders), relative to the root,
// with slashes.
func (c *Course) LabFiles(l *Lab) []string {
	entries, _ := os.ReadDir(filepath.Join(c.Root, l.Dir()))
	var files []string
	for _, e := range entries {
		if !e.IsDir() {
			files = append(files, filepath.ToSlash(filepath.Join(l.Dir(), e.Name())))
		}
	}
	return files
}

// WriteManifest writes the hashes of every lab's files as they are now.
func (c *Course) WriteManifest(w io.Writer) error {
	fmt.Fprintln(w, "# The labs as shipped. The lab runner never reports a lab as passing while one of its *_test.go")
	fmt.Fprintln(w, "# files differs from these, and reports a lab whose files all match as not started, without")
	fmt.Fprintln(w, "# running it. Rewritten by: go test ./tools/lab -run TestShippedManifest -update")
	for _, l := range c.Labs {
		for _, f := range c.LabFiles(l) {
			data, err := os.ReadFile(filepath.Join(c.Root, f))
			if err != nil {
				return err
			}
			fmt.Fprintf(w, "%s  %s\n", courseroot.ShippedSum(data), f)
		}
	}
	return nil
}

// GraderChanges compares the lab's graders with the shipped ones.
func (c *Course) GraderChanges(l *Lab) []GraderChange {
	shipped := map[string]func([]byte) bool{} // file -> is this content the shipped one?
	sums, err := courseroot.ShippedSums(c.Root)
	switch {
	case err != nil:
		return []GraderChange{{manifestFile, "unreadable: " + err.Error()}}
	case sums != nil:
		for f, sum := range sums {
			if l.isGrader(f) {
				sum := sum
				shipped[f] = func(data []byte) bool { return courseroot.ShippedSum(data) == sum }
			}
		}
	default:
		ref := c.ShippedRef()
		if ref == "" {
			return nil
		}
		files, err := c.ShippedFiles(ref, l)
		if err != nil {
			return nil
		}
		for _, f := range files {
			if !l.isGrader(f) {
				continue
			}
			want, err := c.Git("show", ref+":"+f)
			if err != nil {
				continue
			}
			shipped[f] = func(data []byte) bool { return bytes.Equal(NormalizeEOL(data), NormalizeEOL(want)) }
		}
	}
	var changes []GraderChange
	for f, same := range shipped {
		data, err := os.ReadFile(filepath.Join(c.Root, filepath.FromSlash(f)))
		switch {
		case err != nil:
			changes = append(changes, GraderChange{f, "deleted"})
		case !same(data):
			changes = append(changes, GraderChange{f, "changed"})
		}
	}
	for _, f := range c.graderFiles(l) {
		if _, ok := shipped[f]; !ok {
			changes = append(changes, GraderChange{f, "added"})
		}
	}
	sort.Slice(changes, func(i, j int) bool { return changes[i].File < changes[j].File })
	return changes
}

// Untouched reports whether every file of the lab is as shipped, by the manifest or, without
// one, by git; known is false when neither can tell.
func (c *Course) Untouched(l *Lab) (same, known bool) {
	sums, err := courseroot.ShippedSums(c.Root)
	if err != nil {
		return false, false
	}
	if sums == nil {
		if c.ShippedRef() == "" {
			return false, false
		}
		return !c.Changed(l), true
	}
	prefix := filepath.ToSlash(l.Dir()) + "/"
	want := 0
	for f := range sums {
		if strings.HasPrefix(f, prefix) {
			want++
		}
	}
	files := c.LabFiles(l)
	if len(files) != want || want == 0 {
		return false, true
	}
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join(c.Root, filepath.FromSlash(f)))
		if err != nil || courseroot.ShippedSum(data) != sums[f] {
			return false, true
		}
	}
	return true, true
}

// IsUntouched reports whether every file of the lab is known to be as shipped.
func (c *Course) IsUntouched(l *Lab) bool {
	same, known := c.Untouched(l)
	return same && known
}

// DescribeChanges says which graders changed, in one phrase: "labs/01-demo/demo_test.go was
// changed", "2 test files were changed or added: a, b".
func DescribeChanges(changes []GraderChange) string {
	if len(changes) == 1 {
		return fmt.Sprintf("%s was %s", changes[0].File, changes[0].How)
	}
	var names []string
	for _, ch := range changes {
		names = append(names, fmt.Sprintf("%s (%s)", ch.File, ch.How))
	}
	return fmt.Sprintf("%d files that grade it are not as shipped: %s", len(changes), strings.Join(names, ", "))
}

func fileExists(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.Mode().IsRegular()
}
