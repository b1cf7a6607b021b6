package check

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"gomaps/labs/kubeassets"
	"gomaps/tools/course/internal/base"
	"gomaps/tools/internal/gocmd"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
)

// goEnvKeys are the go command's settings a step's result depends on.
var goEnvKeys = []string{"GOVERSION", "GOEXPERIMENT", "GOFLAGS", "GOOS", "GOARCH", "GOAMD64", "CGO_ENABLED", "CC", "GOPROXY", "GOSUMDB", "GONOSUMDB", "GOPRIVATE"}

// keys makes the steps' keys: what a step's result depends on besides the course's files,
// which its record lists.
type keys struct {
	noCache bool   // there is no cache folder: no step has a key
	self    string // the sum of the check's own sources; computed once when empty
}

// key returns the step's key, or an error when an input cannot be read (then the step runs).
func (k *keys) key(c *checker, step checkStep) (string, error) {
	if k.noCache {
		return "", fmt.Errorf("the user has no cache folder")
	}
	if k.self == "" {
		self, err := selfSum(c.Root, c.Go)
		if err != nil {
			return "", err
		}
		k.self = self
	}
	h := sha256.New()
	fmt.Fprintf(h, "gomaps check\ncheck's sources %s\nstep %s\ntitle %s\n", k.self, step.name, step.title)
	g := c.Go
	if step.lane != nil {
		g = gocmd.OnLane(*step.lane)
		fmt.Fprintf(h, "lane %s\n", strings.Join(step.lane.Env(), " "))
	}
	env, err := g.In(c.Root).GoEnv()
	if err != nil {
		return "", err
	}
	for _, name := range goEnvKeys {
		fmt.Fprintf(h, "go env %s=%s\n", name, env[name])
	}
	for _, name := range []string{kubeassets.AssetsEnv, kubeassets.CacheEnv, "CHROMIUM"} {
		fmt.Fprintf(h, "%s=%s\n", name, os.Getenv(name))
	}
	envtestSum(h)
	if step.tools != nil {
		fmt.Fprintf(h, "tools\n%s\n", step.tools(c))
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// selfSum is the sum of the sources the check is built from: the course's own packages that
// tools/course imports, and go.mod and go.sum. A change to how a step runs gives every step
// another key.
func selfSum(root string, g gocmd.Go) (string, error) {
	cmd := g.In(root).Command(context.Background(), "list", "-deps", "-f", `{{if and .Module .Module.Main}}{{range .GoFiles}}{{$.Dir}}/{{.}}{{"\n"}}{{end}}{{range .EmbedFiles}}{{$.Dir}}/{{.}}{{"\n"}}{{end}}{{end}}`, "./tools/course")
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go list -deps ./tools/course: %v", err)
	}
	files := append(strings.Fields(string(out)), filepath.Join(root, "go.mod"), filepath.Join(root, "go.sum"))
	h := sha256.New()
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(h, "%s %s\n", filepath.ToSlash(base.RelTo(root, f)), base.DataSum(data))
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// envtestSum writes the envtest binaries into h: which folder holds them and their contents'
// sums (about 150 MB, read in well under a second).
func envtestSum(h io.Writer) { kubeassets.Identify(h, cachedFileSum) }

// fileSums remembers the sums cachedFileSum computed in this run, by path, size and time.
var fileSums sync.Map

// cachedFileSum is fileSum, or why a file has none, computed once per run for a file of the same
// path, size and time.
func cachedFileSum(path string) string {
	fi, err := os.Stat(path)
	if err != nil {
		return err.Error()
	}
	id := fmt.Sprintf("%s %d %d", path, fi.Size(), fi.ModTime().UnixNano())
	if sum, ok := fileSums.Load(id); ok {
		return sum.(string)
	}
	sum, err := base.FileSum(path)
	if err != nil {
		return err.Error()
	}
	fileSums.Store(id, sum)
	return sum
}

// debianTools returns a step's tools function: the installed versions of these Debian
// packages, as dpkg-query prints them (a package that is not installed says so).
func debianTools(pkgs ...string) func(*checker) string {
	return func(*checker) string {
		var b strings.Builder
		for _, p := range pkgs {
			out, err := exec.Command("dpkg-query", "-W", "-f", "${Package} ${Version} ${Status}", p).Output()
			if err != nil {
				fmt.Fprintf(&b, "%s: not installed by dpkg\n", p)
				continue
			}
			fmt.Fprintf(&b, "%s\n", out)
		}
		return b.String()
	}
}
