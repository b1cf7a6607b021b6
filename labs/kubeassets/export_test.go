package kubeassets

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExportImport moves fake binaries from one cache to another through an exported folder,
// as a room pack does, and checks what Import refuses.
func TestExportImport(t *testing.T) {
	t.Setenv(AssetsEnv, "")
	from := t.TempDir()
	t.Setenv(CacheEnv, from)
	pack := filepath.Join(t.TempDir(), "envtest")
	if err := Export(pack); err == nil || !strings.Contains(err.Error(), BuildCommand) {
		t.Fatalf("Export with nothing built: error %v; want one naming %q", err, BuildCommand)
	}
	src, _ := CacheDir()
	fakeBinaries(t, src, Binaries...)
	os.WriteFile(filepath.Join(src, APIServer), []byte("#!/bin/sh\necho apiserver\n"), 0o755)
	if err := Export(pack); err != nil {
		t.Fatal(err)
	}

	to := t.TempDir()
	t.Setenv(CacheEnv, to)
	dir, err := Import(context.Background(), pack)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := Dir(); err != nil || got != dir {
		t.Fatalf("after Import, Dir() = %q, %v; want %q", got, err, dir)
	}
	data, _ := os.ReadFile(filepath.Join(dir, APIServer))
	if string(data) != "#!/bin/sh\necho apiserver\n" {
		t.Errorf("imported kube-apiserver = %q; want the exported one", data)
	}
	if leftovers, _ := filepath.Glob(filepath.Join(dir, buildPrefix+"*")); len(leftovers) > 0 {
		t.Errorf("Import left %v behind", leftovers)
	}

	// A damaged binary is refused, and the imported one stays as it was.
	os.WriteFile(filepath.Join(pack, Etcd), []byte("#!/bin/sh\nexit 1\n"), 0o755)
	if _, err := Import(context.Background(), pack); err == nil || !strings.Contains(err.Error(), "damaged") {
		t.Errorf("Import of a damaged etcd: error %v; want it called damaged", err)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, Etcd)); string(data) != "#!/bin/sh\n" {
		t.Errorf("a refused import changed the installed etcd to %q", data)
	}

	// Binaries of other versions are refused with what they are and what is needed.
	info, _ := os.ReadFile(filepath.Join(pack, ExportInfo))
	os.WriteFile(filepath.Join(pack, ExportInfo), []byte(strings.Replace(string(info), KubernetesVersion, "v1.30.0", 1)), 0o644)
	if _, err := Import(context.Background(), pack); err == nil || !strings.Contains(err.Error(), "v1.30.0") || !strings.Contains(err.Error(), KubernetesVersion) {
		t.Errorf("Import of other versions: error %v; want both versions named", err)
	}
	if _, err := Import(context.Background(), t.TempDir()); err == nil || !strings.Contains(err.Error(), "-export") {
		t.Errorf("Import of an empty folder: error %v; want it to say how to export", err)
	}
}
