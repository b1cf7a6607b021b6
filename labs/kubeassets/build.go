package kubeassets

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"
)

// Build makes sure kube-apiserver and etcd are in [CacheDir], building the missing ones from
// their Go module sources, and returns the folder. It writes progress lines to log: the first
// build takes about 10 minutes on two cores. When $KUBEBUILDER_ASSETS is set, Build builds
// nothing and returns that folder if it has both binaries.
//
// Each binary is built in a fresh wrapper module in a temporary folder beside the binaries,
// with the go command on PATH and the environment as it is (GOPROXY, GOFLAGS, GOTOOLCHAIN),
// then renamed into place, so an interrupted build never leaves half a binary. A lock file
// makes a second process wait for the first one's build instead of doing it again.
func Build(ctx context.Context, log io.Writer) (string, error) {
	if os.Getenv(AssetsEnv) != "" {
		dir, err := Dir()
		if err == nil {
			fmt.Fprintf(log, "envtest: using %s=%s\n", AssetsEnv, dir)
		}
		return dir, err
	}
	dir, err := CacheDir()
	if err != nil {
		return "", err
	}
	if len(Missing(dir)) == 0 {
		return dir, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("cannot create the cache folder for kube-apiserver and etcd: %v", err)
	}
	unlock, locked, err := lockDir(ctx, dir, log)
	if err != nil {
		return "", err
	}
	defer unlock()
	if locked {
		removeLeftovers(dir)
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		return "", errors.New("building kube-apiserver and etcd needs the go command, and it is not on PATH")
	}
	start := time.Now()
	built := 0
	for _, name := range Binaries {
		if isExecutable(filepath.Join(dir, name)) {
			continue // built before, or by the process we waited for
		}
		b := &builder{ctx: ctx, log: log, goCmd: goCmd, dir: dir, name: name}
		if err := b.build(); err != nil {
			return "", err
		}
		built++
	}
	if built > 0 {
		fmt.Fprintf(log, "envtest: kube-apiserver %s and etcd %s are ready in %s (%s)\n",
			KubernetesVersion, EtcdVersion, dir, round(time.Since(start)))
	}
	return dir, nil
}

// A builder builds one binary into dir.
type builder struct {
	ctx   context.Context
	log   io.Writer
	goCmd string
	dir   string // the cache folder, where the binary goes
	name  string // APIServer or Etcd
	work  string // the wrapper module
	total int    // the packages go build may compile
}

func (b *builder) version() string {
	if b.name == APIServer {
		return KubernetesVersion
	}
	return EtcdVersion
}

func (b *builder) logf(format string, args ...any) {
	fmt.Fprintf(b.log, "envtest: %s %s: %s\n", b.name, b.version(), fmt.Sprintf(format, args...))
}

func (b *builder) build() error {
	start := time.Now()
	work, err := os.MkdirTemp(b.dir, buildPrefix+b.name+"-")
	if err != nil {
		return fmt.Errorf("cannot create a build folder for %s: %v", b.name, err)
	}
	defer os.RemoveAll(work)
	b.work = work

	var gomod, pkg string
	files := map[string]string{}
	if b.name == APIServer {
		b.logf("building from k8s.io/kubernetes (about 7 minutes the first time on two cores)")
		if gomod, err = b.apiserverModule(); err != nil {
			return err
		}
		pkg, files["main.go"] = ".", apiserverMain
	} else {
		b.logf("building from go.etcd.io/etcd/server/v3 (about 2 minutes the first time on two cores)")
		gomod = "module gomaps-envtest/etcd\n\ngo 1.25.0\n\nrequire go.etcd.io/etcd/server/v3 " + EtcdVersion + "\n\n" +
			"// The etcd main package is the root of this module.\ntool go.etcd.io/etcd/server/v3\n"
		pkg = "go.etcd.io/etcd/server/v3"
	}
	files["go.mod"] = gomod
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(work, name), []byte(text), 0o644); err != nil {
			return fmt.Errorf("cannot write the wrapper module of %s: %v", b.name, err)
		}
	}

	b.logf("resolving its modules (go mod tidy)")
	if err := b.run(nil, "mod", "tidy"); err != nil {
		return err
	}
	var list bytes.Buffer
	if err := b.run(&list, "list", "-deps", "-f", "{{.ImportPath}}", pkg); err != nil {
		return err
	}
	deps := strings.Fields(list.String())
	b.logf("compiling up to %d packages (go build; those built before come from the go build cache)", len(deps))
	b.total = len(deps)
	out := filepath.Join(work, b.name)
	// Without debug information (the compiler's -dwarf=false, the linker's -s -w), as
	// Kubernetes' own release build strips it: envtest only runs these binaries, and the
	// compiler then does about a quarter less work.
	args := []string{"build", "-v", "-trimpath", "-gcflags=all=-dwarf=false", "-o", out}
	ld := "-s -w"
	if b.name == APIServer {
		ld += " " + versionFlags()
	}
	args = append(args, "-ldflags="+ld)
	if err := b.run(nil, append(args, pkg)...); err != nil {
		return err
	}
	if err := os.Chmod(out, 0o755); err != nil {
		return fmt.Errorf("cannot make %s executable: %v", b.name, err)
	}
	if err := os.Rename(out, filepath.Join(b.dir, b.name)); err != nil {
		return fmt.Errorf("cannot move the new %s into the cache folder: %v", b.name, err)
	}
	b.logf("built in %s", round(time.Since(start)))
	return nil
}

