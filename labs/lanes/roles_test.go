package lanes

import (
	"go/scanner"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"gomaps/labs/courseroot"
)

// TestRoles: every lane has a role, no two the same, and the functions by role give the lanes
// the course uses them for.
func TestRoles(t *testing.T) {
	seen := map[Role]string{}
	for _, l := range All {
		if l.Role == "" {
			t.Errorf("lane %s has no role", l.Name)
		}
		if other, ok := seen[l.Role]; ok {
			t.Errorf("lanes %s and %s have the same role %q", other, l.Name, l.Role)
		}
		seen[l.Role] = l.Name
	}
	if l := DefaultLane(); l.Name != Default || !l.IsDefault() {
		t.Errorf("DefaultLane() = %s; want %s", l.Name, Default)
	}
	if l := Classic(); l.Map != "classic" {
		t.Errorf("Classic() = %s, whose map is %s", l.Name, l.Map)
	}
	if l := Experiment(); l.Toolchain != DefaultLane().Toolchain || l.Experiment == "" {
		t.Errorf("Experiment() = %s: want the default lane's toolchain with an experiment", l.Name)
	}
	if l := Previous(); l.Toolchain == DefaultLane().Toolchain || l.Map == "classic" {
		t.Errorf("Previous() = %s: want the Swiss tables of another release", l.Name)
	}
}

// releaseName matches what names a lane or a toolchain's release in a string of the code: a
// lane's name (swiss-1.27) or a toolchain (go1.27.3).
var releaseName = regexp.MustCompile(`\b(go1\.\d+\.\d+|(swiss|split|simd)-1\.\d+)\b`)

// TestNoReleaseOutsideTheTable: no string in the course's Go code, outside this package and
// tests, names a lane or a toolchain's release: the code asks this table, by role, so that the
// next release changes the table and nothing else.
func TestNoReleaseOutsideTheTable(t *testing.T) {
	wd, _ := os.Getwd()
	root, _, err := courseroot.Find(wd)
	if err != nil {
		t.Fatal(err)
	}
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if slices.Contains([]string{"testdata", "node_modules", "build", ".git", "site"}, d.Name()) || rel == "labs/lanes" {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(rel, ".go") || strings.HasSuffix(rel, "_test.go") {
			return nil
		}
		for _, s := range stringsOf(t, path) {
			if m := releaseName.FindString(s.text); m != "" {
				t.Errorf("%s:%d names %s in a string: ask labs/lanes by role instead (DefaultLane, Previous, Experiment, Classic)", rel, s.line, m)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

type literal struct {
	line int
	text string
}

// stringsOf returns the string literals of a Go file.
func stringsOf(t *testing.T, path string) []literal {
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var s scanner.Scanner
	s.Init(fset.AddFile(path, -1, len(src)), src, nil, 0)
	var lits []literal
	for {
		pos, tok, lit := s.Scan()
		if tok == token.EOF {
			return lits
		}
		if tok == token.STRING {
			lits = append(lits, literal{fset.Position(pos).Line, lit})
		}
	}
}
