package testrun

import (
	"os"
	"path/filepath"
	"testing"

	"gomaps/tools/lab/internal/course"
)

// TestLabKeyFollowsImports: a lab's key changes with a file of a course package its tests import,
// directly or through another, and not with a file of a package it does not import.
func TestLabKeyFollowsImports(t *testing.T) {
	root := t.TempDir()
	for name, data := range map[string]string{
		"go.mod":                    "module course\n\ngo 1.25\n",
		"labs/01-demo/demo.go":      "package demo\n",
		"labs/01-demo/demo_test.go": "package demo\n\nimport _ \"course/labs/internal/a\"\n",
		"labs/internal/a/a.go":      "package a\n\nimport _ \"course/labs/internal/b\"\n",
		"labs/internal/a/a_test.go": "package a\n\nimport _ \"course/labs/internal/c\"\n",
		"labs/internal/b/b.go":      "package b\n",
		"labs/internal/c/c.go":      "package c\n",
	} {
		write(t, root, name, data)
	}
	c := &course.Course{Root: root, Module: "course"}
	l := &course.Lab{Num: "01", Name: "01-demo", Word: "demo"}
	key := func() string { return labKey(c, l, "go1.26\n") }
	first := key()
	if first == "" || key() != first {
		t.Fatalf("labKey = %q, then %q; want one key, twice", first, key())
	}
	for _, change := range []struct {
		file  string
		moves bool
	}{
		{"labs/internal/c/c.go", false}, // imported by a's test only: not built with the lab
		{"labs/internal/b/b.go", true},  // imported by a, which the lab's test imports
		{"labs/internal/a/a.go", true},
		{"labs/internal/d/d.go", false}, // a package nobody imports
		{"labs/01-demo/demo.go", true},
	} {
		before := key()
		write(t, root, change.file, "package x // changed\n")
		if moved := key() != before; moved != change.moves {
			t.Errorf("a change to %s: key changed %v; want %v", change.file, moved, change.moves)
		}
	}
}

func write(t *testing.T, root, name, data string) {
	t.Helper()
	path := filepath.Join(root, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}
