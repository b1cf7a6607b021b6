package doctor

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"gomaps/labs/courseroot"
	"gomaps/labs/kubeassets"
	"gomaps/labs/lanes"
	"gomaps/tools/course/internal/base"
	"gomaps/tools/internal/cli"
	"gomaps/tools/internal/gocmd"
)

// fakeMachine is a machine where every need of the course is met, until a test takes one away.
// Its folders are relative names: course, gomodcache, gocache.
type fakeMachine struct {
	t          *testing.T
	env        map[string]string   // go env
	envErr     error               // what GoEnv returns instead
	installed  string              // the installed go's release, when GOTOOLCHAIN switched go env's go from it
	paths      map[string]string   // programs on PATH
	files      fstest.MapFS        // the file system, by slash paths
	free       map[string]uint64   // free bytes by folder; missing: 50 GB
	freeErr    error               // what FreeDisk returns instead
	root       bool                // running as root
	mkdocs     string              // the Python with mkdocs, or ""
	envtestErr error               // what EnvtestDir returns instead of its folder
	runs       map[string]fakeRun  // by command line, without the environment
	ran        []string            // the command lines run, in order
	modules    []map[string]string // what go mod download -json reports
	tempFiles  map[string]string   // the files of the last probe that had some
}

type fakeRun struct {
	stdout, stderr string
	err            error
}

const (
	fakeRoot     = "course"
	fakeModCache = "gomodcache"
	fakeGoCache  = "gocache"
)

// courseModules returns the modules the course's go.mod requires.
func courseModules(t *testing.T) (gomod []byte, modules []string) {
	t.Helper()
	root, err := base.FindRoot()
	if err != nil {
		t.Fatal(err)
	}
	gomod, err = (realMachine{}).ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range courseroot.ParseGoMod(gomod).Require {
		modules = append(modules, r.Path+"@"+r.Version)
	}
	return gomod, modules
}

func toolchainPath(goos, goarch string) string {
	return fakeModCache + "/" + lanes.ToolchainModule + "@v0.0.1-" + lanes.Classic().Toolchain + "." + goos + "-" + goarch + "/bin/go"
}

func healthy(t *testing.T) *fakeMachine {
	gomod, modules := courseModules(t)
	f := &fakeMachine{
		t: t,
		env: map[string]string{
			"GOVERSION": "go1.26.4", "GOOS": "linux", "GOARCH": "amd64", "GOHOSTOS": "linux", "GOHOSTARCH": "amd64",
			"GOTOOLCHAIN": "auto", "GOPROXY": "file://" + filepath.ToSlash(t.TempDir()), "GOFLAGS": "",
			"CC": "gcc", "CGO_ENABLED": "1",
			"GOMODCACHE": fakeModCache, "GOCACHE": fakeGoCache,
		},
		paths: map[string]string{"go": "bin/go", "gcc": "bin/gcc", "clang": "bin/clang", "git": "bin/git", "python3": "bin/python3", "apt-get": "bin/apt-get"},
		files: fstest.MapFS{
			fakeRoot + "/go.mod":                 {Data: gomod},
			toolchainPath("linux", "amd64"):      {Data: []byte("go"), Mode: 0o755},
			fakeGoCache + "/ab/ab12-d/dlv":       {Data: []byte("dlv"), Mode: 0o755},
			fakeGoCache + "/cd/cd34-d/benchstat": {Data: []byte("benchstat"), Mode: 0o755},
			fakeGoCache + "/ef/ef56-a":           {Data: []byte("index entry")},
		},
		mkdocs: "bin/python3",
		runs: map[string]fakeRun{
			"go version":           {stdout: "go version " + lanes.Classic().Toolchain + " linux/amd64\n"},
			"go run -race .":       {stdout: "race detector ok: 4\n"},
			"go tool -n dlv":       {stdout: fakeGoCache + "/ab/ab12-d/dlv\n"},
			"go tool -n benchstat": {stdout: fakeGoCache + "/cd/cd34-d/benchstat\n"},
		},
	}
	for _, m := range modules {
		path, version, _ := strings.Cut(m, "@")
		f.modules = append(f.modules, map[string]string{"Path": path, "Version": version})
	}
	return f
}

