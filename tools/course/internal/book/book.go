// Package book builds and serves the book and its Chinese edition with mkdocs, installing the
// tools they need (mkdocs, the Material theme, pymdown-extensions) when they are missing.
package book

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httputil"
	neturl "net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"gomaps/tools/course/internal/base"
	"gomaps/tools/course/internal/install"
)

// mkdocsProbe exits 0 when the book's tools are importable (Debian's Material is no import).
const mkdocsProbe = `
import mkdocs, pymdownx.superfences, pymdownx.snippets, pymdownx.tabbed
try:
    from mkdocs.utils import get_theme_names
except ImportError:
    import material
else:
    assert "material" in get_theme_names(), "no material theme"
`

// ZhConfig is the mkdocs config of the book's Chinese edition, built into the English book's zh/.
const ZhConfig = "mkdocs.zh.yml"

// buildGoMod makes build/ a module apart, so go vet ./... skips the built book's Go files.
const buildGoMod = "// What the course builds (the book, screenshots): not part of the course's module.\nmodule build\n"

// Packages are the Debian packages of the book's tools.
var Packages = []string{"mkdocs", "mkdocs-material", "python3-pymdownx"}

// Tools is what the book needs besides Python, as an install line names it.
const Tools = "the book's tools (mkdocs, Material, pymdown-extensions)"

// toolsFix is what to do when the course cannot install the book's tools.
var toolsFix = "install them by hand, then run the command again: as root, apt-get install " + strings.Join(Packages, " ") + "; " +
	"or with pip in a virtualenv, python3 -m venv build/venv && build/venv/bin/pip install mkdocs mkdocs-material pymdown-extensions"

// mkdocs returns the command that runs mkdocs with args, installing the book's tools if need be.
func mkdocs(ctx context.Context, env *base.Env, args ...string) (*exec.Cmd, error) {
	py := FindPython(env.Root)
	if py == "" {
		var err error
		if py, err = installMkdocs(ctx, env); err != nil {
			return nil, err
		}
	}
	if err := os.MkdirAll(filepath.Join(env.Root, "build"), 0o755); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(env.Root, "build", "go.mod"), []byte(buildGoMod), 0o644); err != nil {
		return nil, err
	}
	return env.Command(ctx, py, append([]string{"-m", "mkdocs"}, args...)...), nil
}

// Build runs mkdocs build --strict for the English book, then the Chinese edition (second: the
// English build empties its folder, zh/ included), into siteDir and siteDir/zh (by default
// build/book), writing to out, or to env's output when out is nil.
func Build(ctx context.Context, env *base.Env, siteDir string, out io.Writer, args ...string) error {
	for _, ed := range []struct{ config, site, what string }{{"", siteDir, ""}, {ZhConfig, filepath.Join(siteDir, "zh"), " -f " + ZhConfig + " (the Chinese edition)"}} {
		a := append([]string{"build", "--strict"}, args...)
		if ed.config != "" {
			a = append(a, "-f", ed.config)
		}
		if siteDir != "" {
			a = append(a, "--site-dir", ed.site)
		}
		cmd, err := mkdocs(ctx, env, a...)
		if err != nil {
			return err
		}
		if out != nil {
			cmd.Stdout, cmd.Stderr = out, out
		}
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("mkdocs build --strict%s: %v", ed.what, err)
		}
	}
	return nil
}

func venvPython(root string) string { return filepath.Join(root, "build", "venv", "bin", "python") }

// FindPython returns a Python that can import everything the book needs, or "": the course's
// virtualenv's, the one mkdocs's script names, python3 on PATH, or /usr/bin/python3.
func FindPython(root string) string {
	candidates := []string{venvPython(root)}
	if mkdocs, err := exec.LookPath("mkdocs"); err == nil {
		candidates = append(candidates, shebangInterpreter(mkdocs))
	}
	if py, err := exec.LookPath("python3"); err == nil {
		candidates = append(candidates, py)
	}
	seen := map[string]bool{}
	for _, py := range append(candidates, "/usr/bin/python3") {
		if seen[py] || !base.IsFile(py) {
			continue
		}
		seen[py] = true
		probe := exec.Command(py, "-c", mkdocsProbe)
		probe.Dir = root
		if probe.Run() == nil {
			return py
		}
	}
	return ""
}

// shebangInterpreter returns the interpreter named on a script's #! line, or "".
func shebangInterpreter(script string) string {
	data, _ := os.ReadFile(script)
	line, _, _ := strings.Cut(string(data), "\n")
	fields := strings.Fields(strings.TrimPrefix(line, "#!"))
	if !strings.HasPrefix(line, "#!") || len(fields) == 0 {
		return ""
	}
	if filepath.Base(fields[0]) == "env" && len(fields) > 1 {
		py, _ := exec.LookPath(fields[len(fields)-1])
		return py
	}
	return fields[0]
}

// installMkdocs installs the book's tools (apt as root, else pip into build/venv) for a Python.
func installMkdocs(ctx context.Context, env *base.Env) (string, error) {
	var tried []string
	if install.CanApt() {
		if err := install.Apt(ctx, env, "book-apt", Tools, toolsFix, Packages...); err != nil {
			tried = append(tried, "Debian's packages did not install")
		} else if py := FindPython(env.Root); py != "" {
			return py, nil
		} else {
			tried = append(tried, "Debian's packages installed but still not importable")
		}
	}
	venv := filepath.Join(env.Root, "build", "venv")
	rel := base.RelTo(env.Root, venv)
	if python, err := exec.LookPath("python3"); err != nil {
		tried = append(tried, "no python3")
	} else if err := (install.Quiet{
		What: Tools + " with pip into " + rel, Log: "book-pip", Fix: toolsFix,
		Steps: []install.Step{
			{Name: "python3 -m venv", Cmd: env.Command(ctx, python, "-m", "venv", venv)},
			{Name: "pip install", Cmd: env.Command(ctx, venvPython(env.Root), "-m", "pip", "install", "mkdocs", "mkdocs-material", "pymdown-extensions")},
		},
	}).Run(env.Stdout); err != nil {
		tried = append(tried, "pip could not install them into "+rel)
	} else if py := FindPython(env.Root); py != "" {
		return py, nil
	} else {
		tried = append(tried, "pip installed them into "+rel+" but they are still not importable")
	}
	return "", fmt.Errorf("mkdocs, mkdocs-material or pymdown-extensions is missing (%s): %s", strings.Join(tried, "; "), toolsFix)
}

