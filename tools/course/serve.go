package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httputil"
	neturl "net/url"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"time"

	"gomaps/tools/course/internal/base"
	"gomaps/tools/course/internal/book"
	"gomaps/tools/course/internal/install"
	"gomaps/tools/internal/cli"
	"gomaps/tools/internal/gocmd"
)

// runServe installs what the book needs, shows where the labs start and serves the book until
// Ctrl-C.
func runServe(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	addr := fs.String("addr", "127.0.0.1:8000", "`host:port` the book is served at")
	if help, err := parseFlags(fs, args, stdout); help || err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return cli.Usagef("serve: unexpected argument %q", fs.Arg(0))
	}
	host, port, err := net.SplitHostPort(*addr)
	if err != nil {
		return cli.Usagef("serve: -addr %s: want host:port", *addr)
	}
	if host == "" {
		host = "127.0.0.1"
	}
	root, err := base.FindRoot()
	if err != nil {
		return err
	}
	s := &install.Setup{Root: root, Stdout: stdout, Stderr: stderr, Go: gocmd.Machine()}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	// One mkdocs serve per edition, each on a free port of its own, behind the reader's address:
	// the English book at /, the Chinese edition at /zh/ (bookProxy).
	var eds []*edition
	for _, zh := range []bool{false, true} {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return err
		}
		ed := &edition{addr: l.Addr().String(), prefix: "/"}
		l.Close()
		args := []string{"serve", "-a", ed.addr}
		if zh {
			args = append(args, "-f", book.ZhConfig)
			ed.prefix = "/zh/"
		}
		if ed.cmd, err = book.Mkdocs(s, args...); err != nil {
			return err
		}
		eds = append(eds, ed)
	}
	listener, err := net.Listen("tcp", net.JoinHostPort(host, port))
	if err != nil {
		return fmt.Errorf("serve: cannot listen on %s: %v (another book or program is serving there? -addr chooses another)", net.JoinHostPort(host, port), err)
	}
	defer listener.Close()
	stopAll := func() {
		for _, ed := range eds {
			if ed.done == nil {
				continue
			}
			_ = ed.cmd.Process.Signal(os.Interrupt)
			select {
			case <-ed.done:
			case <-time.After(5 * time.Second):
				_ = ed.cmd.Process.Kill()
				<-ed.done
			}
		}
	}

	// The book first: mkdocs serves within seconds, while the lab list may run tests for a
	// minute on a machine that has never run them. The list follows when it is ready. The
	// English book is built before the Chinese one starts: both builds run the book's hooks,
	// which write the same files under build/.
	start := time.Now()
	fmt.Fprintln(stdout, "course: building the book (mkdocs serve, the English book, then the Chinese edition)")
	exited := make(chan error, len(eds))
	for _, ed := range eds {
		if err := ed.cmd.Start(); err != nil {
			stopAll()
			return fmt.Errorf("mkdocs serve: %v", err)
		}
		done := make(chan error, 1)
		ed.done = done
		go func(cmd *exec.Cmd) {
			err := cmd.Wait()
			done <- err
			exited <- err
		}(ed.cmd)
		if err := waitServing(ctx, "http://"+ed.addr+"/", done); err != nil {
			stopAll()
			return err
		}
	}
	srv := &http.Server{Handler: bookProxy(eds[0].addr, eds[1].addr)}
	go srv.Serve(listener)
	defer srv.Close()
	url := "http://" + net.JoinHostPort(host, port) + "/"
	fmt.Fprintf(stdout, "the book is at %s, in Chinese at %szh/ (it answered after %.1fs; Ctrl-C stops it)\n", url, url, time.Since(start).Seconds())

	listCtx, cancelList := context.WithCancel(ctx)
	defer cancelList()
	listDone := make(chan struct{})
	go func() {
		defer close(listDone)
		labList(listCtx, s, root)
	}()
	defer func() { cancelList(); <-listDone }()

	select {
	case err := <-exited:
		cancelList()
		<-listDone
		stopAll()
		if err != nil {
			return fmt.Errorf("mkdocs serve: %v", err)
		}
		return errors.New("mkdocs serve stopped")
	case <-ctx.Done():
	}
	// Ctrl-C in a terminal reaches mkdocs too; the signal covers the other ways we were stopped.
	cancelList()
	<-listDone
	stopAll()
	fmt.Fprintln(stdout, "course: stopped serving the book")
	return nil
}