// host makes the fake a goos/goarch machine, with its classic toolchain in the module cache.
func (f *fakeMachine) host(goos, goarch string) {
	delete(f.files, toolchainPath(f.env["GOHOSTOS"], f.env["GOHOSTARCH"]))
	f.env["GOOS"], f.env["GOHOSTOS"], f.env["GOARCH"], f.env["GOHOSTARCH"] = goos, goos, goarch, goarch
	f.files[toolchainPath(goos, goarch)] = &fstest.MapFile{Data: []byte("go"), Mode: 0o755}
}

// switched makes f a machine whose installed go runs lane installed, and whose shell exported
// GOTOOLCHAIN with run's toolchain, which the go command switched to from the module cache.
func (f *fakeMachine) switched(run, installed lanes.Lane) {
	f.env["GOTOOLCHAIN"], f.env["GOVERSION"] = run.Toolchain, run.Toolchain
	f.installed = installed.Toolchain
	f.files[filepath.ToSlash(lanes.ToolchainGo(run.Toolchain, fakeModCache, "linux", "amd64"))] = &fstest.MapFile{Data: []byte("go"), Mode: 0o755}
}

// uncacheToolchain takes the classic toolchain out of the module cache; listed says what
// go list -m answers about it.
func (f *fakeMachine) uncacheToolchain(listed fakeRun) {
	delete(f.files, toolchainPath(f.env["GOHOSTOS"], f.env["GOHOSTARCH"]))
	f.runs["go list -m "+lanes.ToolchainModule+"@v0.0.1-"+lanes.Classic().Toolchain+".linux-amd64"] = listed
}

// loseModules makes go mod download with GOPROXY=off fail for the first n modules.
func (f *fakeMachine) loseModules(n int) {
	for _, m := range f.modules[:n] {
		m["Error"] = "module lookup disabled by GOPROXY=off"
	}
}

func (f *fakeMachine) LookPath(name string) (string, error) {
	if p, ok := f.paths[name]; ok {
		return p, nil
	}
	return "", fmt.Errorf("exec: %q: executable file not found in $PATH", name)
}

func (f *fakeMachine) Run(_ context.Context, p probe) ([]byte, []byte, error) {
	line := strings.Join(p.args, " ")
	f.ran = append(f.ran, line)
	if p.files != nil {
		f.tempFiles = p.files
	}
	r, ok := f.runs[line]
	if !ok && line == "go mod download -json" {
		var out bytes.Buffer
		failed := false
		for _, m := range f.modules {
			b, _ := json.Marshal(m)
			out.Write(append(b, '\n'))
			failed = failed || m["Error"] != ""
		}
		if failed {
			return out.Bytes(), nil, errors.New("exit status 1")
		}
		return out.Bytes(), nil, nil
	}
	if !ok {
		f.t.Errorf("the doctor ran %q, which this test did not expect", p)
		return nil, nil, errors.New("unexpected command")
	}
	return []byte(r.stdout), []byte(r.stderr), r.err
}

func (f *fakeMachine) GoEnv(context.Context) (map[string]string, error) {
	if f.envErr != nil {
		return nil, f.envErr
	}
	return f.env, nil
}

func (f *fakeMachine) Installed(context.Context) (gocmd.Installed, error) {
	version := f.installed
	if version == "" {
		version = f.env["GOVERSION"]
	}
	return gocmd.Installed{Go: f.paths["go"], Version: version, ModCache: f.env["GOMODCACHE"],
		GOOS: f.env["GOHOSTOS"], GOARCH: f.env["GOHOSTARCH"]}, nil
}

func (f *fakeMachine) FreeDisk(path string) (uint64, error) {
	if f.freeErr != nil {
		return 0, f.freeErr
	}
	if n, ok := f.free[path]; ok {
		return n, nil
	}
	return 50e9, nil
}

func fsPath(path string) string { return filepath.ToSlash(filepath.Clean(path)) }

func (f *fakeMachine) ReadFile(path string) ([]byte, error) { return f.files.ReadFile(fsPath(path)) }
func (f *fakeMachine) Glob(dir, pattern string) []string {
	sub, _ := fs.Sub(f.files, fsPath(dir))
	matches, _ := fs.Glob(sub, pattern)
	return matches
}
func (f *fakeMachine) Stat(path string) (fs.FileInfo, error) { return f.files.Stat(fsPath(path)) }
func (f *fakeMachine) IsRoot() bool                          { return f.root }
func (f *fakeMachine) MkdocsPython() string                  { return f.mkdocs }

