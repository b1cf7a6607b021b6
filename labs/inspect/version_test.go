package inspect

import (
	"runtime"
	"slices"
	"strings"
	"testing"
)

// knownFamilies says which releases a build knows, by the toolchain that
// built it (the real runtime.Version of the test): each build mirrors the
// structures of its own toolchain, and Go 1.25's Swiss structures are those
// of Go 1.26.
func knownFamilies(t *testing.T) []string {
	release, _, _ := strings.Cut(runtime.Version(), " ")
	switch {
	case buildKind == Classic && strings.HasPrefix(release, "go1.25."):
		return []string{"go1.25"}
	case buildKind == Swiss && (strings.HasPrefix(release, "go1.25.") || strings.HasPrefix(release, "go1.26.")):
		return []string{"go1.25", "go1.26"}
	case buildKind == Swiss && strings.HasPrefix(release, "go1.27."):
		return []string{"go1.27"}
	}
	t.Fatalf("the test does not know which releases a %v build of %s should know", buildKind, runtime.Version())
	return nil
}

func TestCheckRuntime(t *testing.T) {
	// The family of each version, or "" for one no build knows.
	family := map[string]string{
		"go1.25.0":                 "go1.25",
		"go1.25.5":                 "go1.25",
		"go1.25.5 X:noswissmap":    "go1.25",
		"go1.26.0":                 "go1.26",
		"go1.26.8":                 "go1.26",
		"go1.27.0":                 "go1.27",
		"go1.27.3":                 "go1.27",
		"go1.27.3-X:mapsplitgroup": "go1.27", // since Go 1.26, a dash before the experiments
		"go1.24.11":                "",
		"go1.27rc1":                "",
		"go1.28.0":                 "",
		"go1.28rc1":                "",
		"go1.270.1":                "",
		"go1.250.1":                "",
		"go1.2":                    "",
		"devel go1.27-5d8a0d1a":    "",
		"devel go1.28-5d8a0d1a":    "",
		"":                         "",
	}
	known := map[string]bool{}
	for v, f := range family {
		known[v] = f != "" && slices.Contains(knownFamilies(t), f)
	}
	// The runtime running the test is one the build knows.
	if err := checkRuntime(runtime.Version(), "amd64"); err != nil {
		t.Fatalf("the running runtime: %v", err)
	}
	for v, want := range known {
		err := checkRuntime(v, "amd64")
		if (err == nil) != want {
			t.Errorf("checkRuntime(%q, amd64) = %v; known: %v", v, err, want)
		}
		if err != nil {
			msg := err.Error()
			if strings.Count(msg, ". ") > 0 || strings.Count(msg, "\n") > 0 || !strings.Contains(msg, "does not know") {
				t.Errorf("checkRuntime(%q): the error is not one sentence saying the layout is unknown: %q", v, msg)
			}
		}
	}
	if err := checkRuntime(runtime.Version(), "wasm"); err == nil {
		t.Error("checkRuntime accepts wasm, whose hash is 32 bits on Go 1.26")
	}
}

// On an unknown runtime every entry point returns the error and reads
// nothing.
func TestUnknownRuntime(t *testing.T) {
	saved := runtimeVersion
	defer func() { runtimeVersion = saved }()
	for _, v := range []string{"go1.28.0", "go1.28.1-X:mapsplitgroup", "go1.99.1"} {
		runtimeVersion = func() string { return v }
		m := map[string]int{"a": 1}
		check := func(name string, err error) {
			t.Helper()
			if err == nil || !strings.Contains(err.Error(), v) || !strings.Contains(err.Error(), "does not know") ||
				strings.Contains(err.Error(), ". ") {
				t.Errorf("%s on %s: error %v; want one sentence saying the layout is unknown", name, v, err)
			}
		}
		l, err := Inspect(m)
		if l != nil {
			t.Errorf("Inspect on %s returned a layout", v)
		}
		check("Inspect", err)
		entries, err := Entries(m)
		if entries != nil {
			t.Errorf("Entries on %s returned %v", v, entries)
		}
		check("Entries", err)
		_, ok, err := Locate(m, "a")
		if ok {
			t.Errorf("Locate on %s found the key", v)
		}
		check("Locate", err)
		h, err := Hash(m, "a")
		if h != 0 {
			t.Errorf("Hash on %s returned %#x", v, h)
		}
		check("Hash", err)
		check("Check", Check())
	}
}
