package gocmd

import (
	"context"
	"errors"
	"go/version"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"

	"gomaps/labs/lanes"
)

// Where a lane's toolchain is. The go command switches to the toolchain GOTOOLCHAIN names by
// running the go binary it unpacked in the module cache (lanes.ToolchainGo), with GOROOT set to
// that toolchain's folder, whose bin folder a go command puts first on the PATH of the programs
// it runs. So a tool that a switched go command runs finds that release first on PATH, and that
// go, asked for the installed go's release, fetches it. So a go command that names its
// toolchain runs the installed go, by its path, without the switch's GOROOT and PATH
// (lanes.Unswitched): as from the reader's shell.

// Installed is the go command installed on this machine: the first go on PATH past the bin
// folders of toolchains unpacked in the module cache (those a switching go command put first).
type Installed struct {
	Go           string // its go binary
	Version      string // its release, go1.N.P
	ModCache     string // its GOMODCACHE, where the go command unpacks the toolchains it fetches
	GOOS, GOARCH string // its GOHOSTOS and GOHOSTARCH: the system of those toolchains
}

// A Toolchain is a Go toolchain on this machine.
type Toolchain struct {
	Go     string // its go binary
	Cached bool   // unpacked in the module cache; else the installed go
}

// Toolchain returns toolchain tc (go1.N.P) when it is on this machine, so that no go command
// has to fetch it: the installed go when tc is its release, or the go binary the go command
// unpacked in the module cache. stat is os.Stat, or a test's.
func (in Installed) Toolchain(tc string, stat func(string) (fs.FileInfo, error)) (Toolchain, bool) {
	if !version.IsValid(tc) {
		return Toolchain{}, false
	}
	if in.Go != "" && in.Version == tc {
		return Toolchain{Go: in.Go}, true
	}
	if in.ModCache == "" {
		return Toolchain{}, false
	}
	exe := lanes.ToolchainGo(tc, in.ModCache, in.GOOS, in.GOARCH)
	if fi, err := stat(exe); err != nil || !fi.Mode().IsRegular() {
		return Toolchain{}, false
	}
	return Toolchain{Go: exe, Cached: true}, true
}

// Local returns toolchain tc when it is on this machine (Installed.Toolchain), looking for the
// installed go first.
func Local(tc string) (Toolchain, bool, error) {
	in, err := FindInstalled(context.Background())
	if err != nil {
		return Toolchain{}, false, err
	}
	t, ok := in.Toolchain(tc, os.Stat)
	return t, ok, nil
}

// installs holds the installed go found, by PATH and GOROOT: it is looked for once per process.
var installs sync.Map // PATH "\x00" GOROOT -> func() (Installed, error)

// FindInstalled finds the installed go command and reads its go env, once per PATH and GOROOT
// of the process (the answer is kept, a failure too).
func FindInstalled(ctx context.Context) (Installed, error) {
	path, goroot := os.Getenv("PATH"), os.Getenv("GOROOT")
	v, _ := installs.LoadOrStore(path+"\x00"+goroot, sync.OnceValues(func() (Installed, error) {
		exe := firstGo(lanes.UnswitchedPath(path))
		if exe == "" {
			return Installed{}, errors.New("no go command on PATH but toolchains of the module cache: put the bin folder of the installed Go on PATH")
		}
		cmd := exec.CommandContext(ctx, exe, "env", "-json", "GOVERSION", "GOMODCACHE", "GOHOSTOS", "GOHOSTARCH")
		cmd.Env = append(lanes.Unswitched(os.Environ()), "GOTOOLCHAIN=local", "GOEXPERIMENT=", "GOFLAGS=")
		cmd.Dir = os.TempDir() // outside any module, whose go line could ask for another toolchain
		e, err := envJSON(cmd, exe, "it is the Go command")
		if err != nil {
			return Installed{}, err
		}
		release, _, _ := strings.Cut(e["GOVERSION"], " ")
		return Installed{Go: exe, Version: release, ModCache: e["GOMODCACHE"], GOOS: e["GOHOSTOS"], GOARCH: e["GOHOSTARCH"]}, nil
	}))
	return v.(func() (Installed, error))()
}

// firstGo is the first go binary in the folders of path, or "". Relative folders are skipped,
// as exec.LookPath refuses them.
func firstGo(path string) string {
	name := "go"
	if runtime.GOOS == "windows" {
		name += ".exe"
	}
	for _, dir := range filepath.SplitList(path) {
		if !filepath.IsAbs(dir) {
			continue
		}
		exe := filepath.Join(dir, name)
		if fi, err := os.Stat(exe); err == nil && fi.Mode().IsRegular() && (runtime.GOOS == "windows" || fi.Mode()&0o111 != 0) {
			return exe
		}
	}
	return ""
}

// setsToolchain reports whether g names the toolchain its go commands run (a lane, or a
// command's own GOTOOLCHAIN): they then run from the installed go, unswitched. The machine's
// go, which names none, runs as the environment sets it.
func (g Go) setsToolchain() bool {
	return slices.ContainsFunc(g.Env, func(kv string) bool { return strings.HasPrefix(kv, "GOTOOLCHAIN=") })
}
