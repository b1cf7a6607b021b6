// Package install is what the course installs by itself, and how: Debian's packages with
// apt-get when it runs as root, npm's packages from site/package-lock.json, Chromium and a
// Chinese font for the browser check, each as one line for the reader (Quiet).
package install

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	"gomaps/labs/courseroot"
	"gomaps/tools/course/internal/base"
)

// A Quiet is one thing the course installs by itself, as one line for the reader:
//
//	course: installing Chromium (for the browser check) from Debian's packages: done in 48 s; log: PATH
//
// The commands' output goes to the log, NAME.log in the user's cache folder, never in the
// course. When a command fails, the line says which and the log's last lines follow; the error
// is the fix.
type Quiet struct {
	What  string // after "installing ": what it installs, and from where
	Log   string // the log's file name, without ".log"; a run overwrites it
	Fix   string // one sentence: how to install it by hand
	Steps []Step // run in order
}

// Step is one command of an install.
type Step struct {
	Name    string // the command as a reader knows it: "apt-get install", "npm ci"
	Cmd     *exec.Cmd
	MayFail bool // the install goes on when it fails, and its line says so
}

// tail is how many of the log's last lines a failed install shows.
const tail = 15

// Run runs the install's commands in order with their output in its log, printing its line to w.
func (in Quiet) Run(w io.Writer) error {
	fmt.Fprintf(w, "course: installing %s: ", in.What)
	start, failure := time.Now(), fmt.Errorf("installing %s failed: %s", in.What, in.Fix)
	log, err := CreateLog(in.Log)
	if err != nil {
		fmt.Fprintf(w, "failed: no log file: %v\n", err)
		return failure
	}
	fmt.Fprintf(log, "# course: installing %s (%s)\n", in.What, start.Format(time.RFC3339))
	var notes []string
	var failed error
	for _, step := range in.Steps {
		fmt.Fprintf(log, "\n$ %s\n", strings.Join(step.Cmd.Args, " "))
		step.Cmd.Stdout, step.Cmd.Stderr = log, log
		if err := step.Cmd.Run(); err != nil && step.MayFail {
			fmt.Fprintf(log, "# %s: %v: going on\n", step.Name, err)
			notes = append(notes, fmt.Sprintf("%s failed: %v", step.Name, err))
		} else if err != nil {
			failed = fmt.Errorf("%s: %v", step.Name, err)
			break
		}
	}
	if err := log.Close(); err != nil && failed == nil {
		failed = fmt.Errorf("write the log: %v", err)
	}
	took := seconds(time.Since(start))
	if failed != nil {
		fmt.Fprintf(w, "failed after %s (%v); the last lines of its log, %s:\n", took, failed, log.Name())
		for _, line := range logTail(log.Name(), tail) {
			fmt.Fprintf(w, "    %s\n", line)
		}
		return failure
	}
	note := ""
	if len(notes) > 0 {
		note = " (" + strings.Join(notes, "; ") + ")"
	}
	fmt.Fprintf(w, "done in %s%s; log: %s\n", took, note, log.Name())
	return nil
}

// seconds says how long something took: "0.4 s", "31 s".
func seconds(d time.Duration) string {
	if d < 10*time.Second {
		return fmt.Sprintf("%.1f s", d.Seconds())
	}
	return fmt.Sprintf("%d s", int(d.Round(time.Second)/time.Second))
}

