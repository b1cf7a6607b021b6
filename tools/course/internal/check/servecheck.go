package check

import (
	"bytes"
	"fmt"
	"html"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"gomaps/labs/courseroot"
	"gomaps/tools/course/internal/book"
	"gomaps/tools/course/internal/rerun"
	"gomaps/tools/internal/syncbuf"
)

// serveCheck runs the README's first command the way a reader does, on a free port: it must
// serve the home page and the chapters, then print where the labs start, show the labs as
// shipped after a learner's edit (labSaveCheck), and stop cleanly on Ctrl-C.
func (c *checker) serveCheck() error {
	bin := filepath.Join(c.Root, "build", "course-serve-check")
	if err := c.Command("go", "build", "-o", bin, "./tools/course").Run(); err != nil {
		return fmt.Errorf("go build ./tools/course: %v", err)
	}
	defer os.Remove(bin)
	sv, err := c.startServe(bin)
	if err != nil {
		return err
	}
	if err := c.servedBook(sv); err != nil {
		sv.stop()
		io.WriteString(c.Stdout, sv.out.String())
		return err
	}
	if err := sv.stop(); err != nil {
		io.WriteString(c.Stdout, sv.out.String())
		return fmt.Errorf("serve after Ctrl-C: %v", err)
	}
	for _, want := range []string{"next: lab ", "the book is at " + sv.url, "stopped serving the book"} {
		if !strings.Contains(sv.out.String(), want) {
			io.WriteString(c.Stdout, sv.out.String())
			return fmt.Errorf("serve did not print %q", want)
		}
	}
	return nil
}

// served is a serve command the check started.
type served struct {
	url  string // http://127.0.0.1:PORT/
	out  *syncbuf.Buffer
	cmd  *exec.Cmd
	done chan error
}

// startServe starts the built course command bin's serve on a free port.
func (c *checker) startServe(bin string) (*served, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	addr := l.Addr().String()
	l.Close()
	sv := &served{url: "http://" + addr + "/", out: &syncbuf.Buffer{}, done: make(chan error, 1)}
	sv.cmd = c.Command(bin, "serve", "-addr", addr)
	sv.cmd.Stdout, sv.cmd.Stderr = sv.out, sv.out
	if err := sv.cmd.Start(); err != nil {
		return nil, err
	}
	go func() { sv.done <- sv.cmd.Wait() }()
	return sv, nil
}

// stop stops serve with Ctrl-C, as a reader does.
func (sv *served) stop() error {
	_ = sv.cmd.Process.Signal(os.Interrupt)
	select {
	case err := <-sv.done:
		return err
	case <-time.After(20 * time.Second):
		_ = sv.cmd.Process.Kill()
		<-sv.done
		return fmt.Errorf("serve did not stop within 20s of Ctrl-C")
	}
}

// servedBook checks what serve serves: every page of both editions, the explorer's program,
// then the lab list and the labs as shipped after a learner's edit.
func (c *checker) servedBook(sv *served) error {
	pages, err := navPages(c.Root, "mkdocs.yml")
	if err != nil {
		return err
	}
	// The Chinese edition, at /zh/.
	zhPages, err := navPages(c.Root, book.ZhConfig)
	if err != nil {
		return err
	}
	for _, p := range zhPages {
		pages = append(pages, "zh/"+p)
	}
	deadline := time.Now().Add(90 * time.Second)
	for i := 0; i < len(pages); {
		err := fetchPage(sv.url + pages[i])
		if err == nil {
			fmt.Fprintf(c.Stdout, "served %s\n", pages[i])
			i++
			continue
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("go run ./tools/course did not serve %s within 90s: %v", pages[i], err)
		}
		time.Sleep(250 * time.Millisecond)
	}
	if err := c.servedExplorer(sv); err != nil {
		return err
	}
	if err := c.servedRun(sv); err != nil {
		return err
	}
	// The lab list comes after the book, when the runner has finished.
	for !strings.Contains(sv.out.String(), "next: lab ") && time.Now().Before(deadline.Add(3*time.Minute)) {
		time.Sleep(250 * time.Millisecond)
	}
	if m := regexp.MustCompile(`the book is at .*`).FindString(sv.out.String()); m != "" {
		fmt.Fprintln(c.Stdout, m)
	}
	// After the lab list, which would run lab 06's tests if it saw the edit.
	return c.labSaveCheck(sv.url, sv.out)
}

// servedExplorer checks that the explorer page's program is served: the book's mkdocs hook
// builds it into every build.
func (c *checker) servedExplorer(sv *served) error {
	for _, file := range []string{"explorer/explorer.wasm", "explorer/wasm_exec.js"} {
		resp, err := http.Get(sv.url + file)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode != http.StatusOK {
				err = fmt.Errorf("%s", resp.Status)
			}
		}
		if err != nil {
			return fmt.Errorf("go run ./tools/course did not serve %s (the mkdocs hook site/hooks/explorer.py builds it): %v", file, err)
		}
		fmt.Fprintf(c.Stdout, "served %s\n", file)
	}
	return nil
}

