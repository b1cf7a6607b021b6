package stepcache

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"gomaps/labs/courseroot"
	"gomaps/tools/course/internal/base"
)

// Cache remembers which steps of the check passed and what each one read, in the manner of
// go test's cache, which records the files a test opens. A step's record is filed under a key
// that covers what it runs with: the check's own code (the course's packages it is built
// from), the go command's environment on the step's lane (the toolchain, GOEXPERIMENT, GOFLAGS,
// the platform, the proxy), the envtest binaries and the Debian packages the step runs. The
// record lists the course's files the step opened and the folders it listed, by any process
// (inputWatch), each with its sum, and the folders holding those files. A step is not run again
// when its key has a record whose every file and folder is as it was; -fresh runs it all the
// same. A cold machine has no records, so it runs everything.
//
// When the opens could not be watched (not Linux, inotify's queue overflowed), or the step read
// git's own files (pack bundles the last commit, whatever the work tree says), the record holds
// the sum of every file of the course instead: any change at all runs the step again.
//
// The cache does not make keys: its caller does, from what the step's result depends on
// besides the course's files.
type Cache struct {
	dir   string // where the records are: the course's cache folder's check/
	fresh bool   // ignore the records (but still write them)
	root  string

	snapOnce sync.Once
	snap     *snapshot
	snapErr  error
}

// New returns the cache of the course at root, with its records in the course's cache folder
// (none when there is no such folder: then nothing is found and nothing recorded). With fresh,
// no record is found, but records are still written.
func New(root string, fresh bool) *Cache {
	return NewIn(Dir(), root, fresh)
}

// NewIn is New with the records in dir, for tests.
func NewIn(dir, root string, fresh bool) *Cache {
	return &Cache{dir: dir, root: root, fresh: fresh}
}

// Dir is the folder of the check's records, in the course's cache folder ($GOMAPS_CACHE, or
// the user's cache folder's gomaps/), beside envtest's binaries; "" when there is none.
func Dir() string {
	dir, err := courseroot.CacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "check")
}

// Snapshot takes the course as it is before any step runs, once: the records are written and
// checked against it, and its reads must not be taken for a step's.
func (s *Cache) Snapshot() error {
	_, err := s.takeSnapshotOnce()
	return err
}

// A Step is one step's use of the cache while it runs: the key its parts' keys come from, and
// the lines of the records of its parts that were found rather than run (an output that passed
// before, a lab's verify), which go into the step's own record, so that the step is not skipped
// when an input of a part it did not run changed.
type Step struct {
	cache   *Cache
	key     string
	mu      sync.Mutex // the outputs' parts run side by side
	carried []string
}

// Step begins a step whose key is key.
func (s *Cache) Step(key string) *Step { return &Step{cache: s, key: key} }

// Carried returns the lines of the parts' records that were found.
func (st *Step) Carried() []string {
	st.mu.Lock()
	defer st.mu.Unlock()
	return slices.Clone(st.carried)
}

// snapshot is the course's files as the check found them when it started: every file git
// tracks or would track (so a new file counts too), with its sum, and each folder's entries.
// Records are written and checked against it, so that what a step changes in the work tree
// while it runs is not taken for what it read.
type snapshot struct {
	sums     map[string]string   // file → its sum ("absent": deleted but still in git's index)
	children map[string][]string // folder ("." for the top) → its entries' names, sorted
	tree     string              // the sum of all of it, and of the last commit's tree
	// The shipped commit's trees of the labs' and solutions' folders (labs/01-basics → its
	// tree's id), as the lab runner finds that commit: the branch the course was cloned from,
	// or HEAD.
	shipped map[string]string
}

func (s *Cache) takeSnapshotOnce() (*snapshot, error) {
	s.snapOnce.Do(func() { s.snap, s.snapErr = takeSnapshot(s.root) })
	return s.snap, s.snapErr
}

func takeSnapshot(root string) (*snapshot, error) {
	files, err := CourseFiles(root)
	if err != nil {
		return nil, err
	}
	t := &snapshot{sums: map[string]string{}, children: map[string][]string{}}
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
		for p := f; p != "."; {
			dir := path.Dir(p)
			t.children[dir] = append(t.children[dir], path.Base(p))
			p = dir
		}
	}
	for dir, names := range t.children {
		slices.Sort(names)
		t.children[dir] = slices.Compact(names)
	}
	// A step that reads git's files may read the last commit rather than the work tree (pack
	// bundles it): the commit's tree is part of the sum.
	head := exec.Command("git", "rev-parse", "-q", "--verify", "HEAD^{tree}")
	head.Dir = root
	out, _ := head.Output()
	fmt.Fprintf(h, "last commit's tree %s\n", strings.TrimSpace(string(out)))
	t.tree = hex.EncodeToString(h.Sum(nil))
	t.shipped = shippedTrees(root)
	return t, nil
}

