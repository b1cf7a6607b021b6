package gocmd

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"gomaps/labs/lanes"
)

// writeScript writes an executable shell script.
func writeScript(t *testing.T, file, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, []byte("#!/bin/sh\n"+text), 0o755); err != nil {
		t.Fatal(err)
	}
}

// TestSwitchedPath: in a program that a switched go command runs (its toolchain of the module
// cache first on PATH, GOROOT set to it), the installed go is the next go on PATH, asked with
// that GOROOT dropped; a lane's toolchain is here when it is the installed go's release or is in
// the module cache; a go command that names its toolchain runs the installed go, by its path,
// without the switch's GOROOT and PATH; one that names none runs as the environment sets it.
func TestSwitchedPath(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the fake go commands are shell scripts")
	}
	dir := t.TempDir()
	modcache, installed := filepath.Join(dir, "mod"), filepath.Join(dir, "installed")
	switched := filepath.Dir(filepath.Dir(lanes.ToolchainGo("go9.9.1", modcache, "linux", "amd64")))
	switchedGo, installedGo := filepath.Join(switched, "bin", "go"), filepath.Join(installed, "bin", "go")
	writeScript(t, switchedGo, "echo 'go: download go9.8.1: toolchain not available' >&2; exit 1\n")
	writeScript(t, installedGo, `[ -z "$GOROOT" ] || { echo "GOROOT=$GOROOT leaked" >&2; exit 1; }
echo '{"GOVERSION": "go9.8.1 X:fake", "GOMODCACHE": "`+modcache+`", "GOHOSTOS": "linux", "GOHOSTARCH": "amd64"}'
`)
	t.Setenv("PATH", strings.Join([]string{filepath.Join(switched, "bin"), "relative", filepath.Join(installed, "bin"), os.Getenv("PATH")}, string(os.PathListSeparator)))
	t.Setenv("GOROOT", switched)

	in, err := FindInstalled(context.Background())
	want := Installed{Go: installedGo, Version: "go9.8.1", ModCache: modcache, GOOS: "linux", GOARCH: "amd64"}
	if err != nil || in != want {
		t.Fatalf("FindInstalled() = %+v, %v; want %+v", in, err, want)
	}
	for tc, want := range map[string]Toolchain{
		"go9.8.1": {Go: installedGo},
		"go9.9.1": {Go: switchedGo, Cached: true},
		"go9.7.1": {},
		"local":   {},
	} {
		if got, ok := in.Toolchain(tc, os.Stat); got != want || ok != (want.Go != "") {
			t.Errorf("Toolchain(%s) = %+v, %v; want %+v", tc, got, ok, want)
		}
	}

	for _, tc := range []string{"go9.8.1", "go9.9.1", "go9.7.1"} {
		cmd := Go{Env: []string{"GOTOOLCHAIN=" + tc}}.Command(context.Background(), "version")
		goroot, _ := lastSetting(cmd.Env, "GOROOT")
		path, _ := lastSetting(cmd.Env, "PATH")
		if cmd.Path != installedGo || goroot != "" || strings.Contains(path, switched) {
			t.Errorf("the go command of %s runs %s with %q, %.80s...; want the installed go, without the switch's GOROOT and PATH", tc, cmd.Path, goroot, path)
		}
	}
	if cmd := Machine().Command(context.Background(), "version"); cmd.Path != switchedGo || !slices.Contains(cmd.Env, "GOROOT="+switched) {
		t.Errorf("the machine's go runs %s; want the first go on PATH, in the environment as it is", cmd.Path)
	}
}
