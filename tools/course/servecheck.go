package main

import (
	"bytes"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"gomaps/tools/internal/syncbuf"
)

// serveCheck runs the README's first command the way a reader does, on a free port: it must
// serve the home page and the chapters, then print where the labs start, and stop cleanly on
// Ctrl-C.
func (c *checker) serveCheck() error {
	bin := filepath.Join(c.root, "build", "course-serve-check")
	if err := c.command("go", "build", "-o", bin, "./tools/course").Run(); err != nil {
		return fmt.Errorf("go build ./tools/course: %v", err)
	}
	defer os.Remove(bin)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	addr := l.Addr().String()
	l.Close()

	var out syncbuf.Buffer
	cmd := c.command(bin, "serve", "-addr", addr)
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		return err
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	stop := func() error {
		_ = cmd.Process.Signal(os.Interrupt)
		select {
		case err := <-done:
			return err
		case <-time.After(20 * time.Second):
			_ = cmd.Process.Kill()
			<-done
			return fmt.Errorf("serve did not stop within 20s of Ctrl-C")
		}
	}

	pages, err := navPages(c.root)
	if err != nil {
		stop()
		return err
	}
	deadline := time.Now().Add(90 * time.Second)
	for i := 0; i < len(pages); {
		err := fetchPage("http://" + addr + "/" + pages[i])
		if err == nil {
			fmt.Fprintf(c.stdout, "served %s\n", pages[i])
			i++
			continue
		}
		if time.Now().After(deadline) {
			stop()
			io.WriteString(c.stdout, out.String())
			return fmt.Errorf("go run ./tools/course did not serve %s within 90s: %v", pages[i], err)
		}
		time.Sleep(250 * time.Millisecond)
	}
	// The explorer page's program, which the book's mkdocs hook builds into every build.
	for _, file := range []string{"explorer/explorer.wasm", "explorer/wasm_exec.js"} {
		resp, err := http.Get("http://" + addr + "/" + file)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode != http.StatusOK {
				err = fmt.Errorf("%s", resp.Status)
			}
		}
		if err != nil {
			stop()
			io.WriteString(c.stdout, out.String())
			return fmt.Errorf("go run ./tools/course did not serve %s (the mkdocs hook site/hooks/explorer.py builds it): %v", file, err)
		}
		fmt.Fprintf(c.stdout, "served %s\n", file)
	}
	// The lab list comes after the book, when the runner has finished.
	for !strings.Contains(out.String(), "next: lab ") && time.Now().Before(deadline.Add(3*time.Minute)) {
		time.Sleep(250 * time.Millisecond)
	}
	if m := regexp.MustCompile(`the book is at .*`).FindString(out.String()); m != "" {
		fmt.Fprintln(c.stdout, m)
	}
	if err := stop(); err != nil {
		io.WriteString(c.stdout, out.String())
		return fmt.Errorf("serve after Ctrl-C: %v", err)
	}
	for _, want := range []string{"next: lab ", "the book is at http://" + addr + "/", "stopped serving the book"} {
		if !strings.Contains(out.String(), want) {
			io.WriteString(c.stdout, out.String())
			return fmt.Errorf("serve did not print %q", want)
		}
	}
	return nil
}

// navLine is one page of mkdocs.yml's nav: "  - 01-basics.md" or "  - Home: index.md".
var navLine = regexp.MustCompile(`^\s+-\s+(?:.*:\s+)?([A-Za-z0-9_.-]+)\.md\s*$`)

// navPages lists the HTML pages of the book's nav, in order, so every chapter added to the nav
// is also served in the check.
func navPages(root string) ([]string, error) {
	text, err := os.ReadFile(filepath.Join(root, "mkdocs.yml"))
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
		return nil, fmt.Errorf("mkdocs.yml has no nav pages")
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
