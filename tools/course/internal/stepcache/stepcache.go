// Package stepcache is the check's records of the steps that passed, in the manner of go
// test's cache. A record is filed under a key the caller makes from what the step depends on
// besides the course's files, and lists with their sums the files the step opened and the
// folders it listed, by any process (inputWatch), and the folders of those files. A step whose
// key has a record whose every line is as it was is not run again. When what it read is
// unknown (not Linux, inotify's queue overflowed, git's files read without saying what:
// Inputs.GitReads), the record holds the sum of every file of the course and of the last commit.
package stepcache

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"gomaps/labs/courseroot"
	"gomaps/tools/course/internal/base"
)

// Head is, among what a step reads of git, the last commit's tree (the room pack bundles it);
// any other is a folder of the commit the lab runner reads the shipped labs from.
const Head = "HEAD"

// A Cache is the records of one run of the check.
type Cache struct {
	dir, root string
	fresh     bool      // find no record (but write them)
	snap      *snapshot // the course when the run began
}

// New returns the records in dir (Dir) of the course at root as it is now, before any step
// changes it. With fresh, no record is found.
func New(dir, root string, fresh bool) (*Cache, error) {
	snap, err := takeSnapshot(root)
	return &Cache{dir: dir, root: root, fresh: fresh, snap: snap}, err
}

// Dir is the folder of the check's records in the course's cache folder; "" if there is none.
func Dir() string {
	dir, err := courseroot.CacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "check")
}

// A Record is a step's pass the cache found.
type Record struct {
	At    time.Time
	Secs  float64
	lines []string // what it read, carried into the record of the step it is a part of
}

func (r Record) String() string {
	return fmt.Sprintf("cached: it passed in %.1fs at %s with the same inputs", r.Secs, r.At.Format("2006-01-02 15:04"))
}

// Passed returns the record of the step name under key, if every input it lists is as it was.
func (c *Cache) Passed(name, key string) (Record, bool) {
	data, err := os.ReadFile(c.file(name, key))
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	if c.fresh || err != nil || len(lines) < 2 {
		return Record{}, false
	}
	r, at := Record{lines: lines[1:]}, ""
	if _, err := fmt.Sscanf(lines[0], "%s %g", &at, &r.Secs); err != nil {
		return Record{}, false
	}
	if r.At, err = time.Parse(time.RFC3339, at); err != nil {
		return Record{}, false
	}
	for _, line := range r.lines {
		kind, rest, _ := strings.Cut(line, " ")
		sum, rel, _ := strings.Cut(rest, " ")
		if c.snap.sum(c.root, kind, rel) != sum {
			return Record{}, false
		}
	}
	return r, true
}

// Inputs is what a step read.
type Inputs struct {
	Files, Dirs map[string]bool // the course's files it opened and folders it listed
	Created     map[string]bool // what it made: not inputs
	Git         bool            // it read git's own files
	GitReads    []string        // what it read there (a lab's folders, Head), when it says
	Carried     []string        // the lines of the records of its parts that were found, not run
	Unknown     error           // why what it read is unknown
}

// lines are the record's lines for in, with their sums as the snapshot has them.
func (in *Inputs) lines(root string, snap *snapshot) []string {
	lines := map[string]bool{}
	add := func(kind, rel string) {
		lines[strings.TrimSuffix(kind+" "+snap.sum(root, kind, rel)+" "+rel, " ")] = true
	}
	if in.Unknown != nil || in.Git && len(in.GitReads) == 0 {
		add("tree", "")
	} else {
		for _, g := range in.GitReads {
			add("git", g)
		}
		for d := range in.Dirs {
			if !in.Created[d] {
				add("dir", d)
			}
		}
		for f := range in.Files {
			if !in.Created[f] {
				add("file", f)
				add("dir", path.Dir(f)) // a file added beside it, which a step may have looked for
			}
		}
	}
	for _, l := range in.Carried {
		lines[l] = true
	}
	return slices.Sorted(maps.Keys(lines))
}

