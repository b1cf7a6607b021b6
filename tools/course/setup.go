package main

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"gomaps/labs/courseroot"
	"gomaps/tools/internal/cli"
)

// parseFlags parses a command's flags; it turns flag errors into usage errors and reports
// whether -h asked for the usage, which it prints.
func parseFlags(fs *flag.FlagSet, args []string, stdout io.Writer) (help bool, err error) {
	fs.SetOutput(io.Discard)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(stdout, usageLine)
			return true, nil
		}
		return false, cli.Usagef("%s: %v", fs.Name(), err)
	}
	return false, nil
}

// findRoot returns the course's root folder: the nearest folder at or above the current one
// that has a go.mod of module gomaps and a labs/ folder.
func findRoot() (string, error) {
	root, module, err := courseroot.Find("")
	if err != nil {
		return "", fmt.Errorf("find the course folder: %v", err)
	}
	if module != "gomaps" {
		return "", fmt.Errorf("find the course folder: %s is module %s, not the course (gomaps)", root, module)
	}
	return root, nil
}

// setup finds the tools the book needs and installs the missing ones when it can.
type setup struct {
	root           string
	stdout, stderr io.Writer
	aptUpdated     bool // apt-get update runs at most once per run
}

func (s *setup) command(name string, args ...string) *exec.Cmd {
	cmd := exec.Command(name, args...)
	cmd.Dir = s.root
	cmd.Stdout = s.stdout
	cmd.Stderr = s.stderr
	return cmd
}

// canApt reports whether missing Debian packages can be installed: as root, with apt-get.
func (s *setup) canApt() bool {
	if os.Geteuid() != 0 {
		return false
	}
	_, err := exec.LookPath("apt-get")
	return err == nil
}

func (s *setup) aptInstall(pkgs ...string) error {
	if !s.aptUpdated {
		s.aptUpdated = true
		fmt.Fprintln(s.stdout, "course: apt-get update")
		if err := s.command("apt-get", "update").Run(); err != nil {
			return fmt.Errorf("apt-get update: %v", err)
		}
	}
	fmt.Fprintf(s.stdout, "course: apt-get install -y %s\n", strings.Join(pkgs, " "))
	cmd := s.command("apt-get", append([]string{"install", "-y"}, pkgs...)...)
	cmd.Env = append(os.Environ(), "DEBIAN_FRONTEND=noninteractive")
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("apt-get install %s: %v", strings.Join(pkgs, " "), err)
	}
	return nil
}

// mkdocsProbe exits 0 when mkdocs, the Material theme and the pymdownx extensions the book uses
// are importable. Debian's mkdocs finds Material through its own theme list, not an import.
const mkdocsProbe = `
import mkdocs, pymdownx.superfences, pymdownx.snippets, pymdownx.tabbed
try:
    from mkdocs.utils import get_theme_names
except ImportError:
    import material
else:
    assert "material" in get_theme_names(), "no material theme"
`

// mkdocs returns the command that runs mkdocs with the given arguments, installing mkdocs,
// mkdocs-material and pymdown-extensions first when they are missing.
func (s *setup) mkdocs(args ...string) (*exec.Cmd, error) {
	py := s.findMkdocsPython()
	if py == "" {
		var err error
		py, err = s.installMkdocs()
		if err != nil {
			return nil, err
		}
	}
	// The built book holds copies of chapters/code's Go files; a go.mod of its own keeps them
	// out of the course's module, so go vet ./... never checks a stale copy.
	if err := os.MkdirAll(filepath.Join(s.root, "build"), 0o755); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(s.root, "build", "go.mod"), []byte(buildGoMod), 0o644); err != nil {
		return nil, err
	}
	return s.command(py, append([]string{"-m", "mkdocs"}, args...)...), nil
}

// buildGoMod makes build/ a module apart from the course: ./... patterns skip it.
const buildGoMod = "// What the course builds (the book, screenshots): not part of the course's module.\nmodule build\n"

func (s *setup) venvPython() string {
	return filepath.Join(s.root, "build", "venv", "bin", "python")
}

// findMkdocsPython returns a Python that can import everything the book needs, or "".
func (s *setup) findMkdocsPython() string {
	var candidates []string
	if isFile(s.venvPython()) {
		candidates = append(candidates, s.venvPython())
	}
	if mkdocs, err := exec.LookPath("mkdocs"); err == nil {
		if py := shebangInterpreter(mkdocs); py != "" {
			candidates = append(candidates, py)
		}
	}
	if py, err := exec.LookPath("python3"); err == nil {
		candidates = append(candidates, py)
	}
	candidates = append(candidates, "/usr/bin/python3")
	seen := map[string]bool{}
	for _, py := range candidates {
		if seen[py] || !isFile(py) {
			continue
		}
		seen[py] = true
		probe := exec.Command(py, "-c", mkdocsProbe)
		probe.Dir = s.root
		if probe.Run() == nil {
			return py
		}
	}
	return ""
}

