// Package serve is the serve command, the course's default: it installs what the book needs,
// serves the book and its Chinese edition, and shows where the labs start.
package serve

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"sync"
	"time"

	"gomaps/tools/course/internal/base"
	"gomaps/tools/course/internal/book"
	"gomaps/tools/course/internal/rerun"
	"gomaps/tools/internal/cli"
)

// Command is the serve command.
func Command() *cli.Command {
	var addr, built string
	return &cli.Command{
		Name:  "serve",
		Usage: "[-addr host:port] [-book DIR]",
		Short: "serve the book and its Chinese edition, and show where the labs start",
		Long: "make sure mkdocs, the Material theme and pymdown-extensions are installed, serve the book at http://127.0.0.1:8000/ and its Chinese edition at http://127.0.0.1:8000/zh/ until Ctrl-C (-addr changes the address; port 0 picks a free one), say when it answers, then show where the labs start (go run ./tools/lab list) once the runner has checked them. " +
			"Under each output of the book is a run button: it runs that output's command here (chapters/out/NAME.cmd, by name, as outputs does), on the lane the reader picks, streams what it prints into the page, and compares it with the printed output after masking what varies; the buttons are there only on a loopback address. " +
			"-book DIR serves a book built by mkdocs build (such as a room pack's book/) instead of running mkdocs serve, with its run buttons; it does not rebuild when a chapter changes",
		Flags: func(fs *flag.FlagSet) {
			fs.StringVar(&addr, "addr", "127.0.0.1:8000", "`host:port` the book is served at")
			fs.StringVar(&built, "book", "", "serve the book built in `DIR` (mkdocs build) instead of running mkdocs serve")
		},
		NoArgs: true,
		Run: base.Run(func(ctx context.Context, env *base.Env, _ []string) error {
			host, port, err := net.SplitHostPort(addr)
			if err != nil {
				return cli.Usagef("serve: -addr %s: want host:port", addr)
			}
			if built != "" && !base.IsFile(filepath.Join(built, "index.html")) {
				return fmt.Errorf("serve: -book %s: no index.html there: give the folder mkdocs build wrote (build/book, or a room pack's book)", built)
			}
			return serve(ctx, env, net.JoinHostPort(cmp.Or(host, "127.0.0.1"), port), built)
		}),
	}
}

// serve serves the book at addr (run buttons on a loopback one) and lists the labs, until ctx ends.
func serve(ctx context.Context, env *base.Env, addr, built string) error {
	listener, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("serve: cannot listen on %s: %v (another book or program is serving there? -addr chooses another)", addr, err)
	}
	defer listener.Close()
	// The address as given, with the port the listener got (-addr host:0 picks a free one).
	host, _, _ := net.SplitHostPort(addr)
	url := "http://" + net.JoinHostPort(host, strconv.Itoa(listener.Addr().(*net.TCPAddr).Port)) + "/"
	wrap := func(h http.Handler) http.Handler { return h }
	if !listener.Addr().(*net.TCPAddr).IP.IsLoopback() {
		fmt.Fprintf(env.Stdout, "course: the book's run buttons are off: %s is not a loopback address, and a run button runs commands on this machine (-addr 127.0.0.1:PORT turns them on)\n", host)
	} else {
		fmt.Fprintln(env.Stdout, "course: under each output of the book, a run button runs its command here and compares what it prints with the book")
		runs := rerun.New(env.Root)
		defer runs.Stop()
		wrap = runs.Wrap
	}
	// The book first: it answers within seconds, while the lab list may run tests for a minute.
	start := time.Now()
	v, err := book.Serve(ctx, env, listener, wrap, built)
	if err != nil {
		return err
	}
	defer v.Stop()
	fmt.Fprintf(env.Stdout, "the book is at %s, in Chinese at %szh/ (it answered after %.1fs; Ctrl-C stops it)\n", url, url, time.Since(start).Seconds())
	listCtx, cancelList := context.WithCancel(ctx)
	var list sync.WaitGroup
	list.Go(func() { labList(listCtx, env) })
	stopList := func() { cancelList(); list.Wait() }
	defer stopList()
	select {
	case err := <-v.Exited:
		what := "mkdocs serve"
		if built != "" {
			what = "serving " + built
		}
		if err != nil {
			return fmt.Errorf("%s: %v", what, err)
		}
		return errors.New(what + " stopped")
	case <-ctx.Done():
		// Ctrl-C in a terminal reaches mkdocs too; ctx's end covers the other ways we were stopped.
		stopList()
		v.Stop()
		fmt.Fprintln(env.Stdout, "course: stopped serving the book")
		return nil
	}
}

// labList prints go run ./tools/lab list once it has finished, in one block among mkdocs's lines.
func labList(ctx context.Context, env *base.Env) {
	if !base.IsFile(filepath.Join(env.Root, "tools", "lab", "main.go")) {
		fmt.Fprintln(env.Stdout, "course: the lab runner (tools/lab) is not there yet: skipping the list of labs")
		return
	}
	fmt.Fprintln(env.Stdout, "course: checking where your labs stand (go run ./tools/lab list); the list follows when it is ready")
	// A built binary rather than go run, so that Ctrl-C reaches the runner, which stops its tests.
	bin := filepath.Join(env.Root, "build", "lab-list")
	if runtime.GOOS == "windows" {
		bin += ".exe"
	}
	var out bytes.Buffer
	build := env.Command(ctx, "go", "build", "-o", bin, "./tools/lab")
	build.Stdout, build.Stderr = &out, &out
	if err := build.Run(); err != nil {
		if ctx.Err() == nil {
			fmt.Fprintf(env.Stderr, "course: go build ./tools/lab: %v (the book is served anyway)\n%s", err, out.Bytes())
		}
		return
	}
	defer os.Remove(bin)
	cmd := env.Command(ctx, bin, "list")
	cmd.Stdout, cmd.Stderr = &out, &out
	cmd.Cancel = func() error { return cmd.Process.Signal(os.Interrupt) }
	cmd.WaitDelay = 5 * time.Second
	err := cmd.Run()
	if ctx.Err() != nil {
		return
	}
	env.Stdout.Write(out.Bytes())
	if err != nil && !bytes.Contains(out.Bytes(), []byte("next: ")) {
		fmt.Fprintf(env.Stderr, "course: go run ./tools/lab list: %v (the book is served anyway)\n", err)
	}
}
