package pack

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gomaps/labs/lanes"
	"gomaps/tools/course/internal/base"
	"gomaps/tools/internal/cli"
)

// run runs the pack and unpack commands as the course command does.
func run(args []string, out *strings.Builder) error {
	p := &cli.Program{Name: "course", Path: "go run ./tools/course", Commands: []*cli.Command{Command(), UnpackCommand()}}
	return p.Run(context.Background(), args, cli.IO{Stdout: out, Stderr: out})
}

func TestEscapeModPath(t *testing.T) {
	for in, want := range map[string]string{
		"github.com/BurntSushi/toml": "github.com/!burnt!sushi/toml",
		"golang.org/x/mod":           "golang.org/x/mod",
		"v0.0.0-2024AB":              "v0.0.0-2024!a!b",
	} {
		if got := escapeModPath(in); got != want {
			t.Errorf("escapeModPath(%q) = %q; want %q", in, got, want)
		}
	}
}

func TestSumdbName(t *testing.T) {
	for in, want := range map[string]string{
		"":               "",
		"off":            "",
		"sum.golang.org": "sum.golang.org",
		"sum.golang.org+033de0ae+Ac4zctda0e5eza+HJyk9SxEdh+s3Ux18htTTAD8OuAn8 https://sum.golang.google.cn": "sum.golang.org",
	} {
		if got := sumdbName(in); got != want {
			t.Errorf("sumdbName(%q) = %q; want %q", in, got, want)
		}
	}
}

// writePack writes a tiny pack: one file and a MANIFEST that lists it.
func writePack(t *testing.T, content string) string {
	t.Helper()
	root, err := base.FindRoot()
	if err != nil {
		t.Fatal(err)
	}
	gosum, err := base.FileSum(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "proxy"), 0o755)
	if err := os.WriteFile(filepath.Join(dir, "proxy", "a.txt"), []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	sum, _ := base.FileSum(filepath.Join(dir, "proxy", "a.txt"))
	manifest := "# a test pack\nsystem " + packOS() + "\ngo go1.26\ncommit abc\ngo.sum " + gosum + "\nclassic " + lanes.Classic().Toolchain + "\n\n" +
		sum + " 5 proxy/a.txt\n"
	if err := os.WriteFile(filepath.Join(dir, manifestFile), []byte(manifest), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestUnpackVerify(t *testing.T) {
	pack := writePack(t, "hello")
	u := &unpacker{pack: pack}
	if err := u.readManifest(); err != nil {
		t.Fatal(err)
	}
	if got, err := u.verify(); err != nil || !strings.Contains(got, "1 files") {
		t.Fatalf("verify of a whole pack = %q, %v", got, err)
	}
	for _, c := range []struct{ content, want string }{
		{"hellO", "proxy/a.txt is damaged"},
		{"hell", "proxy/a.txt has 4 bytes and MANIFEST says 5"},
	} {
		os.WriteFile(filepath.Join(pack, "proxy", "a.txt"), []byte(c.content), 0o644)
		if _, err := u.verify(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("verify with a.txt = %q: error %v; want %q", c.content, err, c.want)
		}
	}
	os.Remove(filepath.Join(pack, "proxy", "a.txt"))
	if _, err := u.verify(); err == nil || !strings.Contains(err.Error(), "missing from the pack") {
		t.Errorf("verify without a.txt: error %v; want it missing", err)
	}
}

// TestUnpackRefuses runs the unpack command on packs it must refuse before installing
// anything, and checks each says why in one sentence.
func TestUnpackRefuses(t *testing.T) {
	other := writePack(t, "hello")
	data, _ := os.ReadFile(filepath.Join(other, manifestFile))
	os.WriteFile(filepath.Join(other, manifestFile), []byte(strings.Replace(string(data), "system "+packOS(), "system plan9/arm", 1)), 0o644)
	stale := writePack(t, "hello")
	data, _ = os.ReadFile(filepath.Join(stale, manifestFile))
	os.WriteFile(filepath.Join(stale, manifestFile), []byte(strings.Replace(string(data), "go.sum ", "go.sum 0", 1)), 0o644)

	for name, c := range map[string]struct{ dir, want string }{
		"not a pack":    {t.TempDir(), "is not a room pack (no MANIFEST): make one with go run ./tools/course pack DIR"},
		"other system":  {other, "this pack is for plan9/arm and this laptop is " + packOS()},
		"other go.sum":  {stale, "this course's go.sum is not the one the pack was made for (commit abc)"},
		"no such place": {filepath.Join(t.TempDir(), "nowhere"), "is not a room pack"},
	} {
		var out strings.Builder
		err := run([]string{"unpack", c.dir}, &out)
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: unpack error %v; want one line containing %q", name, err, c.want)
		}
		if out.Len() > 0 {
			t.Errorf("%s: unpack printed %q before refusing; want nothing done", name, out.String())
		}
	}
}

func TestPackDirRules(t *testing.T) {
	fresh := filepath.Join(t.TempDir(), "new")
	if err := preparePackDir(fresh); err != nil || !base.IsDir(fresh) {
		t.Fatalf("preparePackDir of a new folder: %v", err)
	}
	busy := t.TempDir()
	os.WriteFile(filepath.Join(busy, "notes.txt"), []byte("mine"), 0o644)
	if err := preparePackDir(busy); err == nil || !strings.Contains(err.Error(), "holds no room pack") {
		t.Errorf("preparePackDir of a folder with other files: error %v; want a refusal", err)
	}
	if !base.IsFile(filepath.Join(busy, "notes.txt")) {
		t.Error("preparePackDir removed a file that is not a pack's")
	}
	old := writePack(t, "hello")
	if err := preparePackDir(old); err != nil {
		t.Fatal(err)
	}
	if entries, _ := os.ReadDir(old); len(entries) != 0 {
		t.Errorf("preparePackDir left %d entries of the earlier pack", len(entries))
	}
	root, _ := base.FindRoot()
	var out strings.Builder
	if err := run([]string{"pack", filepath.Join(root, "build", "pack")}, &out); err == nil || !strings.Contains(err.Error(), "inside the course") {
		t.Errorf("pack into the course: error %v; want a refusal", err)
	}
}
