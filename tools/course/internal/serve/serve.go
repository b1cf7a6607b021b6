// Package serve is the serve command, the course's default: it installs what the book needs,
// serves the book and its Chinese edition, and shows where the labs start.
package serve

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"time"

	"gomaps/tools/course/internal/base"
	"gomaps/tools/course/internal/book"
	"gomaps/tools/course/internal/install"
	"gomaps/tools/internal/cli"
	"gomaps/tools/internal/gocmd"
)

// Command is the serve command.
func Command() *cli.Command {
	var addr string
	return &cli.Command{
		Name:  "serve",
		Usage: "[-addr host:port]",
		Short: "serve the book and its Chinese edition, and show where the labs start",
		Long:  "make sure mkdocs, the Material theme and pymdown-extensions are installed, serve the book at http://127.0.0.1:8000/ and its Chinese edition at http://127.0.0.1:8000/zh/ until Ctrl-C (-addr changes the address), say when it answers, then show where the labs start (go run ./tools/lab list) once the runner has checked them",
		Flags: func(fs *flag.FlagSet) {
			fs.StringVar(&addr, "addr", "127.0.0.1:8000", "`host:port` the book is served at")
		},
		Run: func(ctx context.Context, io cli.IO, args []string) error {
			if len(args) > 0 {
				return cli.Usagef("serve: unexpected argument %q", args[0])
			}
			host, port, err := net.SplitHostPort(addr)
			if err != nil {
				return cli.Usagef("serve: -addr %s: want host:port", addr)
			}
			if host == "" {
				host = "127.0.0.1"
			}
			root, err := base.FindRoot()
			if err != nil {
				return err
			}
			s := &install.Setup{Root: root, Stdout: io.Stdout, Stderr: io.Stderr, Go: gocmd.Machine()}
			return serve(ctx, s, net.JoinHostPort(host, port))
		},
	}
}

// serve installs what the book needs, serves it at addr and shows where the labs start, until
// ctx ends (Ctrl-C).
func serve(ctx context.Context, s *install.Setup, addr string) error {
	v, err := book.NewServer(s)
	if err != nil {
		return err
	}
	listener, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("serve: cannot listen on %s: %v (another book or program is serving there? -addr chooses another)", addr, err)
	}
	defer listener.Close()
	// The book first: mkdocs serves within seconds, while the lab list may run tests for a
	// minute on a machine that has never run them. The list follows when it is ready.
	start := time.Now()
	fmt.Fprintln(s.Stdout, "course: building the book (mkdocs serve, the English book, then the Chinese edition)")
	if err := v.Start(ctx, listener, os.Stderr); err != nil {
		return err
	}
	url := "http://" + addr + "/"
	fmt.Fprintf(s.Stdout, "the book is at %s, in Chinese at %szh/ (it answered after %.1fs; Ctrl-C stops it)\n", url, url, time.Since(start).Seconds())
	listCtx, cancelList := context.WithCancel(ctx)
	listDone := make(chan struct{})
	go func() {
		defer close(listDone)
		labList(listCtx, s, s.Root)
	}()
	defer func() { cancelList(); <-listDone }()
	select {
	case err := <-v.Exited():
		cancelList()
		<-listDone
		v.Stop()
		if err != nil {
			return fmt.Errorf("mkdocs serve: %v", err)
		}
		return errors.New("mkdocs serve stopped")
	case <-ctx.Done():
	}
	// Ctrl-C in a terminal reaches mkdocs too; the signal covers the other ways we were stopped.
	cancelList()
	<-listDone
	v.Stop()
	fmt.Fprintln(s.Stdout, "course: stopped serving the book")
	return nil
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
