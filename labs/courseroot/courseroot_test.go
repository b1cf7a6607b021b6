package courseroot

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func TestFind(t *testing.T) {
	root := t.TempDir()
	deep := filepath.Join(root, "labs", "01-basics", "testdata")
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	if _, _, err := Find(deep); !errors.Is(err, ErrNotFound) {
		t.Errorf("Find without go.mod = %v; want ErrNotFound", err)
	}
	os.WriteFile(filepath.Join(root, "go.mod"), []byte("// the course\nmodule \"gomaps\" // quoted\n\ngo 1.25\n"), 0o644)
	got, module, err := Find(deep)
	if err != nil || got != root || module != "gomaps" {
		t.Errorf("Find(%s) = %q, %q, %v; want %q, gomaps", deep, got, module, err, root)
	}
	// A module without labs/ (a program's own go.mod) is not the course.
	inner := filepath.Join(root, "chapters", "code", "x")
	os.MkdirAll(inner, 0o755)
	os.WriteFile(filepath.Join(inner, "go.mod"), []byte("module x\n"), 0o644)
	if got, _, err := Find(inner); err != nil || got != root {
		t.Errorf("Find(%s) = %q, %v; want the course root above it", inner, got, err)
	}
}