func (f *fakeMachine) EnvtestDir() (string, error) {
	if f.envtestErr != nil {
		return "", f.envtestErr
	}
	return "envtest", nil
}

var (
	needLineShape = regexp.MustCompile(`^(ok   |note |FIX  )[^:]+: \S.*$`)
	summaryShape  = regexp.MustCompile(`^summary: \d+ ok, \d+ notes?, \d+ FIX: \S.*$`)
)

// checkShape checks that every line but the last is a need's line and the last the summary.
func checkShape(t *testing.T, out string) []string {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	for i, line := range lines {
		shape := needLineShape
		if i == len(lines)-1 {
			shape = summaryShape
		}
		if !shape.MatchString(line) {
			t.Errorf("line %d does not match %s:\n%s", i+1, shape, line)
		}
	}
	return lines
}

// runFake runs the doctor on f and returns its lines and whether it would exit 1.
func runFake(t *testing.T, f *fakeMachine) (lines []string, fails bool) {
	t.Helper()
	var out bytes.Buffer
	fixes, err := doctor(context.Background(), f, fakeRoot, &out)
	if err != nil {
		t.Fatalf("doctor: %v\n%s", err, out.String())
	}
	lines = checkShape(t, out.String())
	got := 0
	for _, line := range lines {
		if strings.HasPrefix(line, "FIX  ") {
			got++
		}
	}
	if got != fixes {
		t.Errorf("doctor returned %d fixes, printed %d FIX lines", fixes, got)
	}
	return lines, fixes > 0
}

func TestDoctorHealthy(t *testing.T) {
	f := healthy(t)
	lines, fails := runFake(t, f)
	if fails {
		t.Errorf("a healthy machine fails:\n%s", strings.Join(lines, "\n"))
	}
	for _, line := range lines[:len(lines)-1] {
		if !strings.HasPrefix(line, "ok   ") {
			t.Errorf("a healthy machine gets %q", line)
		}
	}
	if want := "summary: 15 ok, 0 notes, 0 FIX: ready for the labs, online or offline"; lines[len(lines)-1] != want {
		t.Errorf("summary %q; want %q", lines[len(lines)-1], want)
	}
	if !strings.Contains(f.tempFiles["main.go"], "package main") {
		t.Errorf("the race check built no program: %q", f.tempFiles)
	}
	if slices.ContainsFunc(f.ran, func(line string) bool { return strings.HasPrefix(line, "go list -m") }) {
		t.Errorf("with the toolchain in the module cache the doctor still asked the proxy: %q", f.ran)
	}
}

