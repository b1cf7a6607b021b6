package courseroot

import (
	"encoding/json"
	"errors"
	"os"
	"os/exec"
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

// TestParseGoMod checks ParseGoMod against the go command's own reading (go mod edit -json), on
// the course's go.mod and on one with every form it must read.
func TestParseGoMod(t *testing.T) {
	root, _, err := Find("")
	if err != nil {
		t.Fatal(err)
	}
	tricky := []byte(`// a comment
module "example.com/m" // quoted, with a comment

go 1.25.0
toolchain go1.26.1

require example.com/a v1.0.0
require (
	example.com/b v1.2.3 // indirect

	"example.com/c" v0.0.0-20250101000000-abcdefabcdef
)
replace example.com/a => ./a
tool example.com/a/cmd/x
`)
	course, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{"the course's go.mod": course, "tricky": tricky} {
		file := filepath.Join(t.TempDir(), "go.mod")
		if err := os.WriteFile(file, data, 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command("go", "mod", "edit", "-json", file).Output()
		if err != nil {
			t.Fatalf("go mod edit -json: %v", err)
		}
		var want struct {
			Module  struct{ Path string }
			Go      string
			Require []struct{ Path, Version string }
		}
		if err := json.Unmarshal(out, &want); err != nil {
			t.Fatal(err)
		}
		got := ParseGoMod(data)
		if got.Module != want.Module.Path || got.Go != want.Go || len(got.Require) != len(want.Require) {
			t.Fatalf("%s: ParseGoMod = %s, go %s, %d requirements; go mod edit says %s, go %s, %d", name,
				got.Module, got.Go, len(got.Require), want.Module.Path, want.Go, len(want.Require))
		}
		for i, r := range want.Require {
			if got.Require[i] != (Requirement{r.Path, r.Version}) {
				t.Errorf("%s: requirement %d = %v; go mod edit says %v", name, i, got.Require[i], r)
			}
		}
	}
}
