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
	"time"

	"gomaps/labs/courseroot"
	"gomaps/labs/kubeassets"
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

// aptInstall installs Debian's packages pkgs as one quiet install (see install), after
// apt-get update the first time in a run. log names its log, what says what the packages are
// (the line adds "from Debian's packages"), fix is the sentence a failure ends with.
func (s *setup) aptInstall(log, what, fix string, pkgs ...string) error {
	in := quietInstall{what: what + " from Debian's packages", log: log, fix: fix}
	if !s.aptUpdated {
		s.aptUpdated = true
		// When the package lists cannot be updated (a source is unreachable), the ones apt
		// has may still know the packages: the install says so and goes on.
		in.steps = append(in.steps, installStep{name: "apt-get update", cmd: s.aptGet("update"), mayFail: true})
	}
	in.steps = append(in.steps, installStep{name: "apt-get install", cmd: s.aptGet(append([]string{"install", "-y"}, pkgs...)...)})
	return s.install(in)
}

// aptGet returns an apt-get command that never asks a question, writes plain lines (no
// progress bar) and waits for a lock another apt-get holds, instead of failing at once.
func (s *setup) aptGet(args ...string) *exec.Cmd {
	cmd := s.command("apt-get", append([]string{"-o", "DPkg::Lock::Timeout=300", "-o", "Dpkg::Use-Pty=0"}, args...)...)
	cmd.Env = append(os.Environ(), "DEBIAN_FRONTEND=noninteractive")
	return cmd
}

// A quietInstall is one thing the course installs by itself. The reader sees one line: what it
// installs, printed before it starts, then how long it took and where its log is:
//
//	course: installing Chromium (for the browser check) from Debian's packages: done in 48 s; log: PATH
//
// The commands' output (hundreds of lines for apt-get) goes to the log, a file in the user's
// cache folder (installLogDir), never in the course. When a command fails, the line says which
// and the log's last lines follow; the error is the fix.
type quietInstall struct {
	what  string        // after "installing ": what it installs, and from where
	log   string        // the log's file name in installLogDir, without ".log"; a run overwrites it
	fix   string        // one sentence: how to install it by hand
	steps []installStep // run in order
}

// installStep is one command of an install.
type installStep struct {
	name    string // the command as a reader knows it: "apt-get install", "npm ci"
	cmd     *exec.Cmd
	mayFail bool // the install goes on when it fails, and its line says so
}

// installTail is how many of the log's last lines a failed install shows.
const installTail = 15

// install runs an install's commands in order with their output in its log, printing
// "course: installing WHAT: " before the first one and "done in N s; log: PATH" after the last.
// When a command fails it prints what failed and the log's last lines, and returns an error
// saying how to install by hand.
func (s *setup) install(in quietInstall) error {
	fmt.Fprintf(s.stdout, "course: installing %s: ", in.what)
	start := time.Now()
	log, err := createInstallLog(in.log)
	if err != nil {
		fmt.Fprintf(s.stdout, "failed: no log file: %v\n", err)
		return fmt.Errorf("installing %s failed: %s", in.what, in.fix)
	}
	fmt.Fprintf(log, "# course: installing %s (%s)\n", in.what, start.Format(time.RFC3339))
	var notes []string
	var failed error
	for _, step := range in.steps {
		fmt.Fprintf(log, "\n$ %s\n", strings.Join(step.cmd.Args, " "))
		step.cmd.Stdout, step.cmd.Stderr = log, log
		if err := step.cmd.Run(); err != nil {
			if step.mayFail {
				fmt.Fprintf(log, "# %s: %v: going on\n", step.name, err)
				notes = append(notes, fmt.Sprintf("%s failed: %v", step.name, err))
				continue
			}
			failed = fmt.Errorf("%s: %v", step.name, err)
			break
		}
	}
	if err := log.Close(); err != nil && failed == nil {
		failed = fmt.Errorf("write the log: %v", err)
	}
	took := seconds(time.Since(start))
	if failed != nil {
		fmt.Fprintf(s.stdout, "failed after %s (%v); the last lines of its log, %s:\n", took, failed, log.Name())
		for _, line := range logTail(log.Name(), installTail) {
			fmt.Fprintf(s.stdout, "    %s\n", line)
		}
		return fmt.Errorf("installing %s failed: %s", in.what, in.fix)
	}
	note := ""
	if len(notes) > 0 {
		note = " (" + strings.Join(notes, "; ") + ")"
	}
	fmt.Fprintf(s.stdout, "done in %s%s; log: %s\n", took, note, log.Name())
	return nil
}

