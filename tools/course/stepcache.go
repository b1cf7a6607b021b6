package main

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
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

	"gomaps/labs/kubeassets"
	"gomaps/tools/course/internal/base"
)

// stepCache remembers which steps of the check passed and what each one read, in the manner of
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
type stepCache struct {
	dir   string // where the records are: the course's cache folder's check/
	fresh bool   // ignore the records (but still write them)
	root  string

	keyVersion string // changes every key when the key's recipe changes

	self string // the sum of the check's own sources; computed once when empty

	snapOnce sync.Once
	snap     *treeSnapshot
	snapErr  error

	// The inputs of the parts' records found while a step runs (an output, a lab's verify):
	// their lines go into the step's own record (stepInputs.carried), so that the step is not
	// skipped when an input of a part it did not run changed.
	carry   []string
	carryMu sync.Mutex // the outputs' parts run side by side
}

// treeSnapshot is the course's files as the check found them when it started: every file git
// tracks or would track (so a new file counts too), with its sum, and each folder's entries.
// Records are written and checked against it, so that what a step changes in the work tree
// while it runs is not taken for what it read.
type treeSnapshot struct {
	sums     map[string]string   // file → its sum ("absent": deleted but still in git's index)
	children map[string][]string // folder ("." for the top) → its entries' names, sorted
	tree     string              // the sum of all of it, and of the last commit's tree
	// The shipped commit's trees of the labs' and solutions' folders (labs/01-basics → its
	// tree's id), as the lab runner finds that commit: the branch the course was cloned from,
	// or HEAD.
	shipped map[string]string
}

func (s *stepCache) snapshot() (*treeSnapshot, error) {
	s.snapOnce.Do(func() { s.snap, s.snapErr = takeSnapshot(s.root) })
	return s.snap, s.snapErr
}