// apiserverModule returns the go.mod of kube-apiserver's wrapper module: it requires
// k8s.io/kubernetes and replaces each of its staging modules, which k8s.io/kubernetes requires
// as v0.0.0 and replaces by a folder of its own repository, by the published k8s.io/<name> of
// the matching v0.Y.Z. The list of staging modules is read from k8s.io/kubernetes' go.mod.
func (b *builder) apiserverModule() (string, error) {
	b.logf("downloading k8s.io/kubernetes (go mod download)")
	var out bytes.Buffer
	runErr := b.run(&out, "mod", "download", "-json", "k8s.io/kubernetes@"+KubernetesVersion)
	var info struct{ GoMod, Error string }
	json.Unmarshal(out.Bytes(), &info) // on failure, -json still says why in Error
	if info.Error != "" {
		return "", fmt.Errorf("building kube-apiserver failed: cannot download k8s.io/kubernetes: %s", info.Error)
	}
	if runErr != nil {
		return "", runErr
	}
	if info.GoMod == "" {
		return "", fmt.Errorf("building kube-apiserver failed: go mod download -json k8s.io/kubernetes@%s named no go.mod", KubernetesVersion)
	}
	// go mod edit -json reads the go.mod for us: this package, like the commands that import
	// it, uses only the standard library, so that they build with an empty module cache.
	var edit bytes.Buffer
	if err := b.run(&edit, "mod", "edit", "-json", info.GoMod); err != nil {
		return "", err
	}
	staging, err := stagingModules(edit.Bytes())
	if err != nil {
		return "", err
	}
	return apiserverGoMod(staging), nil
}

// stagingModules returns the modules that a k8s.io/kubernetes go.mod replaces by a folder of
// its staging tree (k8s.io/api => ./staging/src/k8s.io/api), given the go.mod as go mod edit
// -json prints it.
func stagingModules(editJSON []byte) ([]string, error) {
	var f struct {
		Replace []struct {
			Old, New struct{ Path, Version string }
		}
	}
	if err := json.Unmarshal(editJSON, &f); err != nil {
		return nil, fmt.Errorf("cannot read k8s.io/kubernetes' go.mod (go mod edit -json): %v", err)
	}
	var mods []string
	for _, r := range f.Replace {
		if r.New.Version == "" && strings.HasPrefix(r.New.Path, "./staging/") {
			mods = append(mods, r.Old.Path)
		}
	}
	if len(mods) == 0 {
		return nil, fmt.Errorf("k8s.io/kubernetes %s's go.mod replaces no module by ./staging/...: this package does not know how to build its kube-apiserver", KubernetesVersion)
	}
	return mods, nil
}

// apiserverGoMod writes the wrapper module's go.mod.
func apiserverGoMod(staging []string) string {
	var sb strings.Builder
	sb.WriteString("module gomaps-envtest/kube-apiserver\n\ngo 1.25.0\n\nrequire k8s.io/kubernetes " + KubernetesVersion + "\n\n")
	sb.WriteString("// The staging modules of k8s.io/kubernetes, as published.\nreplace (\n")
	for _, m := range staging {
		fmt.Fprintf(&sb, "\t%s => %s %s\n", m, m, stagingVersion())
	}
	sb.WriteString(")\n")
	return sb.String()
}

// stagingVersion is the version of the staging modules published with KubernetesVersion:
// v1.35.8 goes with v0.35.8.
func stagingVersion() string {
	return "v0." + strings.TrimPrefix(KubernetesVersion, "v1.")
}

// versionFlags sets the version kube-apiserver reports, as Kubernetes' own build does.
func versionFlags() string {
	major, rest, _ := strings.Cut(strings.TrimPrefix(KubernetesVersion, "v"), ".")
	minor, _, _ := strings.Cut(rest, ".")
	var flags []string
	for _, pkg := range []string{"k8s.io/component-base/version", "k8s.io/client-go/pkg/version"} {
		flags = append(flags,
			"-X "+pkg+".gitVersion="+KubernetesVersion,
			"-X "+pkg+".gitMajor="+major,
			"-X "+pkg+".gitMinor="+minor)
	}
	return strings.Join(flags, " ")
}

