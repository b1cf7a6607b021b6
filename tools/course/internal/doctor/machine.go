package doctor

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"time"

	"gomaps/labs/kubeassets"
	"gomaps/tools/course/internal/book"
	"gomaps/tools/internal/gocmd"
)

// realMachine is the computer the doctor runs on.
type realMachine struct{ root string }

func (realMachine) LookPath(name string) (string, error)  { return exec.LookPath(name) }
func (realMachine) ReadFile(path string) ([]byte, error)  { return os.ReadFile(path) }
func (realMachine) Stat(path string) (fs.FileInfo, error) { return os.Stat(path) }
func (realMachine) IsRoot() bool                          { return runtime.GOOS != "windows" && os.Geteuid() == 0 }
func (m realMachine) MkdocsPython() string                { return book.FindPython(m.root) }
func (realMachine) EnvtestDir() (string, error)           { return kubeassets.Dir() }

func (realMachine) Glob(dir, pattern string) []string {
	matches, _ := fs.Glob(os.DirFS(dir), pattern)
	return matches
}

func (realMachine) Run(ctx context.Context, p probe) ([]byte, []byte, error) {
	if p.files != nil {
		dir, err := os.MkdirTemp("", "gomaps-doctor-")
		if err != nil {
			return nil, nil, fmt.Errorf("cannot write a test program: %v", err)
		}
		defer os.RemoveAll(dir)
		for name, text := range p.files {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
				return nil, nil, fmt.Errorf("cannot write a test program: %v", err)
			}
		}
		p.dir = dir
	}
	ctx, cancel := context.WithTimeout(ctx, p.timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, p.args[0], p.args[1:]...)
	cmd.Dir = p.dir
	cmd.Env = append(os.Environ(), p.env...)
	cmd.WaitDelay = 2 * time.Second
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		err = fmt.Errorf("no answer in %v: %w", p.timeout, context.DeadlineExceeded)
	}
	return stdout.Bytes(), stderr.Bytes(), err
}

func (m realMachine) GoEnv(ctx context.Context) (map[string]string, error) {
	if _, err := exec.LookPath("go"); err != nil {
		return nil, errNoGo
	}
	ctx, cancel := context.WithTimeout(ctx, goEnvTimeout)
	defer cancel()
	env, err := gocmd.Machine().In(m.root).GoEnvContext(ctx)
	if err != nil && errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return nil, fmt.Errorf("go env fails (no answer in %v: %v): fix that first", goEnvTimeout, context.DeadlineExceeded)
	}
	return env, err
}

func (realMachine) Installed(ctx context.Context) (gocmd.Installed, error) {
	ctx, cancel := context.WithTimeout(ctx, goEnvTimeout)
	defer cancel()
	return gocmd.FindInstalled(ctx)
}

func (realMachine) FreeDisk(path string) (uint64, error) {
	if path == "" {
		return 0, errors.New("no folder")
	}
	// The cache may not exist yet: measure its nearest existing parent.
	for _, err := os.Stat(path); err != nil && filepath.Dir(path) != path; _, err = os.Stat(path) {
		path = filepath.Dir(path)
	}
	return freeDisk(path)
}