// shippedTrees lists the tree ids of the folders of labs/ and solutions/ in the commit the lab
// runner reads the shipped labs from (ShippedRef of tools/lab/internal/course: the upstream
// branch, or HEAD).
func shippedTrees(root string) map[string]string {
	git := func(args ...string) string {
		cmd := exec.Command("git", args...)
		cmd.Dir = root
		out, err := cmd.Output()
		if err != nil {
			return ""
		}
		return strings.TrimSpace(string(out))
	}
	ref := git("rev-parse", "--verify", "-q", "@{upstream}")
	if ref == "" {
		ref = git("rev-parse", "--verify", "-q", "HEAD")
	}
	trees := map[string]string{}
	if ref == "" {
		return trees
	}
	for _, line := range strings.Split(git("ls-tree", ref, "labs/", "solutions/"), "\n") {
		// 040000 tree ID\tlabs/01-basics
		meta, name, ok := strings.Cut(line, "\t")
		if f := strings.Fields(meta); ok && len(f) == 3 && f[1] == "tree" {
			trees[name] = f[2]
		}
	}
	return trees
}

// fileSumNow is a file's sum as the snapshot has it, or, for a file outside it (ignored by git),
// as it is on disk.
func (t *snapshot) fileSumNow(root, rel string) string {
	if sum, ok := t.sums[rel]; ok {
		return sum
	}
	data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
	if err != nil {
		return "absent"
	}
	return base.DataSum(data)
}

// dirSum is the sum of a folder's entries, as the snapshot has them.
func (t *snapshot) dirSum(rel string) string {
	return base.DataSum([]byte(strings.Join(t.children[rel], "\n")))
}

// SubKey is the key of a part of a step with its own record (an output of the outputs step).
func SubKey(key, part string) string {
	return base.DataSum([]byte(key + "\n" + part))
}

// Inputs is what a step read: the course's files it opened and the folders it listed.
type Inputs struct {
	Files, Dirs []string
	Created     map[string]bool // made by the step: not inputs
	Git         bool            // it read git's files
	// The folders whose shipped versions the step reads from git, when it reads only those
	// (a lab's verify reads its lab's): then a record lists their trees, not every file.
	GitFolders []string
	// Lines of the records of the step's parts that were found, not run (Step.Carried).
	Carried []string
}

// CourseFiles lists the course's files, as paths relative to root with slashes: those git tracks or would
// track, or without git every file but those of .git, build and site/node_modules.
func CourseFiles(root string) ([]string, error) {
	cmd := exec.Command("git", "ls-files", "-z", "--cached", "--others", "--exclude-standard")
	cmd.Dir = root
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if out, err := cmd.Output(); err == nil {
		files := strings.Split(strings.TrimRight(string(out), "\x00"), "\x00")
		slices.Sort(files)
		return slices.Compact(files), nil
	}
	var files []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel := filepath.ToSlash(base.RelTo(root, path))
		if d.IsDir() {
			if rel == ".git" || rel == "build" || rel == "site/node_modules" {
				return filepath.SkipDir
			}
			return nil
		}
		files = append(files, rel)
		return nil
	})
	return files, err
}

func (s *Cache) file(name, key string) string {
	return filepath.Join(s.dir, name+"-"+key)
}

// Passed reports whether the step passed before with this key and the inputs it read then are
// as they are now, when, and in how many seconds.
func (s *Cache) Passed(name, key string) (time.Time, float64, bool) {
	at, secs, _, ok := s.passed(name, key)
	return at, secs, ok
}