// shebangInterpreter returns the interpreter named on a script's #! line, or "".
func shebangInterpreter(script string) string {
	f, err := os.Open(script)
	if err != nil {
		return ""
	}
	defer f.Close()
	line, _ := bufio.NewReader(f).ReadString('\n')
	fields := strings.Fields(strings.TrimPrefix(line, "#!"))
	if !strings.HasPrefix(line, "#!") || len(fields) == 0 {
		return ""
	}
	if filepath.Base(fields[0]) == "env" && len(fields) > 1 {
		py, err := exec.LookPath(fields[len(fields)-1])
		if err != nil {
			return ""
		}
		return py
	}
	return fields[0]
}

func (s *setup) installMkdocs() (string, error) {
	var tried []string
	if s.canApt() {
		fmt.Fprintln(s.stdout, "course: mkdocs, mkdocs-material or pymdown-extensions is missing: installing Debian's packages")
		if err := s.aptInstall("mkdocs", "mkdocs-material", "python3-pymdownx"); err != nil {
			tried = append(tried, err.Error())
		} else if py := s.findMkdocsPython(); py != "" {
			return py, nil
		} else {
			tried = append(tried, "Debian's packages installed but still not importable")
		}
	}
	if python, err := exec.LookPath("python3"); err == nil {
		venv := filepath.Join(s.root, "build", "venv")
		fmt.Fprintf(s.stdout, "course: mkdocs, mkdocs-material or pymdown-extensions is missing: installing them in %s with pip\n", relTo(s.root, venv))
		err := s.command(python, "-m", "venv", venv).Run()
		if err == nil {
			err = s.command(s.venvPython(), "-m", "pip", "install", "mkdocs", "mkdocs-material", "pymdown-extensions").Run()
		}
		if err != nil {
			tried = append(tried, fmt.Sprintf("virtualenv %s: %v", relTo(s.root, venv), err))
		} else if py := s.findMkdocsPython(); py != "" {
			return py, nil
		}
	} else {
		tried = append(tried, "no python3")
	}
	return "", fmt.Errorf("mkdocs is missing (%s): install Python 3 with mkdocs, mkdocs-material and pymdown-extensions (pip install mkdocs mkdocs-material pymdown-extensions, or on Debian apt-get install mkdocs mkdocs-material python3-pymdownx)",
		strings.Join(tried, "; "))
}

// node makes sure node and npm are on PATH.
func (s *setup) node() error {
	var missing []string
	for _, tool := range [][2]string{{"node", "nodejs"}, {"npm", "npm"}} {
		if _, err := exec.LookPath(tool[0]); err != nil {
			missing = append(missing, tool[1])
		}
	}
	if len(missing) == 0 {
		return nil
	}
	if s.canApt() {
		if err := s.aptInstall(missing...); err != nil {
			return err
		}
		return s.node()
	}
	return fmt.Errorf("%s missing: install Node.js 20 or newer with npm", strings.Join(missing, " and "))
}

// chromium returns the browser the book check drives: $CHROMIUM, or Debian's chromium.
func (s *setup) chromium() (string, error) {
	if path := os.Getenv("CHROMIUM"); path != "" {
		if !isFile(path) {
			return "", fmt.Errorf("CHROMIUM=%s: no such file", path)
		}
		return path, nil
	}
	const debian = "/usr/bin/chromium"
	if isFile(debian) {
		return debian, nil
	}
	if s.canApt() {
		if err := s.aptInstall("chromium"); err != nil {
			return "", err
		}
		if isFile(debian) {
			return debian, nil
		}
	}
	return "", fmt.Errorf("%s is missing: install chromium (Debian: apt-get install chromium) or set CHROMIUM to a Chromium or Chrome binary", debian)
}

// npmCI installs site/node_modules from the lockfile when it is missing or the lockfile changed
// since the last install.
func (s *setup) npmCI() error {
	stamp := filepath.Join(s.root, "site", "node_modules", ".course-lock-sha256")
	sum, err := lockSum(s.root)
	if err != nil {
		return err
	}
	if old, err := os.ReadFile(stamp); err == nil && string(old) == sum {
		fmt.Fprintln(s.stdout, "course: site/node_modules is up to date with site/package-lock.json")
		return nil
	}
	fmt.Fprintln(s.stdout, "course: npm ci --prefix site")
	if err := s.command("npm", "ci", "--prefix", "site", "--no-audit", "--no-fund").Run(); err != nil {
		return fmt.Errorf("npm ci --prefix site: %v", err)
	}
	return os.WriteFile(stamp, []byte(sum), 0o644)
}

func lockSum(root string) (string, error) {
	h := sha256.New()
	for _, name := range []string{"package.json", "package-lock.json"} {
		data, err := os.ReadFile(filepath.Join(root, "site", name))
		if err != nil {
			return "", fmt.Errorf("read site/%s: %v", name, err)
		}
		fmt.Fprintf(h, "%s %d\n", name, len(data))
		h.Write(data)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

func isFile(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && !fi.IsDir()
}

func relTo(root, path string) string {
	if rel, err := filepath.Rel(root, path); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return path
}