// installLogDir is the folder of the install logs: the course's folder in the user's cache
// ($GOMAPS_CACHE instead, as for envtest's binaries), never the course itself.
func installLogDir() (string, error) {
	root := os.Getenv(kubeassets.CacheEnv)
	if root == "" {
		user, err := os.UserCacheDir()
		if err != nil {
			return "", err
		}
		root = filepath.Join(user, "gomaps")
	}
	if !filepath.IsAbs(root) {
		return "", fmt.Errorf("%s is %s: it must be an absolute path", kubeassets.CacheEnv, root)
	}
	return filepath.Join(root, "logs"), nil
}

// createInstallLog creates (or empties) the log NAME.log in installLogDir, or when there is
// no such folder a new file in the temporary folder.
func createInstallLog(name string) (*os.File, error) {
	dir, err := installLogDir()
	if err == nil {
		if err = os.MkdirAll(dir, 0o755); err == nil {
			var f *os.File
			if f, err = os.Create(filepath.Join(dir, name+".log")); err == nil {
				return f, nil
			}
		}
	}
	f, tmpErr := os.CreateTemp("", "gomaps-"+name+"-*.log")
	if tmpErr != nil {
		return nil, fmt.Errorf("%v; and in the temporary folder: %v", err, tmpErr)
	}
	return f, nil
}

// logTail returns the last n lines of a file that are not blank.
func logTail(path string, n int) []string {
	data, err := os.ReadFile(path)
	if err != nil {
		return []string{fmt.Sprintf("(the log cannot be read: %v)", err)}
	}
	var lines []string
	for _, line := range strings.Split(string(data), "\n") {
		if line = strings.TrimRight(line, "\r \t"); line != "" {
			lines = append(lines, line)
		}
	}
	return lines[max(0, len(lines)-n):]
}

