package course

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

func TestReleaseMinor(t *testing.T) {
	for v, want := range map[string]int{"go1.26.1": 26, "go1.27rc1": 27, "devel go1.28-abcdef Mon": 28, "go1.25": 25, "": 0, "gccgo": 0} {
		if got := releaseMinor(v); got != want {
			t.Errorf("releaseMinor(%q) = %d; want %d", v, got, want)
		}
	}
}

// TestNeedsOf: a file whose //go:build line asks for a newer Go needs the first release that
// builds it; one that asks for an experiment needs it too, and is run by the variant that has
// it; a file left out for another reason, or built already, needs nothing.
func TestNeedsOf(t *testing.T) {
	dir := t.TempDir()
	simd := "go1.27 && goexperiment.simd && " + runtime.GOARCH
	for _, c := range []struct {
		name, build  string
		minor        int
		exps         []string
		needs, shown string // LaterTest.Needs(), and the lane that runs it ("" for none)
	}{
		{"new_test.go", "go1.27", 26, nil, "Go 1.27", "swiss-1.27"},
		{"new_test.go", "go1.27", 27, nil, "", ""},
		{"either_test.go", "go1.30 || go1.27", 26, nil, "Go 1.27", "swiss-1.27"},
		{"old_test.go", "!go1.27", 26, nil, "", ""},
		{"ignored_test.go", "ignore", 26, nil, "", ""},
		{"plain_test.go", "", 26, nil, "", ""},
		{"simd_test.go", simd, 27, nil, "GOEXPERIMENT=simd on Go 1.27 and " + runtime.GOARCH, "simd-1.27"},
		{"simd_test.go", simd, 26, []string{"simd"}, "GOEXPERIMENT=simd on Go 1.27 and " + runtime.GOARCH, "simd-1.27"},
		{"simd_test.go", simd, 27, []string{"simd"}, "", ""},
		{"other_arch_test.go", "go1.27 && goexperiment.simd && " + otherArch(), 27, nil, "GOEXPERIMENT=simd on Go 1.27 and " + otherArch(), ""},
	} {
		header := ""
		if c.build != "" {
			header = "//go:build " + c.build + "\n\n"
		}
		file := filepath.Join(dir, c.name)
		if err := os.WriteFile(file, []byte(header+"package x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		n := needsOf(file, c.minor, c.exps)
		var needs, shown string
		if n != nil {
			needs = n.Needs()
			if n.Lane != nil {
				shown = n.Lane.Name
			}
		}
		if needs != c.needs || shown != c.shown {
			t.Errorf("with Go 1.%d and GOEXPERIMENT=%v, a file of //go:build %s needs %q, run by lane %q; want %q, by %q",
				c.minor, c.exps, c.build, needs, shown, c.needs, c.shown)
		}
	}
}

// otherArch is an architecture this machine is not.
func otherArch() string {
	if runtime.GOARCH == "arm64" {
		return "amd64"
	}
	return "arm64"
}