// A Server serves the book's two editions at one address, the English book at / and the Chinese
// edition at /zh/: from files, or from one mkdocs serve per edition on a port of its own.
type Server struct {
	Exited chan error // receives the end of the first mkdocs serve (or file server) that stops
	eds    []*edition
	srv    *http.Server
	stop   context.CancelFunc
}

// edition is one language of the book, served by mkdocs serve at addr until done, with err.
type edition struct {
	addr string
	cmd  *exec.Cmd
	done chan struct{}
	err  error
}

// Serve serves the book on listener through wrap: the one mkdocs build wrote into built, or with
// built "" through mkdocs serve, each edition in turn (both run the book's hooks, which write the
// same files under build/), once it answers. They stop when ctx ends, or at Stop: Ctrl-C first,
// killed after 5 seconds.
func Serve(ctx context.Context, env *base.Env, listener net.Listener, wrap func(http.Handler) http.Handler, built string) (*Server, error) {
	ctx, stop := context.WithCancel(ctx)
	v := &Server{stop: stop, Exited: make(chan error, 2)}
	if built != "" {
		fmt.Fprintf(env.Stdout, "course: serving the book built in %s (it is not rebuilt when a chapter changes)\n", built)
		v.srv = &http.Server{Handler: wrap(http.FileServer(http.Dir(built)))}
		go func() {
			if err := v.srv.Serve(listener); err != nil && !errors.Is(err, http.ErrServerClosed) {
				v.Exited <- err
			}
		}()
		return v, nil
	}
	fail := func(err error) (*Server, error) { v.Stop(); return nil, err }
	for i, args := range [][]string{nil, {"-f", ZhConfig}} {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return fail(err)
		}
		ed := &edition{addr: l.Addr().String(), done: make(chan struct{})}
		l.Close()
		if ed.cmd, err = mkdocs(ctx, env, append([]string{"serve", "-a", ed.addr}, args...)...); err != nil {
			return fail(err)
		}
		ed.cmd.Cancel = func() error { return ed.cmd.Process.Signal(os.Interrupt) }
		ed.cmd.WaitDelay = 5 * time.Second
		if i == 0 {
			fmt.Fprintln(env.Stdout, "course: building the book (mkdocs serve, the English book, then the Chinese edition)")
		}
		if err := ed.cmd.Start(); err != nil {
			return fail(fmt.Errorf("mkdocs serve: %v", err))
		}
		v.eds = append(v.eds, ed)
		go func() {
			ed.err = ed.cmd.Wait()
			close(ed.done)
			v.Exited <- ed.err
		}()
		if err := waitServing(ctx, "http://"+ed.addr+"/", ed); err != nil {
			return fail(err)
		}
	}
	v.srv = &http.Server{Handler: wrap(bookProxy(v.eds[0].addr, v.eds[1].addr))}
	go v.srv.Serve(listener)
	return v, nil
}

// Stop stops serving, and each mkdocs serve.
func (v *Server) Stop() {
	if v.srv != nil {
		v.srv.Close()
	}
	v.stop()
	for _, ed := range v.eds {
		<-ed.done
	}
}

// bookProxy serves /zh/... from the Chinese edition's mkdocs serve (without the /zh), the rest
// from the English one's; a page's /livereload/... polls go to the server of the page (Referer).
func bookProxy(enAddr, zhAddr string) http.Handler {
	en := httputil.NewSingleHostReverseProxy(&neturl.URL{Scheme: "http", Host: enAddr})
	zh := httputil.NewSingleHostReverseProxy(&neturl.URL{Scheme: "http", Host: zhAddr})
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ref, _ := neturl.Parse(r.Referer())
		switch p := r.URL.Path; {
		case p == "/zh":
			http.Redirect(w, r, "/zh/", http.StatusMovedPermanently)
		case strings.HasPrefix(p, "/zh/"):
			http.StripPrefix("/zh", zh).ServeHTTP(w, r)
		case strings.HasPrefix(p, "/livereload/") && ref != nil && strings.HasPrefix(ref.Path, "/zh/"):
			zh.ServeHTTP(w, r)
		default:
			en.ServeHTTP(w, r)
		}
	})
}

// waitServing waits until url answers, mkdocs exits or ctx ends, saying every 10 s that it waits.
func waitServing(ctx context.Context, url string, ed *edition) error {
	start := time.Now()
	next := 10 * time.Second
	client := &http.Client{Timeout: 2 * time.Second}
	for {
		if resp, err := client.Get(url); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		select {
		case <-ed.done:
			return fmt.Errorf("mkdocs serve ended before the book answered: %v", cmp.Or(ed.err, errors.New("it stopped")))
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(250 * time.Millisecond):
		}
		if d := time.Since(start); d >= next {
			fmt.Fprintf(os.Stderr, "course: still building the book (%ds)\n", int(d.Seconds()))
			next += 10 * time.Second
		}
	}
}