// write records that the step name passed in secs with this key, having read in.
func (c *Cache) write(name, key string, secs float64, in *Inputs) error {
	header := fmt.Sprintf("%s %.1f", time.Now().UTC().Format(time.RFC3339), secs)
	text := strings.Join(append([]string{header}, in.lines(c.root, c.snap)...), "\n") + "\n"
	tmp := fmt.Sprintf("%s.%d", c.file(name, key), os.Getpid()) // whole, or not at all
	if err := os.MkdirAll(c.dir, 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(tmp, []byte(text), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, c.file(name, key))
}

func (c *Cache) file(name, key string) string { return filepath.Join(c.dir, name+"-"+key) }

// watch runs f while watching what it reads: what it read, and f's error.
func (c *Cache) watch(f func() error) (*Inputs, error) {
	w, err := startInputWatch(c.root)
	if err != nil {
		return &Inputs{Unknown: err}, f()
	}
	err = f()
	return w.stop(), err
}

// A Step is one step's run. Its parts (an output, a lab's verify) have records of their own,
// whose lines go into the step's record too. A nil Step keeps no records.
type Step struct {
	cache *Cache
	key   string

	mu      sync.Mutex // the outputs' parts run side by side
	carried []string   // the lines of the parts' records that were found
	git     []string   // what the parts read of git
	errs    []error    // why parts that passed were not recorded
}

// Step begins the run of the step keyed key.
func (c *Cache) Step(key string) *Step { return &Step{cache: c, key: key} }

// Run runs the step's f: what it read, with its parts', and f's error.
func (st *Step) Run(f func() error) (*Inputs, error) {
	if st == nil {
		return &Inputs{Unknown: errors.New("the check keeps no records")}, f()
	}
	in, err := st.cache.watch(f)
	st.mu.Lock()
	defer st.mu.Unlock()
	in.GitReads = append(in.GitReads, st.git...)
	in.Carried = slices.Clone(st.carried)
	return in, err
}

// Record records that the step name passed in secs with key, having read in; the error says
// which of its parts were not recorded too.
func (st *Step) Record(name, key string, secs float64, in *Inputs) error {
	return errors.Join(append([]error{st.cache.write(name, key, secs, in)}, st.errs...)...)
}

// Part runs one part of the step (named name, keyed by the step's key and what), unless its
// record says it passed with the same inputs: then it calls found. git is what it reads of git.
func (st *Step) Part(name, what string, git []string, found func(Record), run func() error) error {
	if st == nil {
		return run()
	}
	key := base.DataSum([]byte(st.key + "\n" + what))
	if rec, ok := st.cache.Passed(name, key); ok {
		st.add(rec.lines, git, nil)
		found(rec)
		return nil
	}
	start := time.Now()
	in, err := st.cache.watch(run)
	if err != nil {
		return err
	}
	in.GitReads = git
	if err = st.cache.write(name, key, time.Since(start).Seconds(), in); err != nil {
		err = fmt.Errorf("%s: %v", what, err)
	}
	st.add(nil, git, err)
	return nil
}

// add notes a part's record's lines, what it read of git, and why it was not recorded.
func (st *Step) add(lines, git []string, err error) {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.carried = append(st.carried, lines...)
	st.git = append(st.git, git...)
	if err != nil {
		st.errs = append(st.errs, err)
	}
}

// snapshot is the course's files when the check started (CourseFiles: a new file counts too).
type snapshot struct {
	sums     map[string]string   // file → its sum ("absent": deleted but still in git's index)
	children map[string][]string // folder ("." for the top) → its entries' names, sorted
	tree     string              // the sum of all of it, and of the last commit's tree
	trees    map[string]string   // what a step may read of git (Head, labs/01-basics) → its tree
}

func takeSnapshot(root string) (*snapshot, error) {
	refreshIndex(root)
	files, err := CourseFiles(root)
	if err != nil {
		return nil, err
	}
	t := &snapshot{sums: map[string]string{}, children: map[string][]string{}, trees: gitTrees(root)}
	h := sha256.New()
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(f)))
		switch {
		case os.IsNotExist(err):
			t.sums[f] = "absent"
		case err != nil:
			return nil, fmt.Errorf("read %s: %v", f, err)
		default:
			t.sums[f] = base.DataSum(data)
		}
		fmt.Fprintf(h, "file %q %s\n", f, t.sums[f])
		for p := f; p != "."; p = path.Dir(p) {
			t.children[path.Dir(p)] = append(t.children[path.Dir(p)], path.Base(p))
		}
	}
	for dir, names := range t.children {
		t.children[dir] = slices.Compact(slices.Sorted(slices.Values(names)))
	}
	fmt.Fprintf(h, "last commit's tree %s\n", t.trees[Head])
	t.tree = hex.EncodeToString(h.Sum(nil))
	return t, nil
}

