// Package lanes is the table of the map runtimes the course runs on, its lanes, and the one place
// in the course's code that names a Go toolchain's version.
//
// A lane is a Go toolchain and a GOEXPERIMENT setting: one built-in map implementation. What
// depends on the map runtime (the inspector, the labs whose behaviour follows the runtime, the
// chapter programs and claim tests that read it) runs on every lane; the rest runs once, on the
// default lane. A package says that it depends on the runtime with the marker line
//
//	//course:every-lane why, in a few words
//
// on a line of its own in one of its .go files, tests included (see [Marker]); tools/course's tests fail when a package that
// reads the runtime's layout (it imports the inspector, or has files built only for one map
// runtime) has no marker.
//
// The lab runner (go run ./tools/lab -lane NAME ...), the course command (go run ./tools/course
// check -lane NAME, lanes, doctor, prepare, pack, bench) and CI read this table; nothing else in
// the code spells a toolchain version. To run any command on a lane from a shell:
//
//	env $(go run ./tools/course lanes -env classic) go test ./labs/04-growth
//
// It lives under labs/, beside courseroot and inspect, so that the chapters' programs can use it
// too.
package lanes

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"strings"
)

// Marker is the line that puts a package on every lane.
const Marker = "//course:every-lane"

// A Lane is one map runtime: a toolchain and the GOEXPERIMENT it runs with.
type Lane struct {
	Name       string // as -lane takes it
	Toolchain  string // the GOTOOLCHAIN value: the go command fetches it through the module proxy
	Experiment string // the GOEXPERIMENT value, "" for the release's default
	Map        string // the map it builds: "classic" (buckets), "swiss", "split" (Swiss, keys then values)
	Role       Role   // what the course uses it for
	About      string // one line for listings
}

// A Role is what the course uses a lane for. The code names lanes by role (DefaultLane,
// Previous, Experiment, Classic), so that a new release changes this table and nothing else.
type Role string

// The roles: each lane has one, and no two lanes the same.
const (
	RoleDefault    Role = "default"    // the current release: the book's outputs, and what runs once
	RoleExperiment Role = "experiment" // the current release with a map experiment on
	RolePrevious   Role = "previous"   // the release before, to compare the two runtimes
	RoleClassic    Role = "classic"    // the last release that builds the classic bucketed map
)

// Default is the name of the lane whose runtime the book's outputs show and on which what does
// not depend on the runtime runs once.
const Default = "swiss-1.27"

// All is the table: every lane the course supports, the default first.
var All = []Lane{
	{Name: "swiss-1.27", Toolchain: "go1.27.3", Map: "swiss", Role: RoleDefault,
		About: "Swiss tables; the fast paths hash inline, in internal/runtime/maps (the current release, the course's default)"},
	{Name: "split-1.27", Toolchain: "go1.27.3", Experiment: "mapsplitgroup", Map: "split", Role: RoleExperiment,
		About: "Swiss tables whose groups hold the 8 keys together, then the 8 values"},
	{Name: "swiss-1.26", Toolchain: "go1.26.8", Map: "swiss", Role: RolePrevious,
		About: "Swiss tables; the fast paths hash through the type's hasher (the previous release)"},
	{Name: "classic", Toolchain: "go1.25.5", Experiment: "noswissmap", Map: "classic", Role: RoleClassic,
		About: "the classic bucketed hmap (GOEXPERIMENT=noswissmap was removed in Go 1.26)"},
}

// A Variant is a lane's toolchain with an experiment that is not of the map: its map runtime is
// the lane's, so nothing runs on every variant. What runs on one names it: the steps of a lab whose
// files need its experiment (the lab runner says how to run them, and check verifies the lab on
// it) and their benchmark rows.
type Variant struct {
	Lane
	Labs []string // the labs, by number, that check verifies on it
}

// Variants are the variants: lab 03's step 11 uses simd/archsimd, which exists only with
// GOEXPERIMENT=simd (on amd64, since Go 1.27).
var Variants = []Variant{{
	Lane: Lane{Name: "simd-1.27", Toolchain: All[0].Toolchain, Experiment: "simd", Map: "swiss",
		About: "the default lane's toolchain with GOEXPERIMENT=simd (simd/archsimd): lab 03's step 11, its verify and its benchmark rows"},
	Labs: []string{"03"},
}}

// SIMD is the variant of GOEXPERIMENT=simd.
func SIMD() Variant { return Variants[0] }

// Get returns the lane named name, or an error that lists the lanes.
func Get(name string) (Lane, error) {
	for _, l := range All {
		if l.Name == name {
			return l, nil
		}
	}
	return Lane{}, fmt.Errorf("no lane %q: the lanes are %s", name, strings.Join(Names(), ", "))
}

// MustGet is Get for names written in the course's code.
func MustGet(name string) Lane {
	l, err := Get(name)
	if err != nil {
		panic(err)
	}
	return l
}

// Names lists the lanes' names in the table's order.
func Names() []string {
	var names []string
	for _, l := range All {
		names = append(names, l.Name)
	}
	return names
}

// ByRole returns the lane of role r.
func ByRole(r Role) Lane {
	for _, l := range All {
		if l.Role == r {
			return l
		}
	}
	panic(fmt.Sprintf("lanes: no lane has the role %q", r))
}

// Classic is the lane of the classic map, which the chapters on buckets show.
func Classic() Lane { return ByRole(RoleClassic) }

// DefaultLane is the default lane: the current release.
func DefaultLane() Lane { return ByRole(RoleDefault) }

// Previous is the lane of the release before the default lane's.
func Previous() Lane { return ByRole(RolePrevious) }

