package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"gomaps/labs/kubeassets"
)

// stepCache remembers which steps of the check passed, under a key that covers everything the
// step's result depends on, in the manner of go test's cache: the course's files (every file
// git tracks or would track, so a new file counts too), the go command's environment on the
// step's lane (the toolchain, GOEXPERIMENT, GOFLAGS, the platform, the proxy), the envtest
// binaries, and the Debian packages the step runs. A step whose key passed before is not run
// again; -fresh runs it all the same. A cold machine has no cache, so it runs everything.
//
// The key is deliberately coarse: any change to any file of the course runs every step again.
// It cannot miss an input that way (a claim test builds other packages, an output reads files
// of the labs), and a contributor's edit loop has check -quick and -lane.
type stepCache struct {
	dir   string // where the records are: the course's cache folder's check/
	fresh bool   // ignore the records (but still write them)
	root  string

	keyVersion string // changes every key when the key's recipe changes
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
	h := sha256.New()
	fmt.Fprintf(h, "gomaps check %s\nstep %s\ntitle %s\n", s.keyVersion, step.name, step.title)
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
	if err := treeSum(h, s.root); err != nil {
		return "", err
	}
	envtestSum(h)
	if step.tools != nil {
		fmt.Fprintf(h, "tools\n%s\n", step.tools(c))
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// treeSum writes every file of the course into h: its path, size and contents. The files are
// those git lists as tracked or untracked but not ignored; outside a git work tree, every file
// but .git, build/ and site/node_modules.
func treeSum(h io.Writer, root string) error {
	files, err := courseFiles(root)
	if err != nil {
		return err
	}
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(f)))
		if err != nil {
			if os.IsNotExist(err) {
				// Deleted in the work tree but still in git's index: absent is its content.
				fmt.Fprintf(h, "file %q absent\n", f)
				continue
			}
			return fmt.Errorf("read %s: %v", f, err)
		}
		fmt.Fprintf(h, "file %q %d\n", f, len(data))
		h.Write(data)
	}
	return nil
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
		rel := filepath.ToSlash(relTo(root, path))
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
	sum, err := fileSum(path)
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

// passed reports whether the step passed before with this key, when, and in how many seconds.
func (s *stepCache) passed(name, key string) (time.Time, float64, bool) {
	if s.fresh || s.dir == "" {
		return time.Time{}, 0, false
	}
	data, err := os.ReadFile(s.file(name, key))
	if err != nil {
		return time.Time{}, 0, false
	}
	f := strings.Fields(string(data))
	if len(f) != 2 {
		return time.Time{}, 0, false
	}
	at, err1 := time.Parse(time.RFC3339, f[0])
	secs, err2 := strconv.ParseFloat(f[1], 64)
	if err1 != nil || err2 != nil {
		return time.Time{}, 0, false
	}
	return at, secs, true
}

// record notes that the step passed with this key.
func (s *stepCache) record(name, key string, secs float64) error {
	if s.dir == "" {
		return nil
	}
	if err := os.MkdirAll(s.dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(s.dir, ".record-")
	if err != nil {
		return err
	}
	fmt.Fprintf(tmp, "%s %.1f\n", time.Now().UTC().Format(time.RFC3339), secs)
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return os.Rename(tmp.Name(), s.file(name, key))
}
