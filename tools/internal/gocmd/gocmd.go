// Package gocmd is the go command as a value: the machine's go, as the environment sets it, or
// the go command on one of the course's lanes (a toolchain and a GOEXPERIMENT, from
// labs/lanes). The tools run every go command through it, so that no tool changes its own
// process's environment to move a command onto a lane. A go command that names its toolchain
// runs from the installed go, whatever toolchain the tool's own go command switched to
// (toolchain.go).
package gocmd

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"

	"gomaps/labs/lanes"
)

// Go is a go command: the machine's, with Env added to the process's environment.
type Go struct {
	Lane string   // the lane's name, "" for the machine's go as the environment sets it
	Env  []string // VAR=value settings added to the process's environment, the lane's among them
	Dir  string   // the folder its commands run in ("": the current one); go.mod there may pick the toolchain
}

// Machine is the go command as the environment sets it.
func Machine() Go { return Go{} }

// OnLane is the go command on lane l: with its GOTOOLCHAIN and GOEXPERIMENT.
func OnLane(l lanes.Lane) Go { return Go{Lane: l.Name, Env: l.Env()} }

// Named is OnLane for the lane named name; "" is the machine's go.
func Named(name string) (Go, error) {
	if name == "" {
		return Machine(), nil
	}
	l, err := lanes.Get(name)
	if err != nil {
		return Go{}, err
	}
	return OnLane(l), nil
}

// In returns g running in folder dir.
func (g Go) In(dir string) Go {
	g.Dir = dir
	return g
}

// With returns g with more settings, which win over g's.
func (g Go) With(env ...string) Go {
	g.Env = append(append([]string(nil), g.Env...), env...)
	return g
}

// Environ is the environment a command of g runs in: the process's, then g's settings. When g
// names a toolchain, the process's is without what a go command's switch to another toolchain
// left in it (lanes.Unswitched), so that what the command runs of the go command in turn
// switches from the installed go too.
func (g Go) Environ() []string {
	if g.setsToolchain() {
		return append(lanes.Unswitched(os.Environ()), g.Env...)
	}
	return append(os.Environ(), g.Env...)
}

// Command returns the go command with args, in g's environment, in the current folder.
func (g Go) Command(ctx context.Context, args ...string) *exec.Cmd {
	return g.Tool(ctx, "go", args...)
}

// Tool returns another program (a built test binary, dlv, mkdocs) run in g's environment, for
// what it runs of the go command in turn. A program named go, when g names a toolchain, is the
// installed go (see [Installed]), whatever a switched go command put first on PATH: it runs
// the toolchain g names as from the reader's shell.
func (g Go) Tool(ctx context.Context, name string, args ...string) *exec.Cmd {
	if name == "go" && g.setsToolchain() {
		if in, err := FindInstalled(context.Background()); err == nil {
			name = in.Go
		}
	}
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Env = g.Environ()
	cmd.Dir = g.Dir
	return cmd
}

// envs holds what go env printed, by environment: it is read once per process.
var envs sync.Map // string (the settings, joined) -> func() (map[string]string, error)

// GoEnv returns go env's variables in g's environment. It runs go env -json once per g's
// settings (and process environment), and the same map is returned after that: do not change it.
func (g Go) GoEnv() (map[string]string, error) { return g.GoEnvContext(context.Background()) }

// GoEnvContext is GoEnv whose go env -json stops when ctx ends (the doctor gives it a time
// limit). Its answer is kept like GoEnv's, a failure too: call it once, early, in a command
// that may stop it.
func (g Go) GoEnvContext(ctx context.Context) (map[string]string, error) {
	key := g.Dir + "\x00" + strings.Join(g.Environ(), "\x00")
	v, _ := envs.LoadOrStore(key, sync.OnceValues(func() (map[string]string, error) {
		return envJSON(g.Command(ctx, "env", "-json"), "go", "go on PATH is the Go command")
	}))
	return v.(func() (map[string]string, error))()
}

// envJSON runs cmd, a go env -json of the go command called name in its errors, and returns
// the variables it printed; check is what to check when they are not JSON. When it fails, the
// error says the first line it printed (on stderr, else on stdout), or how it failed.
func envJSON(cmd *exec.Cmd, name, check string) (map[string]string, error) {
	out, err := cmd.Output()
	if err != nil {
		if ee, ok := err.(*exec.ExitError); ok && len(ee.Stderr) > 0 {
			out = ee.Stderr
		}
		line, _, _ := strings.Cut(strings.TrimSpace(string(out)), "\n")
		return nil, fmt.Errorf("%s env fails (%v): fix that first", name, cmp.Or(line, err.Error()))
	}
	var vars map[string]string
	if err := json.Unmarshal(out, &vars); err != nil {
		return nil, fmt.Errorf("%s env -json printed something else than JSON (%v): check that %s", name, err, check)
	}
	return vars, nil
}

// A Module is one module as go mod download -json reports it: its files in the module
// cache's download folder, or why it could not be downloaded.
type Module struct {
	Path, Version string
	Info, GoMod   string // the .info and .mod files
	Zip           string // the module's zip
	Error         string
}

// DecodeModules reads the output of go mod download -json. When a part of it is not a module,
// it returns the modules before that part, and an error.
func DecodeModules(out []byte) ([]Module, error) {
	var mods []Module
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var m Module
		if err := dec.Decode(&m); err == io.EOF {
			return mods, nil
		} else if err != nil {
			return mods, fmt.Errorf("go mod download -json: %v", err)
		}
		mods = append(mods, m)
	}
}

// Var returns one of go env's variables in g's environment, "" when it fails.
func (g Go) Var(name string) string {
	env, _ := g.GoEnv() // nil when go env fails
	return env[name]
}