// passed is Passed, with the lines of the record.
func (s *Cache) passed(name, key string) (time.Time, float64, []string, bool) {
	if s.fresh || s.dir == "" {
		return time.Time{}, 0, nil, false
	}
	data, err := os.ReadFile(s.file(name, key))
	if err != nil {
		return time.Time{}, 0, nil, false
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	f := strings.Fields(lines[0])
	if len(f) != 2 || len(lines) < 2 {
		return time.Time{}, 0, nil, false
	}
	at, err1 := time.Parse(time.RFC3339, f[0])
	secs, err2 := strconv.ParseFloat(f[1], 64)
	if err1 != nil || err2 != nil {
		return time.Time{}, 0, nil, false
	}
	snap, err := s.takeSnapshotOnce()
	if err != nil {
		return time.Time{}, 0, nil, false
	}
	for _, line := range lines[1:] {
		kind, rest, _ := strings.Cut(line, " ")
		sum, rel, _ := strings.Cut(rest, " ")
		var now string
		switch kind {
		case "tree":
			now = snap.tree
		case "file":
			now = snap.fileSumNow(s.root, rel)
		case "dir":
			now = snap.dirSum(rel)
		case "shipped":
			now = cmp.Or(snap.shipped[rel], "absent")
		default:
			return time.Time{}, 0, nil, false
		}
		if now != sum {
			return time.Time{}, 0, nil, false
		}
	}
	return at, secs, lines[1:], true
}

// Record notes that the step passed with this key, having read these inputs (nil: unknown).
func (s *Cache) Record(name, key string, secs float64, in *Inputs) error {
	if s.dir == "" {
		return nil
	}
	snap, err := s.takeSnapshotOnce()
	if err != nil {
		return err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s %.1f\n", time.Now().UTC().Format(time.RFC3339), secs)
	if in == nil || in.Git && len(in.GitFolders) == 0 {
		fmt.Fprintf(&b, "tree %s\n", snap.tree)
	} else {
		for _, f := range in.GitFolders {
			fmt.Fprintf(&b, "shipped %s %s\n", cmp.Or(snap.shipped[f], "absent"), f)
		}
		dirs := map[string]bool{}
		for _, d := range in.Dirs {
			if !in.Created[d] {
				dirs[d] = true
			}
		}
		files := slices.Clone(in.Files)
		slices.Sort(files)
		for _, f := range files {
			fmt.Fprintf(&b, "file %s %s\n", snap.fileSumNow(s.root, f), f)
			// The folder holding a file read counts too: a file added beside it, which a step
			// may only have looked for, changes it.
			dirs[path.Dir(f)] = true
		}
		for _, d := range slices.Sorted(maps.Keys(dirs)) {
			fmt.Fprintf(&b, "dir %s %s\n", snap.dirSum(d), d)
		}
	}
	if in != nil {
		seen := map[string]bool{}
		for _, line := range in.Carried {
			if !seen[line] {
				seen[line] = true
				fmt.Fprintf(&b, "%s\n", line)
			}
		}
	}
	if err := os.MkdirAll(s.dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(s.dir, ".record-")
	if err != nil {
		return err
	}
	tmp.WriteString(b.String())
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return os.Rename(tmp.Name(), s.file(name, key))
}

// Part runs one part of the step (a lab's verify, an output), named name and keyed by the
// step's key and what, unless the part's record says it passed with the same inputs: then it
// calls found with when it passed and how long it took, and returns nil. A part that passes is
// recorded with what it read, and gitFolders, the folders of the course whose shipped files it
// reads from git. A nil Step runs every part.
func (st *Step) Part(name, what string, gitFolders []string, found func(at time.Time, secs float64), run func() error) error {
	if st == nil || st.key == "" {
		return run()
	}
	s, key := st.cache, SubKey(st.key, what)
	if at, secs, lines, ok := s.passed(name, key); ok {
		st.mu.Lock()
		st.carried = append(st.carried, lines...)
		st.mu.Unlock()
		found(at, secs)
		return nil
	}
	start := time.Now()
	err, in, watchErr := s.WatchRun(run)
	if err == nil && watchErr == nil {
		in.GitFolders = gitFolders
		s.Record(name, key, time.Since(start).Seconds(), in)
	}
	return err
}

// WatchRun runs f while watching what it reads, when this system can: f's error, and the
// inputs, or nil and why they are unknown.
func (s *Cache) WatchRun(f func() error) (error, *Inputs, error) {
	if s.dir == "" || !Watchable {
		return f(), nil, errors.New("no inputs are watched here")
	}
	w, err := startInputWatch(s.root)
	if err != nil {
		return f(), nil, err
	}
	runErr := f()
	in, err := w.stop()
	return runErr, in, err
}