// refreshIndex brings git's index up to date with the work tree. In a fresh clone every entry
// is as new as the index, and git status (the room pack says whether the clone has changes)
// opens every file to compare it: once the index is written again, a second or more after the
// files, it opens none but those changed, and a step's record holds what it read itself.
func refreshIndex(root string) {
	cmd := exec.Command("git", "update-index", "-q", "--refresh")
	cmd.Dir = root
	cmd.Run() // no repository, or files changed: nothing to do, or git status opens those
}

// gitTrees are the tree ids of Head and of the folders of labs/ and solutions/ in the commits
// the lab runner and the book read the shipped labs from: the branch the course was cloned
// from, then HEAD (a folder's line holds both).
func gitTrees(root string) map[string]string {
	git := func(args ...string) string {
		cmd := exec.Command("git", args...)
		cmd.Dir = root
		out, _ := cmd.Output() // no commit: no tree
		return strings.TrimSpace(string(out))
	}
	trees := map[string]string{Head: git("rev-parse", "-q", "--verify", "HEAD^{tree}")}
	for _, ref := range []string{git("rev-parse", "--verify", "-q", "@{upstream}"), "HEAD"} {
		if ref == "" {
			continue // no branch the course was cloned from
		}
		for _, line := range strings.Split(git("ls-tree", ref, "labs/", "solutions/"), "\n") {
			// 040000 tree ID\tlabs/01-basics
			meta, name, ok := strings.Cut(line, "\t")
			if f := strings.Fields(meta); ok && len(f) == 3 && f[1] == "tree" {
				trees[name] = strings.TrimPrefix(trees[name]+"+"+f[2], "+") // no space: a line's sum is one word
			}
		}
	}
	return trees
}

// sum is an input's sum as the snapshot has it: a file's (one git ignores: as it is on disk), a
// folder's entries', a tree of git, or every file's.
func (t *snapshot) sum(root, kind, rel string) string {
	switch kind {
	case "file":
		if sum, ok := t.sums[rel]; ok {
			return sum
		}
		if sum, err := base.FileSum(filepath.Join(root, filepath.FromSlash(rel))); err == nil {
			return sum
		}
		return "absent"
	case "dir":
		return base.DataSum([]byte(strings.Join(t.children[rel], "\n")))
	case "git":
		return cmp.Or(t.trees[rel], "absent")
	case "tree":
		return t.tree
	}
	return "unknown kind " + kind
}

// CourseFiles lists the files git tracks or would track, relative to root, with slashes.
func CourseFiles(root string) ([]string, error) {
	cmd := exec.Command("git", "ls-files", "-z", "--cached", "--others", "--exclude-standard")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("git ls-files: %v", err)
	}
	return slices.Compact(slices.Sorted(slices.Values(strings.Split(strings.TrimRight(string(out), "\x00"), "\x00")))), nil
}