func takeSnapshot(root string) (*treeSnapshot, error) {
	files, err := courseFiles(root)
	if err != nil {
		return nil, err
	}
	t := &treeSnapshot{sums: map[string]string{}, children: map[string][]string{}}
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
// runner reads the shipped labs from (tools/lab's shippedRef: the upstream branch, or HEAD).
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
func (t *treeSnapshot) fileSumNow(root, rel string) string {
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
func (t *treeSnapshot) dirSum(rel string) string {
	return base.DataSum([]byte(strings.Join(t.children[rel], "\n")))
}

// stepCacheDir is the folder of the check's records: beside envtest's binaries, in the course's
// cache folder ($GOMAPS_CACHE, or the user's cache folder's gomaps/).
func stepCacheDir() string {
	dir, err := kubeassets.CacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(filepath.Dir(filepath.Dir(dir)), "check")
}

// goEnvKeys are the go command's settings a step's result depends on.
var goEnvKeys = []string{"GOVERSION", "GOEXPERIMENT", "GOFLAGS", "GOOS", "GOARCH", "GOAMD64", "CGO_ENABLED", "CC", "GOPROXY", "GOSUMDB", "GONOSUMDB", "GOPRIVATE"}

// key returns the step's key, or an error when an input cannot be read (then the step runs).
func (s *stepCache) key(c *checker, step checkStep) (string, error) {
	if s.dir == "" {
		return "", fmt.Errorf("the user has no cache folder")
	}
	if s.self == "" {
		self, err := selfSum(s.root)
		if err != nil {
			return "", err
		}
		s.self = self
	}
	h := sha256.New()
	fmt.Fprintf(h, "gomaps check %s\ncheck's sources %s\nstep %s\ntitle %s\n", s.keyVersion, s.self, step.name, step.title)
	env := os.Environ()
	if step.lane != nil {
		env = step.lane.Environ()
		fmt.Fprintf(h, "lane %s\n", strings.Join(step.lane.Env(), " "))
	}
	goenv := exec.Command("go", append([]string{"env"}, goEnvKeys...)...)
	goenv.Dir, goenv.Env = s.root, env
	out, err := goenv.Output()
	if err != nil {
		return "", fmt.Errorf("go env: %v", err)
	}
	fmt.Fprintf(h, "go env\n%s", out)
	for _, k := range []string{kubeassets.AssetsEnv, kubeassets.CacheEnv, "CHROMIUM"} {
		fmt.Fprintf(h, "%s=%s\n", k, os.Getenv(k))
	}
	envtestSum(h)
	if step.tools != nil {
		fmt.Fprintf(h, "tools\n%s\n", step.tools(c))
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// subKey is the key of a part of a step with its own record (an output of the outputs step).
func subKey(key, part string) string {
	return base.DataSum([]byte(key + "\n" + part))
}

// selfSum is the sum of the sources the check is built from: the course's own packages that
// tools/course imports, and go.mod and go.sum. A change to how a step runs gives every step
// another key.
func selfSum(root string) (string, error) {
	cmd := exec.Command("go", "list", "-deps", "-f", `{{if and .Module .Module.Main}}{{range .GoFiles}}{{$.Dir}}/{{.}}{{"\n"}}{{end}}{{range .EmbedFiles}}{{$.Dir}}/{{.}}{{"\n"}}{{end}}{{end}}`, "./tools/course")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go list -deps ./tools/course: %v", err)
	}
	files := append(strings.Fields(string(out)), filepath.Join(root, "go.mod"), filepath.Join(root, "go.sum"))
	h := sha256.New()
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(h, "%s %s\n", filepath.ToSlash(base.RelTo(root, f)), base.DataSum(data))
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// stepInputs is what a step read: the course's files it opened and the folders it listed.
type stepInputs struct {
	files, dirs []string
	created     map[string]bool // made by the step: not inputs
	git         bool            // it read git's files
	// The folders whose shipped versions the step reads from git, when it reads only those
	// (a lab's verify reads its lab's): then a record lists their trees, not every file.
	gitFolders []string
	// Lines of the records of the step's parts that were found, not run (stepCache.carry).
	carried []string
}

func courseFiles(root string) ([]string, error) {
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

// envtestSum writes the envtest binaries into h: which folder holds them and their contents'
// sums (about 150 MB, read in well under a second).
func envtestSum(h io.Writer) {
	dir, err := kubeassets.Dir()
	if err != nil {
		fmt.Fprintf(h, "envtest: %v\n", err)
		return
	}
	fmt.Fprintf(h, "envtest %s\n", dir)
	for _, name := range kubeassets.Binaries {
		fmt.Fprintf(h, "%s %s\n", name, cachedFileSum(filepath.Join(dir, name)))
	}
}

// fileSums remembers the sums cachedFileSum computed in this run, by path, size and time.
var fileSums sync.Map

// cachedFileSum is fileSum, or why a file has none, computed once per run for a file of the same
// path, size and time.
func cachedFileSum(path string) string {
	fi, err := os.Stat(path)
	if err != nil {
		return err.Error()
	}
	id := fmt.Sprintf("%s %d %d", path, fi.Size(), fi.ModTime().UnixNano())
	if sum, ok := fileSums.Load(id); ok {
		return sum.(string)
	}
	sum, err := base.FileSum(path)
	if err != nil {
		return err.Error()
	}
	fileSums.Store(id, sum)
	return sum
}

// debianTools returns a step's tools function: the installed versions of these Debian
// packages, as dpkg-query prints them (a package that is not installed says so).
func debianTools(pkgs ...string) func(*checker) string {
	return func(*checker) string {
		var b strings.Builder
		for _, p := range pkgs {
			out, err := exec.Command("dpkg-query", "-W", "-f", "${Package} ${Version} ${Status}", p).Output()
			if err != nil {
				fmt.Fprintf(&b, "%s: not installed by dpkg\n", p)
				continue
			}
			fmt.Fprintf(&b, "%s\n", out)
		}
		return b.String()
	}
}

func (s *stepCache) file(name, key string) string {
	return filepath.Join(s.dir, name+"-"+key)
}

// passed reports whether the step passed before with this key and the inputs it read then are
// as they are now, when, and in how many seconds.
func (s *stepCache) passed(name, key string) (time.Time, float64, bool) {
	if s.fresh || s.dir == "" {
		return time.Time{}, 0, false
	}
	data, err := os.ReadFile(s.file(name, key))
	if err != nil {
		return time.Time{}, 0, false
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	f := strings.Fields(lines[0])
	if len(f) != 2 || len(lines) < 2 {
		return time.Time{}, 0, false
	}
	at, err1 := time.Parse(time.RFC3339, f[0])
	secs, err2 := strconv.ParseFloat(f[1], 64)
	if err1 != nil || err2 != nil {
		return time.Time{}, 0, false
	}
	snap, err := s.snapshot()
	if err != nil {
		return time.Time{}, 0, false
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
			return time.Time{}, 0, false
		}
		if now != sum {
			return time.Time{}, 0, false
		}
	}
	s.carryMu.Lock()
	s.carry = append(s.carry, lines[1:]...)
	s.carryMu.Unlock()
	return at, secs, true
}

// record notes that the step passed with this key, having read these inputs (nil: unknown).
func (s *stepCache) record(name, key string, secs float64, in *stepInputs) error {
	if s.dir == "" {
		return nil
	}
	snap, err := s.snapshot()
	if err != nil {
		return err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s %.1f\n", time.Now().UTC().Format(time.RFC3339), secs)
	if in == nil || in.git && len(in.gitFolders) == 0 {
		fmt.Fprintf(&b, "tree %s\n", snap.tree)
	} else {
		for _, f := range in.gitFolders {
			fmt.Fprintf(&b, "shipped %s %s\n", cmp.Or(snap.shipped[f], "absent"), f)
		}
		dirs := map[string]bool{}
		for _, d := range in.dirs {
			if !in.created[d] {
				dirs[d] = true
			}
		}
		files := slices.Clone(in.files)
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
		for _, line := range in.carried {
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

// runPart runs one part of a step (a lab's verify, an output) under the step's key, unless the
// part's record says it passed with the same inputs: then it calls found with when it passed and
// how long it took, and returns nil. A part that passes is recorded with what it read, and
// gitFolders, the folders of the course whose shipped files it reads from git.
func (s *stepCache) runPart(part, key string, gitFolders []string, found func(at time.Time, secs float64), run func() error) error {
	if at, secs, ok := s.passed(part, key); ok {
		found(at, secs)
		return nil
	}
	start := time.Now()
	err, in, watchErr := s.watchRun(run)
	if err == nil && watchErr == nil {
		in.gitFolders = gitFolders
		s.record(part, key, time.Since(start).Seconds(), in)
	}
	return err
}

// watchRun runs f while watching what it reads, when this system can: f's error, and the
// inputs, or nil and why they are unknown.
func (s *stepCache) watchRun(f func() error) (error, *stepInputs, error) {
	if s.dir == "" || !watchable {
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