// Experiment is the default lane's release with a map experiment on.
func Experiment() Lane { return ByRole(RoleExperiment) }

// IsDefault reports whether l is the default lane.
func (l Lane) IsDefault() bool { return l.Name == Default }

// Env is the lane's environment: both variables always, so that a GOEXPERIMENT of the caller's
// environment does not leak into a lane that has none.
func (l Lane) Env() []string {
	return []string{"GOTOOLCHAIN=" + l.Toolchain, "GOEXPERIMENT=" + l.Experiment}
}

// Prefix is the lane's environment as a shell command's prefix, as the book writes it:
// "GOTOOLCHAIN=go1.25.5 GOEXPERIMENT=noswissmap " (no GOEXPERIMENT when the lane has none).
func (l Lane) Prefix() string {
	p := "GOTOOLCHAIN=" + l.Toolchain + " "
	if l.Experiment != "" {
		p += "GOEXPERIMENT=" + l.Experiment + " "
	}
	return p
}

// Release is the toolchain's version without "go": "1.25.5".
func (l Lane) Release() string { return strings.TrimPrefix(l.Toolchain, "go") }

// Environ is os.Environ with the lane's environment set, and what a go command's switch to
// another toolchain left in it taken out (see Unswitched).
func (l Lane) Environ() []string { return append(Unswitched(os.Environ()), l.Env()...) }

// Of returns the lane that a go command with this GOVERSION and GOEXPERIMENT (as go env prints
// them) runs, and whether one matches. GOEXPERIMENT's other experiments are ignored.
func Of(goversion, goexperiment string) (Lane, bool) {
	exps := map[string]bool{}
	for _, e := range strings.Split(goexperiment, ",") {
		if e = strings.TrimSpace(e); e != "" {
			exps[e] = true
		}
	}
	for _, l := range All {
		if l.Toolchain != goversion {
			continue
		}
		if l.Experiment != "" && !exps[l.Experiment] {
			continue
		}
		// A lane without an experiment matches only when no other lane's experiment is on.
		other := false
		for _, m := range All {
			if m.Experiment != "" && m.Experiment != l.Experiment && exps[m.Experiment] {
				other = true
			}
		}
		if !other {
			return l, true
		}
	}
	return Lane{}, false
}

// ToolchainModule is the module the go command fetches for a GOTOOLCHAIN of a release.
const ToolchainModule = "golang.org/toolchain"

// ModuleVersion is the version of ToolchainModule that holds toolchain tc (go1.N.P) for a
// system, as the go command names it: v0.0.1-go1.N.P.linux-amd64.
func ModuleVersion(tc, goos, goarch string) string {
	return "v0.0.1-" + tc + "." + goos + "-" + goarch
}

// ModuleVersion is the version of ToolchainModule that holds the lane's toolchain for a system.
func (l Lane) ModuleVersion(goos, goarch string) string {
	return ModuleVersion(l.Toolchain, goos, goarch)
}

// ToolchainGo is where the go command unpacks toolchain tc (go1.N.P) for a system: the go
// binary in the module cache gomodcache (go env GOMODCACHE), which is there once a
// GOTOOLCHAIN=go1.N.P command has fetched it.
func ToolchainGo(tc, gomodcache, goos, goarch string) string {
	exe := "go"
	if goos == "windows" {
		exe += ".exe"
	}
	mod := ToolchainModule + "@" + ModuleVersion(tc, goos, goarch)
	return filepath.Join(gomodcache, filepath.FromSlash(mod), "bin", exe)
}

// IsCachedToolchain reports whether folder root is a toolchain that the go command unpacked in
// the module cache (the folder two above ToolchainGo's go binary). After a GOTOOLCHAIN switch to
// such a toolchain, the go command sets GOROOT to it and puts its bin folder first on the PATH of
// the programs it runs, ahead of the installed go.
func IsCachedToolchain(root string) bool {
	mod, version, ok := strings.Cut(filepath.Base(root), "@")
	return ok && mod == path.Base(ToolchainModule) && strings.HasPrefix(version, "v0.0.1-go") &&
		filepath.Base(filepath.Dir(root)) == path.Dir(ToolchainModule)
}

// Unswitched is env without what a go command that switched to a toolchain of the module cache
// (GOTOOLCHAIN) set for the programs it runs: GOROOT naming that toolchain, and its bin folder
// on PATH, ahead of the installed go. In it, the go command is the installed go again, which
// runs a lane's toolchain as it does from the reader's shell: itself when the lane is of its
// release, else the module cache's, fetched on first use.
func Unswitched(env []string) []string {
	var out []string
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		switch {
		case k == "GOROOT" && IsCachedToolchain(v):
			continue
		case k == "PATH" || runtime.GOOS == "windows" && strings.EqualFold(k, "PATH"):
			kv = k + "=" + UnswitchedPath(v)
		}
		out = append(out, kv)
	}
	return out
}

// UnswitchedPath is the list of folders path without the bin folders of toolchains of the
// module cache.
func UnswitchedPath(path string) string {
	var dirs []string
	for _, dir := range filepath.SplitList(path) {
		if filepath.Base(dir) != "bin" || !IsCachedToolchain(filepath.Dir(dir)) {
			dirs = append(dirs, dir)
		}
	}
	return strings.Join(dirs, string(os.PathListSeparator))
}

// Module is the module path and version that hold the lane's toolchain for a system, as go mod
// download takes it and the module cache names its folder:
// golang.org/toolchain@v0.0.1-go1.N.P.linux-amd64.
func (l Lane) Module(goos, goarch string) string {
	return ToolchainModule + "@" + l.ModuleVersion(goos, goarch)
}