// servedRun checks the run buttons' server behind mkdocs serve: both editions' run-config.js
// list the outputs, and a run of one, asked for as the page's button asks, streams its output and
// ends in a verdict: the same as printed.
func (c *checker) servedRun(sv *served) error {
	for _, page := range []string{"", "zh/"} {
		resp, err := http.Get(sv.url + page + rerun.ConfigFile)
		if err != nil {
			return err
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if !bytes.Contains(body, []byte("window.courseRun = {")) || !bytes.Contains(body, []byte(`"04-firstinsert":{"lanes":[`)) {
			return fmt.Errorf("go run ./tools/course serves a %s%s that lists no output: the run buttons would not show", page, rerun.ConfigFile)
		}
	}
	req, err := http.NewRequest(http.MethodPost, strings.TrimSuffix(sv.url, "/")+rerun.API, strings.NewReader(`{"output":"04-firstinsert","lane":""}`))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", strings.TrimSuffix(sv.url, "/"))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	lines := strings.Split(strings.TrimSpace(string(body)), "\n")
	end := lines[len(lines)-1]
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), `"text":"escapes (returned)`) || !strings.Contains(end, `"verdict":{"same":true`) {
		return fmt.Errorf("the run of 04-firstinsert by its run button's request answered %s:\n%s", resp.Status, body)
	}
	fmt.Fprintf(c.Stdout, "ran 04-firstinsert as its run button does: %s\n", end)
	return nil
}

// navLine is one page of mkdocs.yml's nav: "  - 01-basics.md" or "  - Home: index.md".
var navLine = regexp.MustCompile(`^\s+-\s+(?:.*:\s+)?([A-Za-z0-9_.-]+)\.md\s*$`)

// navPages lists the HTML pages of the nav of a mkdocs config (mkdocs.yml, or the Chinese
// edition's), in order, so every chapter added to the nav is also served in the check.
func navPages(root, config string) ([]string, error) {
	text, err := os.ReadFile(filepath.Join(root, config))
	if err != nil {
		return nil, err
	}
	var pages []string
	inNav := false
	for _, line := range strings.Split(string(text), "\n") {
		switch {
		case strings.HasPrefix(line, "nav:"):
			inNav = true
		case inNav && line != "" && !strings.HasPrefix(line, " "):
			inNav = false
		case inNav:
			if m := navLine.FindStringSubmatch(line); m != nil {
				pages = append(pages, m[1]+".html")
			}
		}
	}
	if len(pages) == 0 {
		return nil, fmt.Errorf("%s has no nav pages", config)
	}
	return pages, nil
}

func fetchPage(url string) error {
	resp, err := http.Get(url)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("%s: %s", url, resp.Status)
	}
	if !bytes.Contains(body, []byte("<title>")) {
		return fmt.Errorf("%s: not an HTML page", url)
	}
	return nil
}

// labSaveCheck checks what a learner's save in a lab does to the served book: it rebuilds
// nothing, and the book still shows the lab's file as shipped. mkdocs serve must not watch
// labs/ (or a folder that holds it): the paths it names in "Watching paths for changes". Then,
// with a learner's line added to shardFor in labs/06-races/sharded.go, a rebuild (chapter 06
// touched) must serve chapter 06's listing of that file without the line, and must reuse the
// explorer's program rather than compile it again. In a git checkout whose HEAD has the file as
// it is, the book's copy of it (build/_shipped) is removed first, so the listing comes from git,
// as in a fresh clone whose learner edited a lab before serving the book.
func (c *checker) labSaveCheck(base string, out *syncbuf.Buffer) error {
	if err := c.watchesNoLab(out.String()); err != nil {
		return err
	}
	e, err := c.learnerEdit()
	if err != nil {
		return err
	}
	if err := os.WriteFile(e.path, e.edited, 0o644); err != nil {
		return err
	}
	defer os.WriteFile(e.path, e.shipped, 0o644)
	rebuild, err := c.rebuildChapter06(out)
	if err != nil {
		return err
	}
	resp, err := http.Get(base + "06-races.html")
	if err != nil {
		return err
	}
	page, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		return err
	}
	switch {
	case resp.StatusCode != http.StatusOK:
		return fmt.Errorf("after a rebuild, 06-races.html: %s", resp.Status)
	case bytes.Contains(page, []byte(editLine)):
		return fmt.Errorf("after a learner's edit of %s, chapter 06 shows the edited file, not the file as shipped (site/hooks/shipped.py, and mkdocs.yml's snippets base_path)", editFile)
	case !bytes.Contains(page, []byte(e.firstHTML)):
		return fmt.Errorf("chapter 06 does not show shardFor's first line as shipped, %q: its listing of %s is gone", e.first, editFile)
	case e.from == "git" && !strings.Contains(rebuild, "from git"):
		return fmt.Errorf("the rebuild did not say that it took %s from git (site/hooks/shipped.py)", editFile)
	case !strings.Contains(rebuild, "explorer: reused"):
		return fmt.Errorf("a rebuild with the explorer's inputs unchanged did not reuse its program (site/hooks/explorer.py should say \"explorer: reused\")")
	}
	fmt.Fprintf(c.Stdout, "after an edit of %s and a rebuild, chapter 06 shows it as shipped (from %s), and the explorer's program was reused\n", editFile, e.from)
	return nil
}

