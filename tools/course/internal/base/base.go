// Package base is what every command of tools/course uses: the Env a run works in, and small
// helpers on files, sums and text. It imports no other package of the course's tools but
// those that do not depend on a command, in the manner of cmd/go's internal/base.
package base

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"gomaps/labs/courseroot"
	"gomaps/tools/internal/cli"
	"gomaps/tools/internal/gocmd"
)

// An Env is what a run of a course command works in, opened once (Run) and passed down with
// the run's ctx: the course's root, the go command of what it runs (the machine's, or a
// lane's), and where it writes.
type Env struct {
	Root           string
	Go             gocmd.Go // in Root
	Stdout, Stderr io.Writer
}

// Run makes a command's Run from f, which runs with the Env of the course holding the current
// folder, the machine's go command, and the run's output.
func Run(f func(ctx context.Context, env *Env, args []string) error) func(context.Context, cli.IO, []string) error {
	return func(ctx context.Context, io cli.IO, args []string) error {
		root, err := FindRoot()
		if err != nil {
			return err
		}
		return f(ctx, &Env{Root: root, Go: gocmd.Machine().In(root), Stdout: io.Stdout, Stderr: io.Stderr}, args)
	}
}

// WithGo returns e with the go command g, in e's root.
func (e *Env) WithGo(g gocmd.Go) *Env {
	c := *e
	c.Go = g.In(e.Root)
	return &c
}

// Command returns the program name run in the course's root, in the environment of e's go
// command (see gocmd.Go.Tool), writing to e's output, and stopped when ctx ends.
func (e *Env) Command(ctx context.Context, name string, args ...string) *exec.Cmd {
	cmd := e.Go.In(e.Root).Tool(ctx, name, args...)
	cmd.Stdout, cmd.Stderr = e.Stdout, e.Stderr
	return cmd
}

// FindRoot returns the course's root folder: the nearest folder at or above the current one
// that has a go.mod of module gomaps and a labs/ folder.
func FindRoot() (string, error) {
	root, module, err := courseroot.Find("")
	if err == nil && module != "gomaps" {
		err = fmt.Errorf("%s is module %s, not the course (gomaps)", root, module)
	}
	if err != nil {
		return "", fmt.Errorf("find the course folder: %v", err)
	}
	return root, nil
}

// IsFile reports whether path is a file (not a folder).
func IsFile(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && !fi.IsDir()
}

// IsDir reports whether path is a folder.
func IsDir(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.IsDir()
}

// RelTo returns path relative to root when it is inside root, else path.
func RelTo(root, path string) string {
	if rel, err := filepath.Rel(root, path); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return path
}

// DataSum is the SHA-256 of data, in hex.
func DataSum(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// FileSum is the SHA-256 of a file, in hex.
func FileSum(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	_, err = io.Copy(h, f)
	return hex.EncodeToString(h.Sum(nil)), err
}

// FirstLines returns the first n lines of s, and "..." when there were more.
func FirstLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = append(lines[:n], "...")
	}
	return strings.Join(lines, "\n")
}

// LastLines returns the last n lines of s, after "..." when there were more.
func LastLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = append([]string{"..."}, lines[len(lines)-n:]...)
	}
	return strings.Join(lines, "\n")
}

// Within reports whether package pkg is matched by pattern: the package itself, or with
// "/..." the packages under it.
func Within(pkg, pattern string) bool {
	if base, ok := strings.CutSuffix(pattern, "/..."); ok {
		return pkg == base || strings.HasPrefix(pkg, base+"/")
	}
	return pkg == pattern
}

// EnvPrefix is env as it is written before a command in a shell: "A=1 B=2 ", or "".
func EnvPrefix(env []string) string {
	if len(env) == 0 {
		return ""
	}
	return strings.Join(env, " ") + " "
}

// MB says a size in megabytes: "12 MB".
func MB(n int64) string { return fmt.Sprintf("%.0f MB", float64(n)/1e6) }

// CopyFile copies the file src to dst, making dst's folder, and returns the bytes copied.
func CopyFile(dst, src string) (int64, error) {
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return 0, err
	}
	in, err := os.Open(src)
	if err != nil {
		return 0, err
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		return 0, err
	}
	n, err := io.Copy(out, in)
	return n, cmp.Or(err, out.Close())
}
