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
	"path/filepath"
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
	About      string // one line for listings
}

// Default is the name of the lane whose runtime the book's outputs show and on which what does
// not depend on the runtime runs once.
const Default = "swiss-1.27"

// All is the table: every lane the course supports, the default first.
var All = []Lane{
	{Name: "swiss-1.27", Toolchain: "go1.27.3", Map: "swiss",
		About: "Swiss tables; the fast paths hash inline, in internal/runtime/maps (the current release, the course's default)"},
	{Name: "split-1.27", Toolchain: "go1.27.3", Experiment: "mapsplitgroup", Map: "split",
		About: "Swiss tables whose groups hold the 8 keys together, then the 8 values"},
	{Name: "swiss-1.26", Toolchain: "go1.26.8", Map: "swiss",
		About: "Swiss tables; the fast paths hash through the type's hasher (the previous release)"},
	{Name: "classic", Toolchain: "go1.25.5", Experiment: "noswissmap", Map: "classic",
		About: "the classic bucketed hmap (GOEXPERIMENT=noswissmap was removed in Go 1.26)"},
}

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

// Classic is the lane of the classic map, which the chapters on buckets show.
func Classic() Lane { return MustGet("classic") }

// DefaultLane is the default lane.
func DefaultLane() Lane { return MustGet(Default) }

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

// Environ is os.Environ with the lane's environment set.
func (l Lane) Environ() []string { return append(os.Environ(), l.Env()...) }

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

// Module is the module path and version that hold the lane's toolchain for a system, as go mod
// download takes it and the module cache names its folder:
// golang.org/toolchain@v0.0.1-go1.N.P.linux-amd64.
func (l Lane) Module(goos, goarch string) string {
	return ToolchainModule + "@" + l.ModuleVersion(goos, goarch)
}
