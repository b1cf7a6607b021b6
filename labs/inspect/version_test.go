package inspect

import (
	"strings"
	"testing"
)

func TestCheckRuntime(t *testing.T) {
	known := map[string]bool{
		"go1.25.0":              true,
		"go1.25.5":              true,
		"go1.25.5 X:noswissmap": true,
		"go1.26.0":              buildKind == Swiss,
		"go1.26.8":              buildKind == Swiss,
		"go1.24.11":             false,
		"go1.27.0":              false,
		"go1.27rc1":             false,
		"go1.250.1":             false,
		"go1.2":                 false,
		"devel go1.27-5d8a0d1a": false,
		"":                      false,
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
	if err := checkRuntime("go1.25.5", "wasm"); err == nil {
		t.Error("checkRuntime accepts wasm, whose hash is 32 bits on Go 1.26")
	}
}

// On an unknown runtime every entry point returns the error and reads
// nothing.
func TestUnknownRuntime(t *testing.T) {
	saved := runtimeVersion
	runtimeVersion = func() string { return "go1.99.1" }
	defer func() { runtimeVersion = saved }()

	m := map[string]int{"a": 1}
	check := func(name string, err error) {
		t.Helper()
		if err == nil || !strings.Contains(err.Error(), "go1.99.1") || !strings.Contains(err.Error(), "does not know") {
			t.Errorf("%s on go1.99.1: error %v; want one saying the layout is unknown", name, err)
		}
	}
	l, err := Inspect(m)
	if l != nil {
		t.Errorf("Inspect on go1.99.1 returned a layout")
	}
	check("Inspect", err)
	_, err = Entries(m)
	check("Entries", err)
	_, _, err = Locate(m, "a")
	check("Locate", err)
	_, err = Hash(m, "a")
	check("Hash", err)
	check("Check", Check())
}
