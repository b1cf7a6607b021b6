package testrun

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"go/parser"
	"go/token"
	"hash"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"gomaps/labs/courseroot"
	"gomaps/labs/kubeassets"
	"gomaps/tools/lab/internal/course"
)

// What a lab's result depends on, and so its key (labKey): a change to any of it makes the key
// change, and the lab run again.
//
//   - every file under the lab's folder: the learner's files, the tests, and testdata/ (go test
//     -fuzz writes the inputs that failed there, and go test runs them after);
//   - every file of the course's packages that the lab's files import, and the ones those
//     import, found by reading their imports;
//   - go.mod, go.sum, go.work and go.work.sum, and what the labs were shipped as
//     (labs/shipped.sum, else the git commit), against which a lab's tests are checked;
//   - the toolchain and its settings (see loadRecords), the lane's settings, and the environment
//     variables that change what the labs' tests do (keyEnv);
//   - for a lab that imports labs/kubeassets (its tests start an API server): the envtest
//     binaries it would find, by path, size and time.

// keyEnv are the environment variables that change what the labs' tests do: the runtime's
// settings, the race detector's, and where envtest's binaries are found.
var keyEnv = []string{"GODEBUG", "GOMAXPROCS", "GOGC", "GOMEMLIMIT", "GORACE", kubeassets.AssetsEnv, courseroot.CacheEnv}

// labKey hashes what a run of lab l depends on, or "" when it cannot tell.
func labKey(c *course.Course, l *course.Lab, toolchain string) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00%q\x00", resultsVersion, toolchain, c.Go.Env)
	for _, k := range keyEnv {
		fmt.Fprintf(h, "%s=%q\x00", k, os.Getenv(k))
	}
	for _, f := range []string{"go.mod", "go.sum", "go.work", "go.work.sum", courseroot.Manifest} {
		if addFile(h, c.Root, filepath.FromSlash(f)) != nil {
			fmt.Fprintf(h, "%s\x00absent\x00", f) // a module without dependencies has no go.sum
		}
	}
	if _, err := os.Stat(filepath.Join(c.Root, filepath.FromSlash(courseroot.Manifest))); err != nil {
		fmt.Fprintf(h, "shipped %s\x00", c.ShippedRef())
	}
	files, deps, err := keyFiles(c, l)
	if err != nil {
		return ""
	}
	for _, f := range files {
		if addFile(h, c.Root, f) != nil {
			return ""
		}
	}
	if slices.Contains(deps, filepath.Join("labs", "kubeassets")) {
		// The envtest binaries a test would start: their folder, or why there is none, and
		// each binary's size and time.
		kubeassets.Identify(h, func(path string) string {
			fi, err := os.Stat(path)
			if err != nil {
				return err.Error()
			}
			return fmt.Sprintf("%d %d", fi.Size(), fi.ModTime().UnixNano())
		})
	}
	return hex.EncodeToString(h.Sum(nil))
}

// addFile adds the file at path (relative to root) to h: its name, length and bytes.
func addFile(h hash.Hash, root, path string) error {
	data, err := os.ReadFile(filepath.Join(root, path))
	if err != nil {
		return err
	}
	fmt.Fprintf(h, "%s\x00%d\x00", filepath.ToSlash(path), len(data))
	h.Write(data)
	return nil
}

// keyFiles lists the files (relative to the root) a run of lab l builds with or reads: every
// file under the lab's folder, then the files of each course package its .go files import, and
// the non-test files of the packages import in turn; deps are those packages' folders, sorted.
func keyFiles(c *course.Course, l *course.Lab) (files, deps []string, err error) {
	imports := map[string]bool{}
	err = filepath.WalkDir(filepath.Join(c.Root, l.Dir()), func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(c.Root, path)
		files = append(files, rel)
		if strings.HasSuffix(path, ".go") {
			addImports(path, imports)
		}
		return nil
	})
	seen := map[string]bool{}
	for len(imports) > 0 && err == nil {
		more := map[string]bool{}
		for p := range imports {
			rel, ok := strings.CutPrefix(p, c.Module+"/")
			if !ok || seen[rel] {
				continue
			}
			seen[rel] = true
			deps = append(deps, filepath.FromSlash(rel))
			var entries []os.DirEntry
			entries, err = os.ReadDir(filepath.Join(c.Root, filepath.FromSlash(rel)))
			for _, e := range entries {
				if name := e.Name(); !e.IsDir() && strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go") {
					addImports(filepath.Join(c.Root, filepath.FromSlash(rel), name), more)
				}
			}
		}
		imports = more
	}
	sort.Strings(deps)
	for _, dir := range deps {
		entries, _ := os.ReadDir(filepath.Join(c.Root, dir))
		for _, e := range entries {
			if !e.IsDir() {
				files = append(files, filepath.Join(dir, e.Name()))
			}
		}
	}
	return files, deps, err
}

// addImports adds the import paths of the Go file at path to imports. A file that does not
// parse adds none: it is in the key by its bytes, and go test reports it.
func addImports(path string, imports map[string]bool) {
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
	if err != nil {
		return
	}
	for _, imp := range f.Imports {
		if p, err := strconv.Unquote(imp.Path.Value); err == nil {
			imports[p] = true
		}
	}
}