// CreateLog creates (or empties) the log NAME.log in the logs folder of the course's folder in
// the user's cache ($GOMAPS_CACHE instead, as for envtest's binaries), or when there is no such
// folder a new file in the temporary folder.
func CreateLog(name string) (*os.File, error) {
	dir, err := courseroot.CacheDir()
	if err == nil {
		dir = filepath.Join(dir, "logs")
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

// CanApt reports whether missing Debian packages can be installed: as root, with apt-get.
func CanApt() bool {
	_, err := exec.LookPath("apt-get")
	return os.Geteuid() == 0 && err == nil
}

// aptUpdated says whether this run ran apt-get update: it runs at most once per run.
var aptUpdated atomic.Bool

// Apt installs Debian's packages pkgs as one Quiet install, after apt-get update the first
// time in a run. log names its log, what says what the packages are (the line adds "from
// Debian's packages"), fix is the sentence a failure ends with.
func Apt(ctx context.Context, env *base.Env, log, what, fix string, pkgs ...string) error {
	in := Quiet{What: what + " from Debian's packages", Log: log, Fix: fix}
	if !aptUpdated.Swap(true) {
		// When the package lists cannot be updated (a source is unreachable), the ones apt
		// has may still know the packages: the install says so and goes on.
		in.Steps = append(in.Steps, Step{Name: "apt-get update", Cmd: AptGet(ctx, env, "update"), MayFail: true})
	}
	in.Steps = append(in.Steps, Step{Name: "apt-get install", Cmd: AptGet(ctx, env, append([]string{"install", "-y"}, pkgs...)...)})
	return in.Run(env.Stdout)
}

// AptGet returns an apt-get command that never asks a question, writes plain lines (no
// progress bar) and waits for a lock another apt-get holds, instead of failing at once.
func AptGet(ctx context.Context, env *base.Env, args ...string) *exec.Cmd {
	cmd := env.Command(ctx, "apt-get", append([]string{"-o", "DPkg::Lock::Timeout=300", "-o", "Dpkg::Use-Pty=0"}, args...)...)
	cmd.Env = append(cmd.Env, "DEBIAN_FRONTEND=noninteractive")
	return cmd
}

// missing installs Debian's packages pkgs when CanApt, as Apt does, then asks have again; when
// have still fails, its error ends with fix.
func missing(ctx context.Context, env *base.Env, log, what, fix string, pkgs []string, have func() error) error {
	if have() == nil {
		return nil
	}
	if CanApt() {
		if err := Apt(ctx, env, log, what, fix, pkgs...); err != nil {
			return err
		}
	}
	if err := have(); err != nil {
		return fmt.Errorf("%v: %s", err, fix)
	}
	return nil
}

// Node makes sure node and npm are on PATH.
func Node(ctx context.Context, env *base.Env) error {
	pkgs := MissingNode()
	names := strings.NewReplacer("nodejs", "Node.js").Replace(strings.Join(pkgs, " and "))
	return missing(ctx, env, "node-apt", names+" (for the explorer's and the book's checks)",
		"install Node.js 20 or newer with npm by hand (on Debian, as root: apt-get install nodejs npm), then run the command again",
		pkgs, func() error {
			if m := MissingNode(); len(m) > 0 {
				return fmt.Errorf("%s missing", strings.Join(m, " and "))
			}
			return nil
		})
}

// MissingNode lists the Debian packages of node and npm that are not on PATH.
func MissingNode() []string {
	var missing []string
	for _, tool := range [][2]string{{"node", "nodejs"}, {"npm", "npm"}} {
		if _, err := exec.LookPath(tool[0]); err != nil {
			missing = append(missing, tool[1])
		}
	}
	return missing
}

// Chromium returns the browser the book check drives: $CHROMIUM, or Debian's chromium.
func Chromium(ctx context.Context, env *base.Env) (string, error) {
	if path := os.Getenv("CHROMIUM"); path != "" {
		if !base.IsFile(path) {
			return "", fmt.Errorf("CHROMIUM=%s: no such file", path)
		}
		return path, nil
	}
	const debian = "/usr/bin/chromium"
	return debian, missing(ctx, env, "chromium-apt", "Chromium (for the browser check)",
		"install Chromium by hand (on Debian, as root: apt-get install chromium), or set CHROMIUM to a Chromium or Chrome binary",
		[]string{"chromium"}, func() error {
			if !base.IsFile(debian) {
				return fmt.Errorf("%s is missing", debian)
			}
			return nil
		})
}

// CJKFont is the Debian package of the Chinese font the browser check installs when the
// machine has none, without which Chromium draws the Chinese text as empty boxes: WenQuanYi
// Micro Hei, about 5 MB.
const CJKFont = "fonts-wqy-microhei"

// HasChineseFont says whether fontconfig knows a font for Chinese; true where there is no
// fontconfig to ask (not Linux), whose systems come with one.
func HasChineseFont() bool {
	out, err := exec.Command("fc-list", ":lang=zh", "family").Output()
	return err != nil || strings.TrimSpace(string(out)) != ""
}

// ChineseFont makes sure Chromium can draw the Chinese edition's text.
func ChineseFont(ctx context.Context, env *base.Env) error {
	return missing(ctx, env, "font-apt", "a Chinese font (for the browser check of the Chinese edition)",
		"install a Chinese font by hand (on Debian, as root: apt-get install "+CJKFont+")",
		[]string{CJKFont}, func() error {
			if !HasChineseFont() {
				return fmt.Errorf("this machine has no font for Chinese, so the Chinese edition's screenshots would show empty boxes")
			}
			return nil
		})
}

// NpmCI installs site/node_modules from the lockfile when it is missing or the lockfile changed
// since the last install.
func NpmCI(ctx context.Context, env *base.Env) error {
	stamp := filepath.Join(env.Root, "site", "node_modules", ".course-lock-sha256")
	h := sha256.New()
	for _, name := range []string{"package.json", "package-lock.json"} {
		data, err := os.ReadFile(filepath.Join(env.Root, "site", name))
		if err != nil {
			return fmt.Errorf("read site/%s: %v", name, err)
		}
		fmt.Fprintf(h, "%s %d\n", name, len(data))
		h.Write(data)
	}
	sum := hex.EncodeToString(h.Sum(nil))
	if old, err := os.ReadFile(stamp); err == nil && string(old) == sum {
		fmt.Fprintln(env.Stdout, "course: site/node_modules is up to date with site/package-lock.json")
		return nil
	}
	err := Quiet{
		What:  "the browser check's packages of site/package-lock.json (npm ci --prefix site)",
		Log:   "npm-ci",
		Fix:   "run npm ci --prefix site yourself to see what fails: it needs the npm registry, or an npm cache that has the packages of site/package-lock.json",
		Steps: []Step{{Name: "npm ci", Cmd: env.Command(ctx, "npm", "ci", "--prefix", "site", "--no-audit", "--no-fund")}},
	}.Run(env.Stdout)
	if err != nil {
		return err
	}
	return os.WriteFile(stamp, []byte(sum), 0o644)
}

// RunQuiet runs cmd with its output kept, and returns an error naming what (the command as a
// reader would type it) with that output when it fails.
func RunQuiet(cmd *exec.Cmd, what string) error {
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s failed: %v\n%s", what, err, strings.TrimSpace(out.String()))
	}
	return nil
}

// RemoveModuleCache empties the module cache that the settings env name: its files are
// read-only, so it takes go clean -modcache, not os.RemoveAll.
func RemoveModuleCache(ctx context.Context, e *base.Env, env []string) error {
	cmd := e.Command(ctx, "go", "clean", "-modcache")
	cmd.Env = append(os.Environ(), env...)
	return RunQuiet(cmd, "go clean -modcache")
}
