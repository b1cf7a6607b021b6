package bench

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gomaps/labs/benchtables"
)

// TestAddBenchHooks checks that each lab map's package gets the hook file,
// in its own package.
func TestAddBenchHooks(t *testing.T) {
	root, dir := t.TempDir(), t.TempDir()
	replace := map[string]string{}
	if err := addBenchHooks(root, dir, replace); err != nil {
		t.Fatal(err)
	}
	if len(replace) != len(benchtables.LabMaps) {
		t.Fatalf("addBenchHooks added %d files; want one per lab map (%d)", len(replace), len(benchtables.LabMaps))
	}
	for _, lm := range benchtables.LabMaps {
		src, ok := replace[filepath.Join(root, "labs", lm.Lab, hookFile)]
		if !ok {
			t.Fatalf("no hook file for labs/%s", lm.Lab)
		}
		text, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(text), "\npackage "+lm.Impl+"\n") || !strings.Contains(string(text), "m.path = pathGeneric") {
			t.Errorf("the hook of labs/%s is not in package %s or does not force the generic path:\n%s", lm.Lab, lm.Impl, text)
		}
	}
}