// missingNeeds are the machines of TestDoctorFindsWhatIsMissing: a healthy machine with one need
// taken away, and what the doctor must say.
var missingNeeds = []struct {
	name  string
	take  func(f *fakeMachine) // takes a need away
	want  []string             // lines the report must have: a line's start, or a part of it
	fails bool                 // the doctor exits 1
}{
	{"no C compiler", func(f *fakeMachine) { delete(f.paths, "gcc"); delete(f.paths, "clang") },
		[]string{"FIX  C compiler: no C compiler (CC=gcc is not on PATH)", "FIX  race detector: -race needs cgo and a C compiler on linux"}, true},
	{"CC not on PATH, clang is", func(f *fakeMachine) { delete(f.paths, "gcc") },
		[]string{"FIX  C compiler: CC=gcc is not on PATH, but clang is (bin/clang), and -race on linux needs cgo and a C compiler: go env -w CC=clang"}, true},
	{"cgo switched off", func(f *fakeMachine) { f.env["CGO_ENABLED"] = "0" },
		[]string{"FIX  C compiler: gcc is on PATH, but CGO_ENABLED=0 switches cgo off", "FIX  race detector: "}, true},
	{"macOS without a C compiler", func(f *fakeMachine) {
		f.host("darwin", "arm64")
		f.env["CC"] = "clang"
		delete(f.paths, "gcc")
		delete(f.paths, "clang")
	}, []string{"note C compiler: clang is not on PATH, which -race does not need on macOS", "ok   race detector: go run -race built and ran"}, false},
	{"-race fails", func(f *fakeMachine) {
		f.runs["go run -race ."] = fakeRun{stderr: "# runtime/cgo\ncgo: C compiler \"gcc\" not found\n", err: errors.New("exit status 1")}
	}, []string{"FIX  race detector: go run -race of a test program fails (cgo: C compiler \"gcc\" not found)"}, true},
	{"-race too slow", func(f *fakeMachine) {
		f.runs["go run -race ."] = fakeRun{err: fmt.Errorf("no answer: %w", context.DeadlineExceeded)}
	},
		[]string{"note race detector: go run -race of a test program did not finish in 3m0s"}, false},
	{"old Go", func(f *fakeMachine) { f.env["GOVERSION"] = "go1.24.3" },
		[]string{"FIX  Go version: go1.24.3 is older than the go1.25.0 the course's go.mod asks for", "ok   GOTOOLCHAIN: auto"}, true},
	{"cross-compiling", func(f *fakeMachine) { f.env["GOOS"] = "windows" },
		[]string{"FIX  Go version: GOOS=windows GOARCH=amd64 builds for another system"}, true},
	{"GOTOOLCHAIN=local", func(f *fakeMachine) { f.env["GOTOOLCHAIN"] = "local" },
		[]string{"ok   GOTOOLCHAIN: local: the go command runs the installed go1.26.4", "ok   Go " + classicVersion + " toolchain (classic map): "}, false},
	{"GOTOOLCHAIN=local with an old Go", func(f *fakeMachine) { f.env["GOTOOLCHAIN"] = "local"; f.env["GOVERSION"] = "go1.24.3" },
		[]string{"FIX  Go version: go1.24.3 is older", "FIX  GOTOOLCHAIN: local keeps the go command on the installed go1.24.3, older than the go1.25.0 the course's go.mod asks for: set GOTOOLCHAIN=auto"}, true},
	{"GOTOOLCHAIN switched the installed go", func(f *fakeMachine) { f.switched(lanes.DefaultLane(), lanes.Previous()) },
		[]string{"ok   Go version: " + lanes.DefaultLane().Toolchain + " linux/amd64 (", "; GOTOOLCHAIN=" + lanes.DefaultLane().Toolchain + " switches the installed " + lanes.Previous().Toolchain + " to it)",
			"ok   lanes (map runtimes): runs " + lanes.Default + " (" + lanes.DefaultLane().Toolchain + ", in the module cache), ", lanes.Previous().Name + " (the installed " + lanes.Previous().Toolchain + ")"}, false},
	{"GOTOOLCHAIN pinned to an old Go", func(f *fakeMachine) { f.env["GOTOOLCHAIN"] = "go1.24.0" },
		[]string{"FIX  GOTOOLCHAIN: go1.24.0 runs every go command on go1.24.0, older than the go1.25.0"}, true},
	{"GOPROXY=off before prepare", func(f *fakeMachine) { f.env["GOPROXY"] = "off"; f.loseModules(2) },
		[]string{"FIX  GOPROXY: off stops the go command from fetching 2 modules (", "note offline: missing for working without the network: 2 modules ("}, true},
	{"GOPROXY=off after prepare", func(f *fakeMachine) { f.env["GOPROXY"] = "off" },
		[]string{"ok   GOPROXY: off: the go command downloads nothing, and everything the course needs is already on this machine"}, false},
	{"GOPROXY=direct without git", func(f *fakeMachine) { f.env["GOPROXY"] = "direct"; delete(f.paths, "git"); f.loseModules(1) },
		[]string{"FIX  GOPROXY: direct fetches every module from its source repository with git, and git is not on PATH"}, true},
	{"GOPROXY=direct", func(f *fakeMachine) { f.env["GOPROXY"] = "direct"; f.loseModules(1) },
		[]string{"note GOPROXY: direct fetches every module from its source repository with git, which is slower"}, false},
	{"GOFLAGS=-mod=vendor", func(f *fakeMachine) { f.env["GOFLAGS"] = "-buildvcs=false -mod=vendor" },
		[]string{"FIX  GOFLAGS: -mod=vendor makes every go command build from a vendor folder"}, true},
	{"GOFLAGS changes the build", func(f *fakeMachine) { f.env["GOFLAGS"] = "-trimpath -race -tags=netgo" },
		[]string{"note GOFLAGS: -race -tags=netgo change how every package of the course is built"}, false},
	{"GOPRIVATE matches the course's modules", func(f *fakeMachine) {
		f.env["GOPRIVATE"], f.env["GONOPROXY"], f.env["GONOSUMDB"] = "*", "*", "*"
		f.loseModules(1)
	}, []string{"note GOPRIVATE/GONOPROXY/GONOSUMDB: GONOPROXY=* (from GOPRIVATE when unset) matches "}, false},
	{"GOPRIVATE matches modules already cached", func(f *fakeMachine) { f.env["GOPRIVATE"], f.env["GONOPROXY"] = "*", "*" },
		[]string{"ok   GOPRIVATE/GONOPROXY/GONOSUMDB: GONOPROXY=* (from GOPRIVATE when unset) matches ", "ok   offline: "}, false},
	{"GOSUMDB=off before the toolchain download", func(f *fakeMachine) {
		f.env["GOSUMDB"] = "off"
		f.uncacheToolchain(fakeRun{stdout: "listed\n"})
	}, []string{"note GOPRIVATE/GONOPROXY/GONOSUMDB: GOSUMDB=off: go.sum still checks the course's modules, but the Go 1.25.5 toolchain"}, false},
	{"toolchain not downloaded yet", func(f *fakeMachine) { f.uncacheToolchain(fakeRun{stdout: "listed\n"}) },
		[]string{"ok   Go 1.25.5 toolchain (classic map): not downloaded yet, but GOPROXY=", "note offline: missing for working without the network: the Go 1.25.5 toolchain: run go run ./tools/course prepare"}, false},
	{"toolchain unreachable", func(f *fakeMachine) {
		f.uncacheToolchain(fakeRun{stderr: "go: module lookup: dial tcp: no such host\n", err: errors.New("exit status 1")})
	}, []string{"FIX  Go " + classicVersion + " toolchain (classic map): " + lanes.ToolchainModule + "@v0.0.1-" + lanes.Classic().Toolchain + ".linux-amd64 is not in the module cache, and go list -m cannot find it through GOPROXY=file://"}, true},
	{"toolchain proxy silent", func(f *fakeMachine) {
		f.uncacheToolchain(fakeRun{err: fmt.Errorf("no answer in 20s: %w", context.DeadlineExceeded)})
	}, []string{"FIX  Go 1.25.5 toolchain (classic map): ", "(no answer in 20s: context deadline exceeded)"}, true},
	{"toolchain not cached and GOPROXY=off", func(f *fakeMachine) {
		f.env["GOPROXY"] = "off"
		f.uncacheToolchain(fakeRun{})
	}, []string{"FIX  GOPROXY: off stops the go command from fetching the Go " + classicVersion + " toolchain", "FIX  Go " + classicVersion + " toolchain (classic map): " + lanes.ToolchainModule + "@v0.0.1-" + lanes.Classic().Toolchain + ".linux-amd64 is not in the module cache, and GOPROXY=off stops"}, true},
	{"toolchain cached but broken", func(f *fakeMachine) {
		f.runs["go version"] = fakeRun{stderr: "go: download " + lanes.Classic().Toolchain + ": verifying: checksum mismatch\n", err: errors.New("exit status 1")}
	}, []string{"FIX  Go " + classicVersion + " toolchain (classic map): " + lanes.ToolchainModule + "@v0.0.1-" + lanes.Classic().Toolchain + ".linux-amd64 is in the module cache, but GOTOOLCHAIN=" + lanes.Classic().Toolchain + " go version fails (go: download " + lanes.Classic().Toolchain + ": verifying: checksum mismatch)"}, true},
	{"delve never built", func(f *fakeMachine) { delete(f.files, fakeGoCache+"/ab/ab12-d/dlv"); delete(f.runs, "go tool -n dlv") },
		[]string{"note delve: not built yet: go run ./tools/course prepare builds it", "ok   benchstat: built"}, false},
	{"benchstat out of date", func(f *fakeMachine) {
		f.runs["go tool -n benchstat"] = fakeRun{err: fmt.Errorf("no answer in 10s: %w", context.DeadlineExceeded)}
	}, []string{"note benchstat: a build of benchstat is in the build cache, but not one for this version and these settings (go tool -n benchstat did not find it in 10s): go run ./tools/course prepare builds it"}, false},
	{"no mkdocs, root with apt-get", func(f *fakeMachine) { f.mkdocs = ""; f.root = true },
		[]string{"note mkdocs (the book): mkdocs, its Material theme or pymdown-extensions is missing: go run ./tools/course installs Debian's"}, false},
	{"no mkdocs, python3", func(f *fakeMachine) { f.mkdocs = "" },
		[]string{"note mkdocs (the book): mkdocs, its Material theme or pymdown-extensions is missing: go run ./tools/course installs them with pip into build/venv"}, false},
	{"no mkdocs, no Python", func(f *fakeMachine) { f.mkdocs = ""; delete(f.paths, "python3") },
		[]string{"note mkdocs (the book): no Python 3 with mkdocs: install Python 3"}, false},
	{"no envtest binaries", func(f *fakeMachine) { f.envtestErr = kubeassets.ErrMissing },
		[]string{"FIX  envtest binaries (labs 07, 08): kube-apiserver and etcd are not built yet: run go run ./tools/envtest once (about 10 minutes", "note offline: missing for working without the network: the envtest binaries"}, true},
	{"KUBEBUILDER_ASSETS without the binaries", func(f *fakeMachine) {
		f.envtestErr = errors.New("KUBEBUILDER_ASSETS is assets, which has no etcd: point it at a folder with kube-apiserver and etcd")
	}, []string{"FIX  envtest binaries (labs 07, 08): KUBEBUILDER_ASSETS is assets, which has no etcd"}, true},
	{"disk nearly full", func(f *fakeMachine) { f.free = map[string]uint64{fakeGoCache: 2e9} },
		[]string{"FIX  disk space: only 50.0 GB free for the module cache, 2.0 GB for the build cache, and the build cache alone reaches about 7 GB"}, true},
	{"disk a bit short", func(f *fakeMachine) { f.free = map[string]uint64{fakeModCache: 8e9, fakeGoCache: 8e9} },
		[]string{"note disk space: 8.0 GB free for the module cache and the build cache; the build cache reaches about 7 GB"}, false},
	{"disk unknown", func(f *fakeMachine) { f.freeErr = errDiskUnknown },
		[]string{"note disk space: free space unknown for the module cache (free space unknown on this system)"}, false},
	{"not ready for offline", func(f *fakeMachine) { f.loseModules(5) },
		[]string{"ok   GOPROXY: file://", "note offline: missing for working without the network: 5 modules (", "and 2 more)"}, false},
	{"offline check fails", func(f *fakeMachine) {
		f.runs["go mod download -json"] = fakeRun{stderr: "go: updates to go.mod needed\n", err: errors.New("exit status 1")}
	}, []string{"note offline: cannot tell whether the modules are all here: GOFLAGS=-mod=readonly GOPROXY=off GOTOOLCHAIN=local go mod download -json fails (go: updates to go.mod needed)"}, false},
	{"no go command", func(f *fakeMachine) { f.envErr = errNoGo },
		[]string{"FIX  Go version: no go command on PATH: install Go 1.27 (any Go from 1.25 on builds the course), and put its bin folder on PATH", "summary: 0 ok, 0 notes, 1 FIX: fix the FIX lines"}, true},
	{"go env fails", func(f *fakeMachine) {
		f.envErr = errors.New("go env fails (go: invalid GOTOOLCHAIN \"go1.99x\"): fix that first")
	},
		[]string{"FIX  Go version: go env fails (go: invalid GOTOOLCHAIN"}, true},
}

