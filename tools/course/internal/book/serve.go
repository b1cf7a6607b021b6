package book

import (
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
	"strings"
	"time"

	"gomaps/tools/course/internal/install"
)

// A Server serves the book's two editions at one address: one mkdocs serve per edition, each
// on a free port of its own, behind the reader's address: the English book at /, the Chinese
// edition at /zh/ (bookProxy).
type Server struct {
	// Wrap, when set, wraps the handler of the two editions: the course's own requests (the
	// run buttons') are answered before the rest goes to mkdocs.
	Wrap   func(http.Handler) http.Handler
	eds    []*edition
	exited chan error
	srv    *http.Server
}

// NewServer installs mkdocs when it is missing and makes the mkdocs serve commands of both
// editions, without starting them.
func NewServer(s *install.Setup) (*Server, error) {
	v := &Server{}
	for _, zh := range []bool{false, true} {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, err
		}
		ed := &edition{addr: l.Addr().String(), prefix: "/"}
		l.Close()
		args := []string{"serve", "-a", ed.addr}
		if zh {
			args = append(args, "-f", ZhConfig)
			ed.prefix = "/zh/"
		}
		if ed.cmd, err = Mkdocs(s, args...); err != nil {
			return nil, err
		}
		v.eds = append(v.eds, ed)
	}
	return v, nil
}

// Start starts the editions' mkdocs serve, the English book before the Chinese one (both
// builds run the book's hooks, which write the same files under build/), waits until each
// answers, saying to progress every 10 seconds that it still waits, then serves both on
// listener.
func (v *Server) Start(ctx context.Context, listener net.Listener, progress io.Writer) error {
	v.exited = make(chan error, len(v.eds))
	for _, ed := range v.eds {
		if err := ed.cmd.Start(); err != nil {
			v.Stop()
			return fmt.Errorf("mkdocs serve: %v", err)
		}
		done := make(chan error, 1)
		ed.done = done
		go func(cmd *exec.Cmd) {
			err := cmd.Wait()
			done <- err
			v.exited <- err
		}(ed.cmd)
		if err := waitServing(ctx, "http://"+ed.addr+"/", done, progress); err != nil {
			v.Stop()
			return err
		}
	}
	h := bookProxy(v.eds[0].addr, v.eds[1].addr)
	if v.Wrap != nil {
		h = v.Wrap(h)
	}
	v.srv = &http.Server{Handler: h}
	go v.srv.Serve(listener)
	return nil
}

// Exited receives the end of the first mkdocs serve that stops.
func (v *Server) Exited() <-chan error { return v.exited }

// Stop stops serving, and each mkdocs serve: Ctrl-C first, killed after 5 seconds.
func (v *Server) Stop() {
	if v.srv != nil {
		v.srv.Close()
	}
	for _, ed := range v.eds {
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
func waitServing(ctx context.Context, url string, done <-chan error, progress io.Writer) error {
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
			fmt.Fprintf(progress, "course: still building the book (%ds)\n", int(d.Seconds()))
			next += 10 * time.Second
		}
	}
}
