package kubeassets

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// fakeBinaries puts executable files named like the binaries in dir.
func fakeBinaries(t *testing.T, dir string, names ...string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range names {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("#!/bin/sh\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
}

func TestDirMissingIsOneSentence(t *testing.T) {
	t.Setenv(AssetsEnv, "")
	t.Setenv(CacheEnv, t.TempDir())
	_, err := Dir()
	if !errors.Is(err, ErrMissing) {
		t.Fatalf("Dir() with an empty cache: error %v, want ErrMissing", err)
	}
	msg := err.Error()
	if strings.Count(msg, ". ") > 0 || strings.Contains(msg, "\n") || !strings.Contains(msg, BuildCommand) {
		t.Errorf("ErrMissing should be one sentence naming %q, got %q", BuildCommand, msg)
	}
}

func TestDirFindsCache(t *testing.T) {
	root := t.TempDir()
	t.Setenv(AssetsEnv, "")
	t.Setenv(CacheEnv, root)
	want := filepath.Join(root, "envtest", KubernetesVersion+"-"+EtcdVersion)

	fakeBinaries(t, want, Etcd)
	if _, err := Dir(); !errors.Is(err, ErrMissing) {
		t.Fatalf("Dir() with etcd alone: error %v, want ErrMissing", err)
	}
	fakeBinaries(t, want, APIServer)
	got, err := Dir()
	if err != nil || got != want {
		t.Fatalf("Dir() = %q, %v; want %q", got, err, want)
	}
	// Build finds them too, and builds nothing.
	var log bytes.Buffer
	got, err = Build(context.Background(), &log)
	if err != nil || got != want || log.Len() != 0 {
		t.Fatalf("Build() = %q, %v, log %q; want %q and no log", got, err, log.String(), want)
	}
}

func TestDirNonExecutableIsMissing(t *testing.T) {
	dir := t.TempDir()
	fakeBinaries(t, dir, Etcd, APIServer)
	if err := os.Chmod(filepath.Join(dir, APIServer), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := Missing(dir); len(got) != 1 || got[0] != APIServer {
		t.Fatalf("Missing with a non-executable kube-apiserver = %v, want [%s]", got, APIServer)
	}
}

func TestDirPrefersKubebuilderAssets(t *testing.T) {
	assets := t.TempDir()
	t.Setenv(AssetsEnv, assets)
	t.Setenv(CacheEnv, t.TempDir())
	_, err := Dir()
	if err == nil || !strings.Contains(err.Error(), AssetsEnv) || !strings.Contains(err.Error(), "no etcd and no kube-apiserver") {
		t.Fatalf("Dir() with an empty $%s: error %v, want one naming it and both binaries", AssetsEnv, err)
	}
	fakeBinaries(t, assets, Etcd, APIServer)
	if got, err := Dir(); err != nil || got != assets {
		t.Fatalf("Dir() = %q, %v; want $%s %q", got, err, AssetsEnv, assets)
	}
}

func TestCacheDirMustBeAbsolute(t *testing.T) {
	t.Setenv(CacheEnv, "relative/cache")
	if _, err := CacheDir(); err == nil {
		t.Fatal("CacheDir() with a relative $GOMAPS_CACHE: no error")
	}
}

func TestStagingModules(t *testing.T) {
	gomod := []byte(`module k8s.io/kubernetes

go 1.25.0

require (
	k8s.io/api v0.0.0
	k8s.io/klog/v2 v2.130.1
)

replace (
	k8s.io/api => ./staging/src/k8s.io/api
	k8s.io/apiserver => ./staging/src/k8s.io/apiserver
	example.com/forked => example.com/forked v1.2.3
)

replace k8s.io/kms => ./staging/src/k8s.io/kms
`)
	got, err := stagingModules(goModEditJSON(t, gomod))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"k8s.io/api", "k8s.io/apiserver", "k8s.io/kms"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("stagingModules = %v, want %v", got, want)
	}
	if _, err := stagingModules(goModEditJSON(t, []byte("module k8s.io/kubernetes\n"))); err == nil {
		t.Fatal("stagingModules of a go.mod without staging replacements: no error")
	}

	text := apiserverGoMod(got)
	for _, line := range []string{
		"require k8s.io/kubernetes " + KubernetesVersion,
		"\tk8s.io/api => k8s.io/api " + stagingVersion(),
		"\tk8s.io/kms => k8s.io/kms " + stagingVersion(),
	} {
		if !strings.Contains(text, line+"\n") {
			t.Errorf("the wrapper go.mod lacks the line %q:\n%s", line, text)
		}
	}
}

func TestVersions(t *testing.T) {
	if !strings.HasPrefix(KubernetesVersion, "v1.") || strings.Count(KubernetesVersion, ".") != 2 {
		t.Fatalf("KubernetesVersion %q is not v1.Y.Z", KubernetesVersion)
	}
	if want := "v0." + KubernetesVersion[len("v1."):]; stagingVersion() != want {
		t.Fatalf("stagingVersion() = %q, want %q", stagingVersion(), want)
	}
	flags := versionFlags()
	if !strings.Contains(flags, "-X k8s.io/component-base/version.gitVersion="+KubernetesVersion) ||
		!strings.Contains(flags, "-X k8s.io/component-base/version.gitMajor=1 ") {
		t.Fatalf("versionFlags() = %q", flags)
	}
}

// goModEditJSON returns what go mod edit -json prints for a go.mod.
func goModEditJSON(t *testing.T, gomod []byte) []byte {
	t.Helper()
	file := filepath.Join(t.TempDir(), "go.mod")
	if err := os.WriteFile(file, gomod, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("go", "mod", "edit", "-json", file).Output()
	if err != nil {
		t.Fatalf("go mod edit -json: %v", err)
	}
	return out
}