// TestDoctorFindsWhatIsMissing takes one need away at a time.
func TestDoctorFindsWhatIsMissing(t *testing.T) {
	for _, tt := range missingNeeds {
		t.Run(tt.name, func(t *testing.T) {
			f := healthy(t)
			tt.take(f)
			lines, fails := runFake(t, f)
			report := strings.Join(lines, "\n")
			t.Logf("\n%s", report)
			for _, want := range tt.want {
				if !hasLine(lines, want) {
					t.Errorf("no line has %q:\n%s", want, report)
				}
			}
			if fails != tt.fails {
				t.Errorf("exit 1 = %v; want %v:\n%s", fails, tt.fails, report)
			}
			if !tt.fails && strings.Contains(report, "\nFIX  ") {
				t.Errorf("a FIX line, yet the doctor exits 0:\n%s", report)
			}
		})
	}
}

// TestDoctorProbesDownloadNothing checks that the probes that must not download turn the
// module proxy off, and that every probe has a timeout.
func TestDoctorProbesDownloadNothing(t *testing.T) {
	f := &recordingMachine{fakeMachine: healthy(t)}
	if _, err := doctor(context.Background(), f, fakeRoot, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	for _, p := range f.probes {
		line := strings.Join(p.args, " ")
		if line == "go run -race ." || line == "go version" || line == "go mod download -json" || strings.HasPrefix(line, "go tool -n") {
			if !slices.Contains(p.env, "GOPROXY=off") {
				t.Errorf("%s runs without GOPROXY=off", p)
			}
		}
		if slices.Contains(p.env, "GOFLAGS=-mod=mod") {
			t.Errorf("%s may write go.sum", p)
		}
		if p.timeout <= 0 {
			t.Errorf("%s has no timeout", p)
		}
	}
}

type recordingMachine struct {
	*fakeMachine
	probes []probe
}

func (r *recordingMachine) Run(ctx context.Context, p probe) ([]byte, []byte, error) {
	r.probes = append(r.probes, p)
	return r.fakeMachine.Run(ctx, p)
}

func TestDoctorUsage(t *testing.T) {
	var stdout, stderr bytes.Buffer
	io := cli.IO{Stdout: &stdout, Stderr: &stderr}
	p := &cli.Program{Name: "course", Path: "go run ./tools/course", Commands: []*cli.Command{Command()}}
	var usage *cli.UsageError
	if err := p.Run(context.Background(), []string{"doctor", "extra"}, io); !errors.As(err, &usage) {
		t.Errorf("doctor extra = %v; want a usage error", err)
	}
	stdout.Reset()
	if err := p.Run(context.Background(), []string{"doctor", "-h"}, io); err != nil || !strings.HasPrefix(stdout.String(), "usage: go run ./tools/course doctor\n") {
		t.Errorf("doctor -h = %v, %q; want the usage line", err, stdout.String())
	}
}

func TestMatchPrefixPatterns(t *testing.T) {
	for _, c := range []struct {
		patterns, path string
		want           bool
	}{
		{"", "golang.org/toolchain", false},
		{"golang.org/toolchain", "golang.org/toolchain", true},
		{"golang.org", "golang.org/toolchain", true},
		{"golang.org/x", "golang.org/toolchain", false},
		{"*.corp.example.com", "git.corp.example.com/team/mod", true},
		{"*.corp.example.com", "corp.example.com/mod", false},
		{"example.com/a,golang.org/*", "golang.org/toolchain", true},
		{"github.com/*/private/", "github.com/me/private/mod", true},
		{"github.com/*/private", "github.com/me", false},
		{",,", "github.com/me", false},
	} {
		if got := matchPrefixPatterns(c.patterns, c.path); got != c.want {
			t.Errorf("matchPrefixPatterns(%q, %q) = %v; want %v", c.patterns, c.path, got, c.want)
		}
	}
}

// hasLine reports whether a line starts with want, or, for a want that is not a line's start
// (no verdict), has it.
func hasLine(lines []string, want string) bool {
	for _, line := range lines {
		if strings.HasPrefix(line, want) || !needLineShape.MatchString(want) && strings.Contains(line, want) {
			return true
		}
	}
	return false
}

// TestDoctorOnThisMachine runs the real doctor; what it finds depends on the machine, so the
// test checks only the shape of the report.
func TestDoctorOnThisMachine(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go commands and a -race build")
	}
	root, err := base.FindRoot()
	if err != nil {
		t.Fatal(err)
	}
	m := realMachine{root: root}
	var before [][]byte
	for _, name := range []string{"go.mod", "go.sum"} {
		data, err := m.ReadFile(filepath.Join(root, name))
		if err != nil {
			t.Fatal(err)
		}
		before = append(before, data)
	}
	var out bytes.Buffer
	if _, err := doctor(context.Background(), m, root, &out); err != nil {
		t.Fatalf("doctor: %v\n%s", err, out.String())
	}
	lines := checkShape(t, out.String())
	for i, name := range []string{"go.mod", "go.sum"} {
		if data, _ := m.ReadFile(filepath.Join(root, name)); !bytes.Equal(data, before[i]) {
			t.Errorf("the doctor changed %s", name)
		}
	}
	if len(lines) != 16 {
		t.Errorf("%d lines; want 15 needs and the summary:\n%s", len(lines), out.String())
	}
	t.Logf("\n%s", out.String())
}
