package check

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strings"

	"gomaps/labs/courseroot"
	"gomaps/labs/kubeassets"
	"gomaps/tools/course/internal/base"
	"gomaps/tools/course/internal/plan"
)

// pkgs is the course's packages, from one go list of every package and its test (listArgs),
// and which step tests each (as ./dir).
type pkgs struct {
	lanes   *plan.Lanes
	all     []string            // every package
	envtest map[string]bool     // those whose tests need envtest's binaries: they import envtestImport or carry envtestMarker
	files   map[string][]string // a package of the course, by import path → its files
	deps    map[string][]string // a package → what it imports, directly or not
	// The packages whose tests the test step runs (early), the envtest step (late: kubeassets
	// first), the claims step and the lanes' go test; the labs the lab step and the lanes verify.
	early, late, claims, laneTests, onceLabs, laneLabs []string
}

// envtestImport is the package that starts kube-apiserver and etcd.
const envtestImport = "sigs.k8s.io/controller-runtime/pkg/envtest"

// envtestMarker is the line that a package's test file carries when its tests need envtest's
// binaries without importing envtestImport: they run, in a go command of their own, the tests
// of a lab that starts an API server (tools/lab's wrong answers of labs 07 and 08).
const envtestMarker = "//course:needs-envtest"

var listArgs = []string{"list", "-e", "-test", "-f", `{{.ImportPath}}	{{.Dir}}	{{join .Deps " "}}	{{if and .Module .Module.Main}}{{join .GoFiles " "}} {{join .EmbedFiles " "}}{{end}}`, "./..."}

func list(root string, cmd *exec.Cmd) (*pkgs, error) {
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list -test ./...: %v", err)
	}
	p := &pkgs{envtest: map[string]bool{}, files: map[string][]string{}, deps: map[string][]string{}, late: []string{"./labs/kubeassets"}}
	var dirs []string
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Split(line, "\t")
		if len(f) != 4 {
			continue
		}
		rel := filepath.ToSlash(base.RelTo(root, f[1]))
		switch {
		case strings.HasSuffix(f[0], ".test"): // a test binary: its Deps hold what the tests import
			p.envtest["./"+rel] = p.envtest["./"+rel] || slices.Contains(strings.Fields(f[2]), envtestImport)
		case !strings.Contains(f[0], " "): // a package, not its build for a test
			marked, err := plan.HasMarker(f[1], envtestMarker)
			if err != nil {
				return nil, err
			}
			p.envtest["./"+rel] = p.envtest["./"+rel] || marked
			p.all, dirs = append(p.all, "./"+rel), append(dirs, f[1])
			p.deps[f[0]] = strings.Fields(f[2])
			for _, name := range strings.Fields(f[3]) {
				p.files[f[0]] = append(p.files[f[0]], path.Join(rel, name))
			}
		}
	}
	if p.lanes, err = plan.Marked(root, dirs); err != nil {
		return nil, err
	}
	p.sort(root)
	return p, nil
}

// sort sorts the packages and labs into the steps that test them. A lane's go test leaves out
// the chapters' programs but the claims: their tests (chapters/code/06-races/fatal) run through
// chapters/out's commands, on the lanes the book shows.
func (p *pkgs) sort(root string) {
	once := append([]string{"./tools/...", "./chapters/..."}, sharedPackages...)
	for _, pkg := range p.all {
		onLanes, claim := slices.Contains(p.lanes.Packages, pkg), base.Within(pkg, claimTests)
		switch {
		case onLanes && (claim || !strings.HasPrefix(pkg, "./chapters/code/")):
			p.laneTests = append(p.laneTests, pkg)
		case onLanes:
		case claim:
			p.claims = append(p.claims, pkg)
		case !slices.ContainsFunc(once, func(pat string) bool { return base.Within(pkg, pat) }):
		case p.envtest[pkg]:
			p.late = append(p.late, pkg)
		default:
			p.early = append(p.early, pkg)
		}
	}
	p.laneLabs = plan.LabDirs(root, p.lanes.Labs)
	for _, name := range courseroot.Labs(root) {
		if !slices.Contains(p.lanes.Labs, name[:2]) {
			p.onceLabs = append(p.onceLabs, "./labs/"+name)
		}
	}
}

// runner are the services every step goes through inside check.
var runner = []string{course + "stepcache", course + "steps", course + "plan", course + "install"}

// code lists the files of the course a step runs inside check, which its key holds: go.mod and
// go.sum, check's own, and those of runner and of the step's uses, with what they import.
func (p *pkgs) code(s step) []string {
	files := append([]string{"go.mod", "go.sum"}, p.files[course+"check"]...)
	seen := map[string]bool{}
	for _, pkg := range append(slices.Clone(runner), s.uses...) {
		for _, dep := range append([]string{pkg}, p.deps[pkg]...) {
			if !seen[dep] {
				seen[dep] = true
				files = append(files, p.files[dep]...)
			}
		}
	}
	return files
}

// goEnvKeys are the go command's settings a step's result depends on.
var goEnvKeys = []string{"GOVERSION", "GOEXPERIMENT", "GOFLAGS", "GOOS", "GOARCH", "GOAMD64", "CGO_ENABLED", "CC", "GOPROXY", "GOSUMDB", "GONOSUMDB", "GOPRIVATE"}

// key is the step's key: what its result depends on besides the files its record lists (see
// check's help).
func (c *checker) key(s step) (string, error) {
	if c.listErr != nil {
		return "", c.listErr
	}
	h := sha256.New()
	fmt.Fprintf(h, "gomaps check\nstep %s\ntitle %s\ncheck built by %s\n", s.name, s.title, runtime.Version())
	for _, f := range c.pkgs.code(s) {
		fmt.Fprintf(h, "code %s %s\n", f, cachedFileSum(filepath.Join(c.Root, f)))
	}
	g := c.Go
	if s.lane != nil {
		g = c.goOn(*s.lane)
		fmt.Fprintf(h, "lane %s\n", strings.Join(s.lane.Env(), " "))
	}
	env, err := g.In(c.Root).GoEnvContext(c.ctx)
	if err != nil {
		return "", err
	}
	for _, name := range goEnvKeys {
		fmt.Fprintf(h, "go env %s=%s\n", name, env[name])
	}
	for _, name := range []string{kubeassets.AssetsEnv, kubeassets.CacheEnv, "CHROMIUM"} {
		fmt.Fprintf(h, "%s=%s\n", name, os.Getenv(name))
	}
	kubeassets.Identify(h, cachedFileSum) // about 150 MB, read in well under a second
	for _, deb := range s.debs {
		fmt.Fprintf(h, "%s\n", debVersion(deb))
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// debVersion is a Debian package's installed version (dpkgVersion; another in tests).
var debVersion = dpkgVersion

func dpkgVersion(pkg string) string {
	out, err := exec.Command("dpkg-query", "-W", "-f", "${Package} ${Version} ${Status}", pkg).Output()
	if err != nil {
		return pkg + ": not installed by dpkg"
	}
	return string(out)
}

// fileSums are the sums cachedFileSum computed in this run, by path, size and time.
var fileSums = map[string]string{}

// cachedFileSum is a file's sum, or why it has none, computed once per run for a file of the
// same path, size and time.
func cachedFileSum(path string) string {
	fi, err := os.Stat(path)
	if err != nil {
		return err.Error()
	}
	id := fmt.Sprintf("%s %d %d", path, fi.Size(), fi.ModTime().UnixNano())
	if _, ok := fileSums[id]; !ok {
		if fileSums[id], err = base.FileSum(path); err != nil {
			fileSums[id] = err.Error()
		}
	}
	return fileSums[id]
}