// apiserverMain is kube-apiserver's main package, as in k8s.io/kubernetes/cmd/kube-apiserver.
const apiserverMain = `// Command kube-apiserver is Kubernetes' API server, built for envtest.
package main

import (
	"os"
	_ "time/tzdata" // for timeZone support in CronJob

	"k8s.io/component-base/cli"
	_ "k8s.io/component-base/logs/json/register"          // for JSON log format registration
	_ "k8s.io/component-base/metrics/prometheus/clientgo" // load all the prometheus client-go plugins
	_ "k8s.io/component-base/metrics/prometheus/version"  // for version metric registration
	"k8s.io/kubernetes/cmd/kube-apiserver/app"
)

func main() {
	command := app.NewAPIServerCommand()
	code := cli.Run(command)
	os.Exit(code)
}
`

// run runs the go command in the wrapper module. Its standard output goes to stdout when that
// is not nil; its standard error is watched for progress, and shown when the command fails.
func (b *builder) run(stdout io.Writer, args ...string) error {
	cmd := exec.CommandContext(b.ctx, b.goCmd, args...)
	cmd.Dir = b.work
	cmd.Env = append(os.Environ(),
		"GOWORK=off",         // a go.work around the cache folder must not take the wrapper in
		"CGO_ENABLED=0",      // static binaries, as Kubernetes and etcd release them; no C compiler needed
		"GOOS="+runtime.GOOS, // binaries for this machine, whatever GOOS and GOARCH say
		"GOARCH="+runtime.GOARCH,
	)
	p := newProgress(b.log, "envtest: "+b.name+" "+b.version()+": ", args[0], b.total)
	defer p.stop()
	if stdout == nil {
		stdout = p
	}
	cmd.Stdout, cmd.Stderr = stdout, p
	err := cmd.Run()
	if err == nil {
		return nil
	}
	p.stop()
	if b.ctx.Err() != nil {
		return fmt.Errorf("building %s stopped: %v", b.name, context.Cause(b.ctx))
	}
	p.dump()
	return fmt.Errorf("building %s failed: go %s: %v (the go command's messages are above)", b.name, strings.Join(args[:min(2, len(args))], " "), err)
}

// progress watches a go command's standard error: it counts the modules it downloads and the
// packages it compiles (go build -v), says so every interval, and keeps the other lines to
// show them if the command fails.
type progress struct {
	log    io.Writer
	prefix string
	verb   string // mod, list or build
	total  int    // the packages go build may compile

	mu        sync.Mutex
	partial   []byte
	downloads int
	packages  int
	other     []string // the last lines that are neither
	start     time.Time
	done      chan struct{}
	stopOnce  sync.Once
}

// interval is how often a long step says how far it got.
const interval = 30 * time.Second

func newProgress(log io.Writer, prefix, verb string, total int) *progress {
	p := &progress{log: log, prefix: prefix, verb: verb, total: total, start: time.Now(), done: make(chan struct{})}
	go func() {
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			select {
			case <-p.done:
				return
			case <-t.C:
				p.report()
			}
		}
	}()
	return p
}

func (p *progress) Write(data []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.partial = append(p.partial, data...)
	for {
		i := bytes.IndexByte(p.partial, '\n')
		if i < 0 {
			break
		}
		line := string(p.partial[:i])
		p.partial = p.partial[i+1:]
		switch {
		case strings.HasPrefix(line, "go: downloading "):
			p.downloads++
		case p.verb == "build" && isImportPath(line):
			p.packages++
		default:
			p.other = append(p.other, line)
			if len(p.other) > 60 {
				p.other = p.other[len(p.other)-60:]
			}
		}
	}
	return len(data), nil
}

// isImportPath reports whether a line of go build -v is a package it compiled, not a message.
func isImportPath(line string) bool {
	return line != "" && !strings.ContainsAny(line, " \t:#")
}

func (p *progress) report() {
	p.mu.Lock()
	defer p.mu.Unlock()
	var parts []string
	if p.downloads > 0 {
		parts = append(parts, fmt.Sprintf("%d modules downloaded", p.downloads))
	}
	if p.verb == "build" {
		parts = append(parts, fmt.Sprintf("%d of up to %d packages compiled", p.packages, p.total))
	}
	if len(parts) == 0 {
		parts = append(parts, "working")
	}
	fmt.Fprintf(p.log, "%s  ... %s (%s)\n", p.prefix, strings.Join(parts, ", "), round(time.Since(p.start)))
}

func (p *progress) stop() {
	p.stopOnce.Do(func() { close(p.done) })
}

// dump shows the lines the command printed besides its progress.
func (p *progress) dump() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.partial) > 0 {
		p.other = append(p.other, string(p.partial))
	}
	for _, line := range p.other {
		fmt.Fprintln(p.log, line)
	}
}

// buildPrefix starts the names of build folders in the cache folder.
const buildPrefix = ".build-"

// removeLeftovers removes the build folders of builds that were interrupted; only a process
// holding the lock calls it, so no build is under way.
func removeLeftovers(dir string) {
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), buildPrefix) {
			os.RemoveAll(filepath.Join(dir, e.Name()))
		}
	}
}

func round(d time.Duration) time.Duration { return d.Round(time.Second) }
