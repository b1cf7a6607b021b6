package lanes

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestIsCachedToolchain: the folder of a toolchain the go command unpacked in the module cache
// is one, whatever the module cache's folder; an installed Go's, or another module's, is not.
func TestIsCachedToolchain(t *testing.T) {
	for _, l := range All {
		root := filepath.Dir(filepath.Dir(ToolchainGo(l.Toolchain, filepath.Join("any", "modcache"), "linux", "amd64")))
		if !IsCachedToolchain(root) {
			t.Errorf("IsCachedToolchain(%s) = false; want true", root)
		}
	}
	for _, root := range []string{filepath.Join("usr", "local", "go"), filepath.Join("mod", "golang.org", "x", "tools@v0.1.0"), filepath.Join("mod", "example.com", "toolchain@v0.0.1-go1.27.3.linux-amd64"), ""} {
		if IsCachedToolchain(root) {
			t.Errorf("IsCachedToolchain(%s) = true; want false", root)
		}
	}
}

// TestUnswitched: the GOROOT and the PATH folder that a switch to a toolchain of the module cache
// set are taken out; a GOROOT of the reader's, the other folders and the other variables stay.
func TestUnswitched(t *testing.T) {
	root := filepath.Dir(filepath.Dir(ToolchainGo(DefaultLane().Toolchain, string(filepath.Separator)+"modcache", "linux", "amd64")))
	sep := string(os.PathListSeparator)
	mine := filepath.Join(string(filepath.Separator)+"usr", "local", "go")
	for _, tt := range []struct{ env, want []string }{
		{[]string{"GOROOT=" + root, "PATH=" + filepath.Join(root, "bin") + sep + filepath.Join(mine, "bin"), "GOFLAGS=-x"},
			[]string{"PATH=" + filepath.Join(mine, "bin"), "GOFLAGS=-x"}},
		{[]string{"GOROOT=" + mine, "PATH=" + filepath.Join(mine, "bin") + sep + filepath.Join(root, "bin") + sep + "bin"},
			[]string{"GOROOT=" + mine, "PATH=" + strings.Join([]string{filepath.Join(mine, "bin"), "bin"}, sep)}},
	} {
		if got := Unswitched(tt.env); !slices.Equal(got, tt.want) {
			t.Errorf("Unswitched(%q) = %q; want %q", tt.env, got, tt.want)
		}
	}
}
