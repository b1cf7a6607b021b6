package check

import (
	"bytes"
	"cmp"
	"context"
	"errors"
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
	"gomaps/tools/course/internal/base"
	"gomaps/tools/course/internal/rerun"
	"gomaps/tools/internal/syncbuf"
)

// serveCheck runs the README's first command the way a reader does, on a free port: it must
// serve the home page and the chapters, then print where the labs start, show the labs as
// shipped after a learner's edit (labSaveCheck), and stop cleanly on Ctrl-C.
func (c *checker) serveCheck() error {
	bin := filepath.Join(c.Root, "build", "course-serve-check")
	if err := c.command(nil, "go", "build", "-o", bin, "./tools/course").Run(); err != nil {
		return fmt.Errorf("go build ./tools/course: %v", err)
	}
	defer os.Remove(bin)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	addr := l.Addr().String()
	l.Close()
	ctx, ctrlC := context.WithCancel(c.ctx)
	defer ctrlC()
	out, cmd, url := &syncbuf.Buffer{}, c.Go.In(c.Root).Tool(ctx, bin, "serve", "-addr", addr), "http://"+addr+"/"
	cmd.Stdout, cmd.Stderr, cmd.WaitDelay = out, out, 20*time.Second
	cmd.Cancel = func() error { return cmd.Process.Signal(os.Interrupt) } // Ctrl-C, as a reader stops it
	if err := cmd.Start(); err != nil {
		return err
	}
	err = c.servedBook(url, out)
	ctrlC()
	if werr := cmd.Wait(); err == nil && werr != nil && !errors.Is(werr, context.Canceled) {
		err = fmt.Errorf("serve after Ctrl-C (it has 20s to stop): %v", werr)
	}
	for _, want := range []string{"next: lab ", "the book is at " + url, "stopped serving the book"} {
		if err == nil && !strings.Contains(out.String(), want) {
			err = fmt.Errorf("serve did not print %q", want)
		}
	}
	if err != nil {
		io.WriteString(c.Stdout, out.String())
	}
	return err
}

// get fetches url: its body, or why it has none (an answer other than 200 OK among them).
func get(url string) ([]byte, error) {
	resp, err := http.Get(url)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err == nil && resp.StatusCode != http.StatusOK {
		err = fmt.Errorf("%s: %s", url, resp.Status)
	}
	return body, err
}

// waitFor calls f every 250 ms until it says true, for at most d; false when check was
// interrupted or d passed.
func (c *checker) waitFor(d time.Duration, f func() bool) bool {
	for deadline := time.Now().Add(d); !f(); time.Sleep(250 * time.Millisecond) {
		if c.ctx.Err() != nil || time.Now().After(deadline) {
			return false
		}
	}
	return true
}

// servedBook checks what serve serves: every page of both editions, the explorer's program
// (the mkdocs hook builds it into every build), a run as a run button asks, then the lab list
// and the labs as shipped after a learner's edit.
func (c *checker) servedBook(url string, out *syncbuf.Buffer) error {
	pages, err := filepath.Glob(filepath.Join(c.Root, "chapters", "*.md"))
	zh, zhErr := filepath.Glob(filepath.Join(c.Root, "chapters", "zh", "*.md"))
	if err != nil || zhErr != nil || len(pages) == 0 || len(zh) == 0 {
		return fmt.Errorf("no pages in chapters/ and chapters/zh/ (%v)", cmp.Or(err, zhErr))
	}
	start := time.Now()
	for _, md := range append(pages, zh...) {
		page := strings.TrimSuffix(filepath.ToSlash(base.RelTo(filepath.Join(c.Root, "chapters"), md)), ".md") + ".html"
		if !c.waitFor(90*time.Second-time.Since(start), func() bool { err = fetchPage(url + page); return err == nil }) {
			return fmt.Errorf("go run ./tools/course did not serve %s within 90s: %v", page, err)
		}
		fmt.Fprintf(c.Stdout, "served %s\n", page)
	}
	for _, file := range []string{"explorer/explorer.wasm", "explorer/wasm_exec.js"} {
		if _, err := get(url + file); err != nil {
			return fmt.Errorf("go run ./tools/course did not serve %s (the mkdocs hook site/hooks/explorer.py builds it): %v", file, err)
		}
		fmt.Fprintf(c.Stdout, "served %s\n", file)
	}
	if err := c.servedRun(url); err != nil {
		return err
	}
	// The lab list comes after the book, when the runner has finished.
	c.waitFor(90*time.Second+3*time.Minute-time.Since(start), func() bool { return strings.Contains(out.String(), "next: lab ") })
	if m := regexp.MustCompile(`the book is at .*`).FindString(out.String()); m != "" {
		fmt.Fprintln(c.Stdout, m)
	}
	// After the lab list, which would run lab 06's tests if it saw the edit.
	return c.labSaveCheck(url, out)
}

// servedRun checks the run buttons' server behind mkdocs serve: both editions' run-config.js
// list the outputs, and a run of one, asked for as the page's button asks, streams its output and
// ends in a verdict: the same as printed.
func (c *checker) servedRun(url string) error {
	for _, page := range []string{"", "zh/"} {
		body, err := get(url + page + rerun.ConfigFile)
		if err != nil {
			return err
		}
		if !bytes.Contains(body, []byte("window.courseRun = {")) || !bytes.Contains(body, []byte(`"04-firstinsert":{"lanes":[`)) {
			return fmt.Errorf("go run ./tools/course serves a %s%s that lists no output: the run buttons would not show", page, rerun.ConfigFile)
		}
	}
	req, err := http.NewRequestWithContext(c.ctx, http.MethodPost, strings.TrimSuffix(url, "/")+rerun.API, strings.NewReader(`{"output":"04-firstinsert","lane":""}`))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", strings.TrimSuffix(url, "/"))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	lines := strings.Split(strings.TrimSpace(string(body)), "\n")
	end := lines[len(lines)-1]
	if err != nil || resp.StatusCode != http.StatusOK || !strings.Contains(string(body), `"text":"escapes (returned)`) || !strings.Contains(end, `"verdict":{"same":true`) {
		return fmt.Errorf("the run of 04-firstinsert by its run button's request answered %s (%v):\n%s", resp.Status, err, body)
	}
	fmt.Fprintf(c.Stdout, "ran 04-firstinsert as its run button does: %s\n", end)
	return nil
}

