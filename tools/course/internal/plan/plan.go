// Package plan reads which packages and labs run on every lane (every map runtime the course
// supports) from the markers in their sources (labs/lanes.Marker); the rest runs once, on the
// default lane. check and prepare read it.
package plan

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"gomaps/labs/courseroot"
	"gomaps/labs/lanes"
	"gomaps/tools/course/internal/base"
	"gomaps/tools/internal/gocmd"
)

// Lanes is what the lanes run: the packages whose .go files, tests included (whatever their
// build constraints), carry the marker, but labs and solutions, and the labs that carry it
// (their solutions run through them).
type Lanes struct {
	Packages []string // import paths relative to the module: ./labs/inspect
	Labs     []string // lab numbers: 04
}

// Read reads the lanes' plan of the course's packages, as the go command g lists them.
func Read(root string, g gocmd.Go) (*Lanes, error) {
	out, err := g.In(root).Command(context.Background(), "list", "-e", "-f", "{{.Dir}}", "./...").Output()
	if err != nil {
		return nil, fmt.Errorf("go list ./...: %v", err)
	}
	return Marked(root, strings.Fields(string(out)))
}

// Marked is the lanes' plan of the packages in the folders dirs.
func Marked(root string, dirs []string) (*Lanes, error) {
	p, labs := &Lanes{}, courseroot.Labs(root)
	for _, dir := range dirs {
		marked, err := HasMarker(dir, lanes.Marker)
		pkg := "./" + filepath.ToSlash(base.RelTo(root, dir))
		switch lab := strings.TrimPrefix(pkg, "./labs/"); {
		case err != nil:
			return nil, err
		case !marked || strings.HasPrefix(pkg, "./solutions/"):
		case slices.Contains(labs, lab):
			p.Labs = append(p.Labs, lab[:2])
		default:
			p.Packages = append(p.Packages, pkg)
		}
	}
	slices.Sort(p.Packages)
	slices.Sort(p.Labs)
	return p, nil
}

// HasMarker reports whether one of the .go files in dir, tests included (whatever its build
// constraints), holds the line marker, alone or followed by a space and a comment.
func HasMarker(dir, marker string) (bool, error) {
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
			if rest, ok := strings.CutPrefix(strings.TrimSpace(line), marker); ok && (rest == "" || rest[0] == ' ') {
				return true, nil
			}
		}
	}
	return false, nil
}

// Vetted is what a lane vets: its packages, then its labs' folders (./labs/NN-word).
func (l *Lanes) Vetted(root string) []string {
	return append(slices.Clone(l.Packages), LabDirs(root, l.Labs)...)
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
