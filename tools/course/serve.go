package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"
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
		return usagef("serve: unexpected argument %q", fs.Arg(0))
	}
	host, port, err := net.SplitHostPort(*addr)
	if err != nil {
		return usagef("serve: -addr %s: want host:port", *addr)
	}
	if host == "" {
		host = "127.0.0.1"
	}
	root, err := findRoot()
	if err != nil {
		return err
	}
	s := &setup{root: root, stdout: stdout, stderr: stderr}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	mkdocs, err := s.mkdocs("serve", "-a", net.JoinHostPort(host, port))
	if err != nil {
		return err
	}

	if isFile(filepath.Join(root, "tools", "lab", "main.go")) {
		lab := s.command("go", "run", "./tools/lab", "list")
		if err := lab.Run(); err != nil {
			fmt.Fprintf(stderr, "course: go run ./tools/lab list: %v (serving the book anyway)\n", err)
		}
	} else {
		fmt.Fprintln(stdout, "course: the lab runner (tools/lab) is not there yet: skipping the list of labs")
	}

	fmt.Fprintf(stdout, "the book is at http://%s/ (Ctrl-C stops it)\n", net.JoinHostPort(host, port))
	if err := mkdocs.Start(); err != nil {
		return fmt.Errorf("mkdocs serve: %v", err)
	}
	done := make(chan error, 1)
	go func() { done <- mkdocs.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			return fmt.Errorf("mkdocs serve: %v", err)
		}
		return nil
	case <-ctx.Done():
	}
	// Ctrl-C in a terminal reaches mkdocs too; the signal covers the other ways we were stopped.
	_ = mkdocs.Process.Signal(os.Interrupt)
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		_ = mkdocs.Process.Kill()
		<-done
	}
	fmt.Fprintln(stdout, "course: stopped serving the book")
	return nil
}