func fetchPage(url string) error {
	body, err := get(url)
	if err == nil && !bytes.Contains(body, []byte("<title>")) {
		err = fmt.Errorf("%s: not an HTML page", url)
	}
	return err
}

// labSaveCheck checks what a learner's save in a lab does to the served book: mkdocs serve
// watches no folder holding labs/, and with a learner's line in editFile a rebuild (chapter 06
// touched) shows that file as shipped, and reuses the explorer's program.
func (c *checker) labSaveCheck(url string, out *syncbuf.Buffer) (err error) {
	if err := c.watchesNoLab(out.String()); err != nil {
		return err
	}
	path := filepath.Join(c.Root, filepath.FromSlash(editFile))
	shipped, from, err := c.shippedEditFile(path)
	if err != nil {
		return err
	}
	_, body, ok := bytes.Cut(shipped, []byte(editHead))
	if !ok {
		return fmt.Errorf("%s has no line %q: the check adds its line below it", editFile, strings.TrimSpace(editHead))
	}
	first, _, _ := bytes.Cut(body, []byte("\n"))
	first = bytes.TrimSpace(first)
	if err := os.WriteFile(path, bytes.Replace(shipped, []byte(editHead), []byte(editHead+"\t// "+editLine+"\n"), 1), 0o644); err != nil {
		return err
	}
	defer func() { err = cmp.Or(err, os.WriteFile(path, shipped, 0o644)) }()
	rebuild, err := c.rebuildChapter06(out)
	if err != nil {
		return err
	}
	page, err := get(url + "06-races.html")
	switch {
	case err != nil:
		return fmt.Errorf("after a rebuild: %v", err)
	case bytes.Contains(page, []byte(editLine)):
		return fmt.Errorf("after a learner's edit of %s, chapter 06 shows the edited file, not the file as shipped (site/hooks/shipped.py, and mkdocs.yml's snippets base_path)", editFile)
	case !bytes.Contains(page, []byte(strings.ReplaceAll(html.EscapeString(string(first)), "&#34;", "&quot;"))): // as pygments writes it
		return fmt.Errorf("chapter 06 does not show shardFor's first line as shipped, %q: its listing of %s is gone", first, editFile)
	case from == "git" && !strings.Contains(rebuild, "from git"):
		return fmt.Errorf("the rebuild did not say that it took %s from git (site/hooks/shipped.py)", editFile)
	case !strings.Contains(rebuild, "explorer: reused"):
		return fmt.Errorf("a rebuild with the explorer's inputs unchanged did not reuse its program (site/hooks/explorer.py should say \"explorer: reused\")")
	}
	fmt.Fprintf(c.Stdout, "after an edit of %s and a rebuild, chapter 06 shows it as shipped (from %s), and the explorer's program was reused\n", editFile, from)
	return nil
}

// watchesNoLab checks, from mkdocs serve's output, that it watches no folder holding labs/.
func (c *checker) watchesNoLab(out string) error {
	m := regexp.MustCompile(`Watching paths for changes: (.*)`).FindStringSubmatch(out)
	if m == nil {
		return fmt.Errorf(`mkdocs serve did not print the paths it watches ("Watching paths for changes: ...")`)
	}
	for _, q := range regexp.MustCompile(`'([^']*)'`).FindAllStringSubmatch(m[1], -1) {
		dir := q[1]
		if !filepath.IsAbs(dir) {
			dir = filepath.Join(c.Root, dir)
		}
		if rel, err := filepath.Rel(dir, filepath.Join(c.Root, "labs")); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
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

// shippedEditFile reads editFile, which must be as shipped, and says where the book takes its
// shipped version from: in a git checkout whose HEAD has the file as it is, from git (the book's
// copy, build/_shipped, is removed first), as in a fresh clone whose learner edited a lab before
// serving the book; otherwise from build/_shipped.
func (c *checker) shippedEditFile(path string) (shipped []byte, from string, err error) {
	if shipped, err = os.ReadFile(path); err != nil {
		return nil, "", err
	}
	sums, err := courseroot.ShippedSums(c.Root)
	if err != nil {
		return nil, "", err
	}
	if sums[editFile] != courseroot.ShippedSum(shipped) {
		return nil, "", fmt.Errorf("%s is not as %s says: put it back (git checkout %s), or regenerate the manifest (go test ./tools/lab -run TestShippedManifest -update)", editFile, courseroot.Manifest, editFile)
	}
	git := exec.Command("git", "show", "HEAD:./"+editFile)
	git.Dir = c.Root
	if inGit, _ := git.Output(); !bytes.Equal(inGit, shipped) { // no git, or another version
		return shipped, "build/_shipped", nil
	}
	if err := os.Remove(filepath.Join(c.Root, "build", "_shipped", filepath.FromSlash(editFile))); err != nil && !os.IsNotExist(err) {
		return nil, "", err
	}
	return shipped, "git", nil
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
	if !c.waitFor(90*time.Second, func() bool { return rebuilds() > before }) {
		return "", fmt.Errorf("mkdocs serve did not rebuild the book within 90s of chapters/06-races.md being touched")
	}
	return out.String()[mark:], nil
}
