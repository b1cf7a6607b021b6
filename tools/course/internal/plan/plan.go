// Package plan reads which packages and labs run on every lane (every map runtime the course
// supports) from the markers in their sources (labs/lanes.Marker); the rest runs once, on the
// default lane. check and prepare read it.
package plan

import (
	"context"
	"fmt"
	"gomaps/labs/courseroot"
	"gomaps/labs/lanes"
	"gomaps/tools/course/internal/base"
	"gomaps/tools/internal/gocmd"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Lanes is what the lanes run, read from the packages' markers: the packages (with the
// marker, not labs) and the labs (labs/NN-word with the marker).
type Lanes struct {
	Packages []string // import paths relative to the module: ./labs/inspect
	Labs     []string // lab numbers: 04
}

// Read reads the lanes' plan from the markers of the course's packages, as the go command g
// lists them.
func Read(root string, g gocmd.Go) (*Lanes, error) {
	pkgs, err := MarkedPackages(root, g)
	if err != nil {
		return nil, err
	}
	p := &Lanes{}
	for _, pkg := range pkgs {
		if strings.HasPrefix(pkg, "./solutions/") {
			continue // they run through their labs
		}
		if nn, ok := LabNumber(pkg); ok {
			p.Labs = append(p.Labs, nn)
			continue
		}
		p.Packages = append(p.Packages, pkg)
	}
	return p, nil
}

// LabNumber returns NN for ./labs/NN-word.
func LabNumber(pkg string) (string, bool) {
	rest, ok := strings.CutPrefix(pkg, "./labs/")
	if !ok || strings.Contains(rest, "/") || len(rest) < 4 || rest[2] != '-' || rest[0] < '0' || rest[0] > '9' || rest[1] < '0' || rest[1] > '9' {
		return "", false
	}
	return rest[:2], true
}

// MarkedPackages lists, as ./dir, the module's packages that carry lanes.Marker in one of their
// .go files, tests included (whatever its build constraints).
func MarkedPackages(root string, g gocmd.Go) ([]string, error) {
	cmd := g.In(root).Command(context.Background(), "list", "-e", "-f", "{{.Dir}}", "./...")
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list ./...: %v", err)
	}
	var marked []string
	for _, dir := range strings.Fields(string(out)) {
		ok, err := hasMarker(dir)
		if err != nil {
			return nil, err
		}
		if ok {
			marked = append(marked, "./"+filepath.ToSlash(base.RelTo(root, dir)))
		}
	}
	slices.Sort(marked)
	return marked, nil
}

func hasMarker(dir string) (bool, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return false, err
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return false, err
		}
		for _, line := range strings.Split(string(data), "\n") {
			if rest, ok := strings.CutPrefix(strings.TrimSpace(line), lanes.Marker); ok && (rest == "" || rest[0] == ' ') {
				return true, nil
			}
		}
	}
	return false, nil
}

// LabDirs turns lab numbers into ./labs/NN-word.
func LabDirs(root string, nns []string) []string {
	var dirs []string
	for _, nn := range nns {
		for _, name := range courseroot.Labs(root) {
			if strings.HasPrefix(name, nn+"-") {
				dirs = append(dirs, "./labs/"+name)
			}
		}
	}
	return dirs
}
