// Package gosrc finds lines in the source of a Go toolchain or of a module at a version, and
// cites them: chapter 09 rests its rulings on such lines, and chapter 03's fast paths program
// prints them.
//
// A [Resolver] fetches a tree once, through the go command and its module proxy, as GOTOOLCHAIN
// and go mod download do, and keeps it in the module cache. [Grep] and [FindBlock] read a tree's
// lines. [Resolver.Cite] looks up a [Source], a line that one pattern must find, or that no
// line matches, and returns a [Citation]: the line, where it is and at what version, in no
// language, for a renderer to write in the words of its own.
package gosrc

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"

	"gomaps/labs/courseroot"
	"gomaps/labs/lanes"
)

// Resolver finds the sources the evidence cites: a Go toolchain's tree, or a module's, fetched
// through the go command (and its module proxy) once and kept in the module cache.
type Resolver struct {
	Repo string // the course's root

	mu    sync.Mutex
	roots map[string]string

	localOnce             sync.Once
	localVersion, localGo string // the Go installed on the machine
}

// NewResolver returns a resolver for the course that holds the current folder.
func NewResolver() (*Resolver, error) {
	root, _, err := courseroot.Find("")
	if err != nil {
		return nil, err
	}
	return &Resolver{Repo: root, roots: map[string]string{}}, nil
}

// Root returns the folder of a toolchain or a module@version, downloading it if needed.
func (r *Resolver) Root(at string) (string, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if root, ok := r.roots[at]; ok {
		return root, nil
	}
	var root string
	var err error
	if strings.HasPrefix(at, "go1") {
		root, err = r.toolchain(at)
	} else {
		root, err = r.download(at)
	}
	if err != nil {
		return "", err
	}
	r.roots[at] = root
	return root, nil
}

// toolchain returns the root of a Go toolchain: the local one if it is that version, else the
// toolchain module the go command itself uses for GOTOOLCHAIN.
func (r *Resolver) toolchain(version string) (string, error) {
	if v, goroot := r.local(); v == version {
		return goroot, nil
	}
	return r.download(lanes.ToolchainModule + "@" + lanes.ModuleVersion(version, runtime.GOOS, runtime.GOARCH))
}

// local returns the version and root of the Go installed on the machine, or "" for both.
func (r *Resolver) local() (version, goroot string) {
	r.localOnce.Do(func() { r.localVersion, r.localGo = findLocalGo(r.Repo) })
	return r.localVersion, r.localGo
}

func findLocalGo(repo string) (version, goroot string) {
	// Under the classic lane's GOTOOLCHAIN the go command runs this program with that toolchain's bin
	// folder first on PATH: look past it, and past GOEXPERIMENT=noswissmap, which the local
	// Go 1.26 rejects, for the go command installed on the machine.
	var path []string
	for _, dir := range filepath.SplitList(os.Getenv("PATH")) {
		if dir != filepath.Join(runtime.GOROOT(), "bin") {
			path = append(path, dir)
		}
	}
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "PATH=") && !strings.HasPrefix(kv, "GOEXPERIMENT=") && !strings.HasPrefix(kv, "GOTOOLCHAIN=") && !strings.HasPrefix(kv, "GOROOT=") {
			env = append(env, kv)
		}
	}
	goCmd := "go"
	for _, dir := range path {
		if p := filepath.Join(dir, "go"); isExecutable(p) {
			goCmd = p
			break
		}
	}
	cmd := exec.Command(goCmd, "env", "GOVERSION", "GOROOT")
	cmd.Env = append(env, "GOTOOLCHAIN=local", "PATH="+strings.Join(path, string(filepath.ListSeparator)))
	cmd.Dir = repo
	out, err := cmd.Output()
	if err != nil {
		return "", ""
	}
	if lines := strings.Fields(string(out)); len(lines) == 2 {
		return lines[0], lines[1]
	}
	return "", ""
}

// DocsNotHereError says that a file of a toolchain's doc/ or api/ folder cannot be read on this
// machine: the toolchain the go command downloads leaves those folders out, and the Go installed
// here is another minor release. The evidence is checked where that release is installed (CI).
type DocsNotHereError struct{ At, File, Local string }

func (e *DocsNotHereError) Error() string {
	return fmt.Sprintf("%s of %s is not on this machine: the toolchain the go command downloads has no doc/ or api/ folder, and the Go installed here is %s; install Go %s to check this evidence",
		e.File, e.At, orNone(e.Local), strings.TrimPrefix(minor(e.At), "go"))
}

func orNone(v string) string {
	if v == "" {
		return "not found"
	}
	return v
}

// isDocFile reports whether file of a toolchain is one the downloaded toolchain leaves out.
func isDocFile(at, file string) bool {
	return strings.HasPrefix(at, "go1") && (strings.HasPrefix(file, "doc/") || strings.HasPrefix(file, "api/"))
}

// docRoot returns where file of toolchain at is: root, except for the spec and the API lists
// (doc/, api/), which the toolchain module the go command downloads leaves out. Those come from
// the local Go of the same minor version (neither changes within a minor version), and with no
// such Go they are not here: a *DocsNotHereError.
func (r *Resolver) docRoot(at, root, file string) (string, error) {
	if !isDocFile(at, file) || exists(root, file) {
		return root, nil
	}
	version, goroot := r.local()
	if minor(version) == minor(at) && goroot != "" && exists(goroot, file) {
		return goroot, nil
	}
	return "", &DocsNotHereError{At: at, File: file, Local: version}
}

func exists(root, file string) bool {
	_, err := os.Stat(filepath.Join(root, filepath.FromSlash(file)))
	return err == nil
}

// minor cuts a Go version to its minor release: a toolchain "go1.N.P" is "go1.N".
func minor(v string) string {
	if parts := strings.SplitN(v, ".", 3); len(parts) >= 2 {
		return parts[0] + "." + parts[1]
	}
	return v
}

// download runs go mod download -json module@version and returns the module's folder.
func (r *Resolver) download(at string) (string, error) {
	if !strings.Contains(at, "@") {
		return "", fmt.Errorf("%q: want a Go toolchain (go1.N.M) or module@version", at)
	}
	cmd := exec.Command("go", "mod", "download", "-json", at)
	cmd.Dir = r.Repo
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	var info struct{ Dir, Error string }
	if jerr := json.Unmarshal(out, &info); jerr == nil && info.Error != "" {
		return "", fmt.Errorf("go mod download %s: %s", at, info.Error)
	}
	if err != nil || info.Dir == "" {
		return "", fmt.Errorf("go mod download %s: %v %s", at, err, strings.TrimSpace(stderr.String()))
	}
	return info.Dir, nil
}

func isExecutable(path string) bool {
	info, err := os.Stat(path)
	return err == nil && !info.IsDir() && info.Mode()&0o111 != 0
}
