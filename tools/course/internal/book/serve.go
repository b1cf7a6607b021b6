package book

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httputil"
	neturl "net/url"
	"os"
	"os/exec"
	"strings"
	"time"

	"gomaps/tools/course/internal/base"
)

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
