package course

import (
	"bytes"
	"crypto/sha1"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"gomaps/labs/courseroot"
)

// A lab's graders are its *_test.go files and the files its doc.go marks as given: the learner
// never edits them, and a lab whose graders differ from the shipped ones never counts as
// passing, whatever its tests say.

// A GraderChange is one grader that is not as shipped.
type GraderChange struct {
	File string // relative to the root, with slashes
	How  string // "changed", "deleted" or "added"
}

// shipped maps each file of lab l as shipped (relative to the root, with slashes) to a test of
// whether a content is the shipped one: by the course's manifest, labs/shipped.sum (kept up to
// date by TestShippedManifest), or without one by its git history (see ShippedRef). It is nil
// when neither can tell.
func (c *Course) shipped(l *Lab) (map[string]func([]byte) bool, error) {
	sums, err := courseroot.ShippedSums(c.Root)
	if err != nil {
		return nil, err
	}
	files := map[string]func([]byte) bool{}
	if sums != nil {
		for f, sum := range sums {
			if strings.HasPrefix(f, filepath.ToSlash(l.Dir())+"/") {
				files[f] = func(data []byte) bool { return courseroot.ShippedSum(data) == sum }
			}
		}
		return files, nil
	}
	ref := c.ShippedRef()
	if ref == "" {
		return nil, nil
	}
	// One git command for the lab: each file's blob hash, which git computes over the bytes
	// with LF line ends, as it stores them.
	out, err := c.Git("ls-tree", "-r", ref, "--", filepath.ToSlash(l.Dir())+"/")
	if err != nil {
		return nil, nil
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		meta, f, _ := strings.Cut(line, "\t")
		if fields := strings.Fields(meta); len(fields) == 3 {
			files[f] = func(data []byte) bool { return blobHash(NormalizeEOL(data), len(fields[2])) == fields[2] }
		}
	}
	return files, nil
}

// blobHash is git's hash of a file's content: SHA-1 (n 40) or SHA-256 (n 64) of a blob object.
func blobHash(data []byte, n int) string {
	h := sha1.New()
	if n == 64 {
		h = sha256.New()
	}
	fmt.Fprintf(h, "blob %d\x00", len(data))
	h.Write(data)
	return hex.EncodeToString(h.Sum(nil))
}

// isGrader reports whether file f (relative to the root, with slashes) grades the lab.
func (l *Lab) isGrader(f string) bool {
	name, ok := strings.CutPrefix(f, filepath.ToSlash(l.Dir())+"/")
	return ok && !strings.Contains(name, "/") && (strings.HasSuffix(name, "_test.go") || slices.Contains(l.Given, name))
}

// LabFiles lists the files of the lab's folder, not its subfolders, relative to the root, with slashes.
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

// GraderChanges compares the lab's graders with the shipped ones.
func (c *Course) GraderChanges(l *Lab) []GraderChange {
	shipped, err := c.shipped(l)
	if err != nil {
		return []GraderChange{{courseroot.Manifest, "unreadable: " + err.Error()}}
	} else if shipped == nil {
		return nil
	}
	var changes []GraderChange
	for f, same := range shipped {
		if !l.isGrader(f) {
			continue
		}
		if data, err := os.ReadFile(filepath.Join(c.Root, filepath.FromSlash(f))); err != nil {
			changes = append(changes, GraderChange{f, "deleted"})
		} else if !same(data) {
			changes = append(changes, GraderChange{f, "changed"})
		}
	}
	for _, f := range c.LabFiles(l) {
		if _, ok := shipped[f]; !ok && l.isGrader(f) {
			changes = append(changes, GraderChange{f, "added"})
		}
	}
	sort.Slice(changes, func(i, j int) bool { return changes[i].File < changes[j].File })
	return changes
}

// IsUntouched reports whether every file of the lab is known to be as shipped, none added.
func (c *Course) IsUntouched(l *Lab) bool {
	same, known := c.untouched(l, func(string) bool { return true })
	return same && known
}

// Changed reports whether the learner is known to have changed the lab: a file differs from the
// shipped one, or one was added that is not a grader (GraderChanges tells those).
func (c *Course) Changed(l *Lab) bool {
	same, known := c.untouched(l, func(f string) bool { return !l.isGrader(f) })
	return known && !same
}

// untouched reports whether every file of the lab is as shipped, none added of those that
// counts picks; known is false when nothing can tell (see shipped).
func (c *Course) untouched(l *Lab, counts func(f string) bool) (same, known bool) {
	shipped, err := c.shipped(l)
	if err != nil || shipped == nil {
		return false, false
	}
	added := func(f string) bool { return shipped[f] == nil && counts(f) }
	if len(shipped) == 0 || slices.ContainsFunc(c.LabFiles(l), added) {
		return false, true
	}
	for f, same := range shipped {
		if data, err := os.ReadFile(filepath.Join(c.Root, filepath.FromSlash(f))); err != nil || !same(data) {
			return false, true
		}
	}
	return true, true
}

// DescribeChanges says which graders changed, in one phrase: "labs/01-demo/demo_test.go was
// changed", "2 files that grade it are not as shipped: a (changed), b (added)".
func DescribeChanges(changes []GraderChange, lang Lang) string {
	how := func(ch GraderChange) string {
		if lang != Chinese {
			return ch.How
		} else if err, ok := strings.CutPrefix(ch.How, "unreadable: "); ok {
			return "无法读取：" + err
		}
		return map[string]string{"changed": "被改动过", "deleted": "被删除了", "added": "是新加的"}[ch.How]
	}
	if len(changes) == 1 {
		return fmt.Sprintf(lang.Pick("%s was %s", "%s %s"), changes[0].File, how(changes[0]))
	}
	var names []string
	for _, ch := range changes {
		names = append(names, fmt.Sprintf(lang.Pick("%s (%s)", "%s（%s）"), ch.File, how(ch)))
	}
	return fmt.Sprintf(lang.Pick("%d files that grade it are not as shipped: %s", "有 %d 个评分文件与发布时不同：%s"), len(changes), strings.Join(names, lang.Pick(", ", "，")))
}

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

// ShippedRef is the commit that holds the labs as shipped: the branch the course was cloned
// from, or HEAD when there is none; "" when the course is not a git checkout.
func (c *Course) ShippedRef() string {
	for _, ref := range []string{"@{upstream}", "HEAD"} {
		if out, err := c.Git("rev-parse", "--verify", "-q", ref); err == nil {
			return strings.TrimSpace(string(out))
		}
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

// NormalizeEOL turns CRLF line ends into LF: git show gives the shipped files with LF, a checkout
// with core.autocrlf=true (Git for Windows' usual setting) has CRLF on disk.
func NormalizeEOL(b []byte) []byte { return bytes.ReplaceAll(b, []byte("\r\n"), []byte("\n")) }