// edition is one language of the book, served by its own mkdocs serve at addr, and at prefix of
// the reader's address.
type edition struct {
	addr, prefix string
	cmd          *exec.Cmd
	done         <-chan error
}

// bookProxy serves the two editions at one address: /zh/... from the Chinese edition's mkdocs
// serve (at zhAddr, without the /zh), everything else from the English one's. mkdocs serve's
// pages poll /livereload/... to reload when the book is rebuilt; each goes to the server of the
// page that polls, which the request's Referer names.
func bookProxy(enAddr, zhAddr string) http.Handler {
	en := httputil.NewSingleHostReverseProxy(&neturl.URL{Scheme: "http", Host: enAddr})
	zh := httputil.NewSingleHostReverseProxy(&neturl.URL{Scheme: "http", Host: zhAddr})
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch p := r.URL.Path; {
		case p == "/zh":
			http.Redirect(w, r, "/zh/", http.StatusMovedPermanently)
		case strings.HasPrefix(p, "/zh/"):
			r2 := r.Clone(r.Context())
			r2.URL.Path = strings.TrimPrefix(p, "/zh")
			r2.URL.RawPath = ""
			zh.ServeHTTP(w, r2)
		case strings.HasPrefix(p, "/livereload/"):
			if ref, err := neturl.Parse(r.Referer()); err == nil && strings.HasPrefix(ref.Path, "/zh/") {
				zh.ServeHTTP(w, r)
				return
			}
			en.ServeHTTP(w, r)
		default:
			en.ServeHTTP(w, r)
		}
	})
}

// waitServing waits until url answers, mkdocs exits, or ctx ends, saying every 10 seconds that
// it is still waiting.
func waitServing(ctx context.Context, url string, done <-chan error) error {
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
		case err := <-done:
			if err == nil {
				err = errors.New("it stopped")
			}
			return fmt.Errorf("mkdocs serve ended before the book answered: %v", err)
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

// labList prints where the labs stand (go run ./tools/lab list) once it has finished, so its
// lines come as one block among mkdocs's.
func labList(ctx context.Context, s *install.Setup, root string) {
	if !base.IsFile(filepath.Join(root, "tools", "lab", "main.go")) {
		fmt.Fprintln(s.Stdout, "course: the lab runner (tools/lab) is not there yet: skipping the list of labs")
		return
	}
	fmt.Fprintln(s.Stdout, "course: checking where your labs stand (go run ./tools/lab list); the list follows when it is ready")
	// A built binary rather than go run, so that Ctrl-C reaches the runner, which stops its tests.
	bin := filepath.Join(root, "build", "lab-list")
	if runtime.GOOS == "windows" {
		bin += ".exe"
	}
	var out bytes.Buffer
	build := exec.CommandContext(ctx, "go", "build", "-o", bin, "./tools/lab")
	build.Dir = root
	build.Stdout, build.Stderr = &out, &out
	if err := build.Run(); err != nil {
		if ctx.Err() == nil {
			fmt.Fprintf(s.Stderr, "course: go build ./tools/lab: %v (the book is served anyway)\n%s", err, out.Bytes())
		}
		return
	}
	defer os.Remove(bin)
	cmd := exec.CommandContext(ctx, bin, "list")
	cmd.Dir = root
	cmd.Stdout, cmd.Stderr = &out, &out
	cmd.Cancel = func() error { return cmd.Process.Signal(os.Interrupt) }
	cmd.WaitDelay = 5 * time.Second
	err := cmd.Run()
	if ctx.Err() != nil {
		return
	}
	s.Stdout.Write(out.Bytes())
	if err != nil && !bytes.Contains(out.Bytes(), []byte("next: ")) {
		fmt.Fprintf(s.Stderr, "course: go run ./tools/lab list: %v (the book is served anyway)\n", err)
	}
}