// watchesNoLab checks, from mkdocs serve's output, that it watches no folder holding labs/.
func (c *checker) watchesNoLab(out string) error {
	m := regexp.MustCompile(`Watching paths for changes: (.*)`).FindStringSubmatch(out)
	if m == nil {
		return fmt.Errorf(`mkdocs serve did not print the paths it watches ("Watching paths for changes: ...")`)
	}
	labs := filepath.Join(c.Root, "labs")
	for _, q := range regexp.MustCompile(`'([^']*)'`).FindAllStringSubmatch(m[1], -1) {
		dir := q[1]
		if !filepath.IsAbs(dir) {
			dir = filepath.Join(c.Root, dir)
		}
		if rel, err := filepath.Rel(dir, labs); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return fmt.Errorf("mkdocs serve watches %s, which holds labs/: every save in a lab rebuilds the book; take it out of mkdocs.yml's watch", q[1])
		}
	}
	fmt.Fprintf(c.Stdout, "mkdocs serve watches %s: not labs/\n", m[1])
	return nil
}

// The learner's edit the check makes: a line added to shardFor of lab 06, above its first line
// as shipped, which the page must still show.
const (
	editFile = "labs/06-races/sharded.go"
	editLine = "servecheck: a line the learner added"
	editHead = "func (m *Sharded[V]) shardFor(key string) int {\n"
)

// learnerEdit is the edit, and what the page must show after it.
type learnerEdit struct {
	path             string
	shipped, edited  []byte
	first, firstHTML string // shardFor's first line as shipped, and as pygments writes it
	from             string // where the book takes the shipped file from: "git" or "build/_shipped"
}

func (c *checker) learnerEdit() (*learnerEdit, error) {
	e := &learnerEdit{path: filepath.Join(c.Root, filepath.FromSlash(editFile)), from: "build/_shipped"}
	var err error
	if e.shipped, err = os.ReadFile(e.path); err != nil {
		return nil, err
	}
	_, body, ok := bytes.Cut(e.shipped, []byte(editHead))
	if !ok {
		return nil, fmt.Errorf("%s has no line %q: the check adds its line below it", editFile, strings.TrimSpace(editHead))
	}
	first, _, _ := bytes.Cut(body, []byte("\n"))
	e.first = strings.TrimSpace(string(first))
	e.edited = bytes.Replace(e.shipped, []byte(editHead), []byte(editHead+"\t// "+editLine+"\n"), 1)
	// As pygments writes it in the page (it writes a double quote as &quot;).
	e.firstHTML = strings.ReplaceAll(html.EscapeString(e.first), "&#34;", "&quot;")
	sums, err := courseroot.ShippedSums(c.Root)
	if err != nil {
		return nil, err
	}
	if sums[editFile] != courseroot.ShippedSum(e.shipped) {
		return nil, fmt.Errorf("%s is not as %s says: put it back (git checkout %s), or regenerate the manifest (go test ./tools/lab -run TestShippedManifest -update)", editFile, courseroot.Manifest, editFile)
	}
	git := exec.Command("git", "show", "HEAD:./"+editFile)
	git.Dir = c.Root
	if inGit, _ := git.Output(); bytes.Equal(inGit, e.shipped) {
		if err := os.Remove(filepath.Join(c.Root, "build", "_shipped", filepath.FromSlash(editFile))); err != nil && !os.IsNotExist(err) {
			return nil, err
		}
		e.from = "git"
	}
	return e, nil
}

// rebuildChapter06 touches chapter 06 and waits for mkdocs serve to rebuild the book; it
// returns what mkdocs printed for the rebuild.
func (c *checker) rebuildChapter06(out *syncbuf.Buffer) (string, error) {
	rebuilds := func() int { return strings.Count(out.String(), "Reloading browsers") }
	before, mark := rebuilds(), len(out.String())
	now := time.Now()
	if err := os.Chtimes(filepath.Join(c.Root, "chapters", "06-races.md"), now, now); err != nil {
		return "", err
	}
	for deadline := time.Now().Add(90 * time.Second); rebuilds() == before; time.Sleep(100 * time.Millisecond) {
		if time.Now().After(deadline) {
			return "", fmt.Errorf("mkdocs serve did not rebuild the book within 90s of chapters/06-races.md being touched")
		}
	}
	return out.String()[mark:], nil
}
