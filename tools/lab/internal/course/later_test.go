package course

import (
	"os"
	"path/filepath"
	"testing"
)

func TestReleaseMinor(t *testing.T) {
	for v, want := range map[string]int{"go1.26.1": 26, "go1.27rc1": 27, "devel go1.28-abcdef Mon": 28, "go1.25": 25, "": 0, "gccgo": 0} {
		if got := releaseMinor(v); got != want {
			t.Errorf("releaseMinor(%q) = %d; want %d", v, got, want)
		}
	}
}

// TestNeedsRelease: a file whose //go:build line asks for a newer Go needs the first release
// that builds it; a file left out for another reason, or built already, needs none.
func TestNeedsRelease(t *testing.T) {
	dir := t.TempDir()
	for name, want := range map[string]int{
		"new_test.go":     27, // //go:build go1.27
		"either_test.go":  27, // //go:build go1.27 || go1.30
		"old_test.go":     0,  // //go:build !go1.27: Go 1.26 builds it
		"ignored_test.go": 0,  // //go:build ignore
		"plain_test.go":   0,
	} {
		header := map[string]string{"new_test.go": "//go:build go1.27\n\n", "either_test.go": "//go:build go1.30 || go1.27\n\n",
			"old_test.go": "//go:build !go1.27\n\n", "ignored_test.go": "//go:build ignore\n\n"}[name]
		file := filepath.Join(dir, name)
		if err := os.WriteFile(file, []byte(header+"package x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if got := needsRelease(file, 26); got != want {
			t.Errorf("with Go 1.26, needsRelease(%s) = %d; want %d", name, got, want)
		}
		if got := needsRelease(file, 27); got != 0 && name != "ignored_test.go" {
			t.Errorf("with Go 1.27, needsRelease(%s) = %d; want 0", name, got)
		}
	}
}