// seconds says how long an install took: "0.4 s", "31 s".
func seconds(d time.Duration) string {
	if d < 10*time.Second {
		return fmt.Sprintf("%.1f s", d.Seconds())
	}
	return fmt.Sprintf("%d s", int(d.Round(time.Second)/time.Second))
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

// zhConfig is the mkdocs config of the book's Chinese edition: it inherits mkdocs.yml and builds
// chapters/zh/ into the English book's zh/ folder.
const zhConfig = "mkdocs.zh.yml"

// bookBuild runs mkdocs build --strict for the whole book, the English book and then the Chinese
// edition (which must come second: the English build empties its folder, zh/ included), into
// siteDir and siteDir/zh, or with siteDir "" into build/book and build/book/zh. Each build's
// output goes to out, or to the setup's stdout and stderr when out is nil.
func (s *setup) bookBuild(siteDir string, out io.Writer, args ...string) error {
	for _, zh := range []bool{false, true} {
		a := append([]string{"build", "--strict"}, args...)
		dir := siteDir
		if zh {
			a = append(a, "-f", zhConfig)
			if dir != "" {
				dir = filepath.Join(dir, "zh")
			}
		}
		if dir != "" {
			a = append(a, "--site-dir", dir)
		}
		cmd, err := s.mkdocs(a...)
		if err != nil {
			return err
		}
		if out != nil {
			cmd.Stdout, cmd.Stderr = out, out
		}
		if err := cmd.Run(); err != nil {
			if zh {
				return fmt.Errorf("mkdocs build --strict -f %s (the Chinese edition): %v", zhConfig, err)
			}
			return fmt.Errorf("mkdocs build --strict: %v", err)
		}
	}
	return nil
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

// bookTools is what the book needs besides Python, as an install line names it.
const bookTools = "the book's tools (mkdocs, Material, pymdown-extensions)"

// bookToolsFix is what to do when the course cannot install the book's tools.
const bookToolsFix = "install them by hand, then run the command again: as root, apt-get install mkdocs mkdocs-material python3-pymdownx; " +
	"or with pip in a virtualenv, python3 -m venv build/venv && build/venv/bin/pip install mkdocs mkdocs-material pymdown-extensions"

func (s *setup) installMkdocs() (string, error) {
	var tried []string
	if s.canApt() {
		if err := s.aptInstall("book-apt", bookTools, bookToolsFix, "mkdocs", "mkdocs-material", "python3-pymdownx"); err != nil {
			tried = append(tried, "Debian's packages did not install")
		} else if py := s.findMkdocsPython(); py != "" {
			return py, nil
		} else {
			tried = append(tried, "Debian's packages installed but still not importable")
		}
	}
	if python, err := exec.LookPath("python3"); err == nil {
		venv := filepath.Join(s.root, "build", "venv")
		err := s.install(quietInstall{
			what: bookTools + " with pip into " + relTo(s.root, venv),
			log:  "book-pip",
			fix:  bookToolsFix,
			steps: []installStep{
				{name: "python3 -m venv", cmd: s.command(python, "-m", "venv", venv)},
				{name: "pip install", cmd: s.command(s.venvPython(), "-m", "pip", "install", "mkdocs", "mkdocs-material", "pymdown-extensions")},
			},
		})
		if err != nil {
			tried = append(tried, "pip could not install them into "+relTo(s.root, venv))
		} else if py := s.findMkdocsPython(); py != "" {
			return py, nil
		} else {
			tried = append(tried, "pip installed them into "+relTo(s.root, venv)+" but they are still not importable")
		}
	} else {
		tried = append(tried, "no python3")
	}
	return "", fmt.Errorf("mkdocs, mkdocs-material or pymdown-extensions is missing (%s): %s", strings.Join(tried, "; "), bookToolsFix)
}

// node makes sure node and npm are on PATH.
func (s *setup) node() error {
	missing := missingNode()
	if len(missing) == 0 {
		return nil
	}
	const fix = "install Node.js 20 or newer with npm by hand (on Debian, as root: apt-get install nodejs npm), then run the command again"
	if s.canApt() {
		what := map[string]string{"nodejs": "Node.js", "npm": "npm"}
		var names []string
		for _, pkg := range missing {
			names = append(names, what[pkg])
		}
		if err := s.aptInstall("node-apt", strings.Join(names, " and ")+" (for the explorer's and the book's checks)", fix, missing...); err != nil {
			return err
		}
		if missing = missingNode(); len(missing) == 0 {
			return nil
		}
	}
	return fmt.Errorf("%s missing: %s", strings.Join(missing, " and "), fix)
}

// missingNode lists the Debian packages of node and npm that are not on PATH.
func missingNode() []string {
	var missing []string
	for _, tool := range [][2]string{{"node", "nodejs"}, {"npm", "npm"}} {
		if _, err := exec.LookPath(tool[0]); err != nil {
			missing = append(missing, tool[1])
		}
	}
	return missing
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
	const fix = "install Chromium by hand (on Debian, as root: apt-get install chromium), or set CHROMIUM to a Chromium or Chrome binary"
	if s.canApt() {
		if err := s.aptInstall("chromium-apt", "Chromium (for the browser check)", fix, "chromium"); err != nil {
			return "", err
		}
		if isFile(debian) {
			return debian, nil
		}
	}
	return "", fmt.Errorf("%s is missing: %s", debian, fix)
}

// cjkFont is the Debian package of the Chinese font the browser check installs when the
// machine has none: without one, Chromium draws the Chinese edition's text as empty boxes in
// the screenshots. A small one (WenQuanYi Micro Hei, about 5 MB).
const cjkFont = "fonts-wqy-microhei"

// hasChineseFont says whether fontconfig knows a font for Chinese; true where there is no
// fontconfig to ask (not Linux), whose systems come with one.
func hasChineseFont() bool {
	out, err := exec.Command("fc-list", ":lang=zh", "family").Output()
	if err != nil {
		return true
	}
	return strings.TrimSpace(string(out)) != ""
}

// chineseFont makes sure Chromium can draw the Chinese edition's text.
func (s *setup) chineseFont() error {
	if hasChineseFont() {
		return nil
	}
	fix := "install a Chinese font by hand (on Debian, as root: apt-get install " + cjkFont + ")"
	if s.canApt() {
		if err := s.aptInstall("font-apt", "a Chinese font (for the browser check of the Chinese edition)", fix, cjkFont); err != nil {
			return err
		}
	}
	if !hasChineseFont() {
		return fmt.Errorf("this machine has no font for Chinese, so the Chinese edition's screenshots would show empty boxes: %s", fix)
	}
	return nil
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
	err = s.install(quietInstall{
		what:  "the browser check's packages of site/package-lock.json (npm ci --prefix site)",
		log:   "npm-ci",
		fix:   "run npm ci --prefix site yourself to see what fails: it needs the npm registry, or an npm cache that has the packages of site/package-lock.json",
		steps: []installStep{{name: "npm ci", cmd: s.command("npm", "ci", "--prefix", "site", "--no-audit", "--no-fund")}},
	})
	if err != nil {
		return err
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
