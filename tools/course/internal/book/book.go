// Package book builds and serves the book with mkdocs: the English book and its Chinese
// edition, with the tools they need (mkdocs, the Material theme, pymdown-extensions) installed
// when they are missing.
package book

import (
	"bufio"
	"fmt"
	"gomaps/tools/course/internal/base"
	"gomaps/tools/course/internal/install"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

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

// Mkdocs returns the command that runs mkdocs with the given arguments, installing mkdocs,
// mkdocs-material and pymdown-extensions first when they are missing.
func Mkdocs(s *install.Setup, args ...string) (*exec.Cmd, error) {
	py := FindPython(s)
	if py == "" {
		var err error
		py, err = installMkdocs(s)
		if err != nil {
			return nil, err
		}
	}
	// The built book holds copies of chapters/code's Go files; a go.mod of its own keeps them
	// out of the course's module, so go vet ./... never checks a stale copy.
	if err := os.MkdirAll(filepath.Join(s.Root, "build"), 0o755); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(s.Root, "build", "go.mod"), []byte(buildGoMod), 0o644); err != nil {
		return nil, err
	}
	return s.Command(py, append([]string{"-m", "mkdocs"}, args...)...), nil
}

// ZhConfig is the mkdocs config of the book's Chinese edition: it inherits mkdocs.yml and builds
// chapters/zh/ into the English book's zh/ folder.
const ZhConfig = "mkdocs.zh.yml"

// Build runs mkdocs build --strict for the whole book, the English book and then the Chinese
// edition (which must come second: the English build empties its folder, zh/ included), into
// siteDir and siteDir/zh, or with siteDir "" into build/book and build/book/zh. Each build's
// output goes to out, or to the setup's stdout and stderr when out is nil.
func Build(s *install.Setup, siteDir string, out io.Writer, args ...string) error {
	for _, zh := range []bool{false, true} {
		a := append([]string{"build", "--strict"}, args...)
		dir := siteDir
		if zh {
			a = append(a, "-f", ZhConfig)
			if dir != "" {
				dir = filepath.Join(dir, "zh")
			}
		}
		if dir != "" {
			a = append(a, "--site-dir", dir)
		}
		cmd, err := Mkdocs(s, a...)
		if err != nil {
			return err
		}
		if out != nil {
			cmd.Stdout, cmd.Stderr = out, out
		}
		if err := cmd.Run(); err != nil {
			if zh {
				return fmt.Errorf("mkdocs build --strict -f %s (the Chinese edition): %v", ZhConfig, err)
			}
			return fmt.Errorf("mkdocs build --strict: %v", err)
		}
	}
	return nil
}

// buildGoMod makes build/ a module apart from the course: ./... patterns skip it.
const buildGoMod = "// What the course builds (the book, screenshots): not part of the course's module.\nmodule build\n"

func venvPython(s *install.Setup) string {
	return filepath.Join(s.Root, "build", "venv", "bin", "python")
}

// FindPython returns a Python that can import everything the book needs, or "".
func FindPython(s *install.Setup) string {
	var candidates []string
	if base.IsFile(venvPython(s)) {
		candidates = append(candidates, venvPython(s))
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
		if seen[py] || !base.IsFile(py) {
			continue
		}
		seen[py] = true
		probe := exec.Command(py, "-c", mkdocsProbe)
		probe.Dir = s.Root
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

// Packages are the Debian packages of the book's tools.
var Packages = []string{"mkdocs", "mkdocs-material", "python3-pymdownx"}

// Tools is what the book needs besides Python, as an install line names it.
const Tools = "the book's tools (mkdocs, Material, pymdown-extensions)"

// ToolsFix is what to do when the course cannot install the book's tools.
var ToolsFix = "install them by hand, then run the command again: as root, apt-get install " + strings.Join(Packages, " ") + "; " +
	"or with pip in a virtualenv, python3 -m venv build/venv && build/venv/bin/pip install mkdocs mkdocs-material pymdown-extensions"

func installMkdocs(s *install.Setup) (string, error) {
	var tried []string
	if s.CanApt() {
		if err := s.AptInstall("book-apt", Tools, ToolsFix, Packages...); err != nil {
			tried = append(tried, "Debian's packages did not install")
		} else if py := FindPython(s); py != "" {
			return py, nil
		} else {
			tried = append(tried, "Debian's packages installed but still not importable")
		}
	}
	if python, err := exec.LookPath("python3"); err == nil {
		venv := filepath.Join(s.Root, "build", "venv")
		err := s.Install(install.Quiet{
			What: Tools + " with pip into " + base.RelTo(s.Root, venv),
			Log:  "book-pip",
			Fix:  ToolsFix,
			Steps: []install.Step{
				{Name: "python3 -m venv", Cmd: s.Command(python, "-m", "venv", venv)},
				{Name: "pip install", Cmd: s.Command(venvPython(s), "-m", "pip", "install", "mkdocs", "mkdocs-material", "pymdown-extensions")},
			},
		})
		if err != nil {
			tried = append(tried, "pip could not install them into "+base.RelTo(s.Root, venv))
		} else if py := FindPython(s); py != "" {
			return py, nil
		} else {
			tried = append(tried, "pip installed them into "+base.RelTo(s.Root, venv)+" but they are still not importable")
		}
	} else {
		tried = append(tried, "no python3")
	}
	return "", fmt.Errorf("mkdocs, mkdocs-material or pymdown-extensions is missing (%s): %s", strings.Join(tried, "; "), ToolsFix)
}
