package check

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gomaps/labs/kubeassets"
	"gomaps/labs/lanes"
	"gomaps/tools/course/internal/base"
)

// TestStepKeys: a step's key changes with each of what its result depends on besides the
// files its record lists: a file of its code, the lane's toolchain and GOEXPERIMENT, GOFLAGS,
// the envtest binaries, the version of a Debian package the step runs, and the step itself.
func TestStepKeys(t *testing.T) {
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "go.mod"), []byte("module gomaps\n\ngo 1.25.0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	assets := t.TempDir()
	for _, b := range kubeassets.Binaries {
		if err := os.WriteFile(filepath.Join(assets, b), []byte("binary "+b), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv(kubeassets.AssetsEnv, assets)
	t.Setenv("GOFLAGS", "")
	version := "mkdocs 1.4.2"
	debVersion = func(string) string { return version }
	t.Cleanup(func() { debVersion = dpkgVersion })

	code := filepath.Join(root, "check.go")
	if err := os.WriteFile(code, []byte("package check\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := &checker{Env: &base.Env{Root: root}, ctx: context.Background(), pkgs: &pkgs{files: map[string][]string{course + "check": {"check.go"}}}}
	local := lanes.Lane{Name: "here", Toolchain: "local"}
	s := step{name: "lab", title: "go run ./tools/lab verify", lane: &local, debs: []string{"mkdocs"}}
	key := func() string {
		t.Helper()
		k, err := c.key(s)
		if err != nil {
			t.Fatal(err)
		}
		return k
	}
	want := key()
	if again := key(); again != want {
		t.Fatalf("the same inputs give another key: %s, then %s", want, again)
	}
	etcd := filepath.Join(assets, kubeassets.Etcd)
	for _, ch := range []struct {
		what         string
		change, undo func()
	}{
		{"a file of the step's code", func() { os.WriteFile(code, []byte("package check // edited\n"), 0o644) }, func() { os.WriteFile(code, []byte("package check\n"), 0o644) }},
		{"the lane's toolchain", func() { s.lane = &lanes.Lane{Name: "here", Toolchain: "local+auto"} }, func() { s.lane = &local }},
		{"the lane's GOEXPERIMENT", func() { s.lane = &lanes.Lane{Name: "here", Toolchain: "local", Experiment: "jsonv2"} }, func() { s.lane = &local }},
		{"GOFLAGS", func() { t.Setenv("GOFLAGS", "-mod=mod") }, func() { t.Setenv("GOFLAGS", "") }},
		{"an envtest binary", func() { os.WriteFile(etcd, []byte("rebuilt"), 0o755) }, func() { os.WriteFile(etcd, []byte("binary "+kubeassets.Etcd), 0o755) }},
		{"a Debian package's version", func() { version = "mkdocs 1.6.0" }, func() { version = "mkdocs 1.4.2" }},
		{"the step", func() { s.name = "claims" }, func() { s.name = "lab" }},
	} {
		ch.change()
		if key() == want {
			t.Errorf("changing %s keeps the step's key", ch.what)
		}
		ch.undo()
		if key() != want {
			t.Fatalf("undoing the change of %s did not give the key back", ch.what)
		}
	}
}

// TestStepCode: a step's key holds the files of the packages it runs inside check (its uses),
// with check's own and its runner's, and not those of the packages other steps use: a
// change to the zh checker runs the zh step again, not the lanes'. Every package check imports
// is the runner's or some step's.
func TestStepCode(t *testing.T) {
	p := listed(t, workshopRoot(t))
	code := map[string][]string{}
	for _, s := range allSteps() {
		code[s.name] = p.code(s)
	}
	const english = "tools/course/internal/zh/english.go"
	for name, want := range map[string]bool{"zh": true, lanes.Default: false, "classic": false, "vet": false} {
		if got := slices.Contains(code[name], english); got != want {
			t.Errorf("the code of step %s holds %s: %v; want %v", name, english, got, want)
		}
	}
	for _, f := range []string{"tools/course/internal/check/check.go", "tools/course/internal/stepcache/stepcache.go", "go.sum"} {
		if !slices.Contains(code["classic"], f) {
			t.Errorf("the code of a lane's step does not hold %s, which runs it", f)
		}
	}
	attributed := map[string]bool{}
	for _, s := range allSteps() {
		for _, pkg := range append(slices.Clone(runner), s.uses...) {
			attributed[pkg] = true
			for _, dep := range p.deps[pkg] {
				attributed[dep] = true
			}
		}
	}
	for _, dep := range p.deps[course+"check"] {
		if strings.HasPrefix(dep, "gomaps/") && !attributed[dep] {
			t.Errorf("check imports %s, which neither the runner (%s) nor any step's uses holds: a change to it would not run the step that runs it", dep, strings.Join(runner, " "))
		}
	}
}
