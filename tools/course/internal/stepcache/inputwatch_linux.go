//go:build linux

package stepcache

import (
	"errors"
	"fmt"
	"gomaps/tools/course/internal/base"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"
	"unsafe"
)

// inputWatch records which files and folders of the course are opened while it runs, by any
// process (the go command, a test binary, the check itself): Linux's inotify reports every open
// in a watched folder, whoever opens it. Those are a step's inputs, in the manner of go test's
// cache, which records the files a test opens.
type inputWatch struct {
	root string
	f    *os.File
	dirs map[int32]string // watch descriptor → folder, relative to root ("." for root)

	mu       sync.Mutex
	opened   map[string]bool // files opened, relative to root
	listed   map[string]bool // folders opened (read as a listing), relative to root
	created  map[string]bool // files and folders created or moved in during the watch
	overflow bool            // the kernel's queue overflowed: some opens were lost
	git      bool            // something in .git was opened
	done     chan struct{}
}

// Watchable reports whether inputs can be recorded here.
const Watchable = true

// skipDir reports whether a folder of the course is not watched: build output and npm's
// packages (their inputs are their sources and site/package-lock.json, which are watched), and
// git's own folder below its top.
func skipDir(rel string) bool {
	return rel == "build" || rel == "site/node_modules" || strings.HasPrefix(rel, ".git/")
}

// startInputWatch watches every folder of the course (but skipDir's).
func startInputWatch(root string) (*inputWatch, error) {
	fd, err := syscall.InotifyInit1(syscall.IN_CLOEXEC | syscall.IN_NONBLOCK)
	if err != nil {
		return nil, fmt.Errorf("inotify: %v", err)
	}
	w := &inputWatch{
		root: root, f: os.NewFile(uintptr(fd), "inotify"), dirs: map[int32]string{},
		opened: map[string]bool{}, listed: map[string]bool{}, created: map[string]bool{},
		done: make(chan struct{}),
	}
	const mask = syscall.IN_OPEN | syscall.IN_CREATE | syscall.IN_MOVED_TO
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		rel := filepath.ToSlash(base.RelTo(root, path))
		if skipDir(rel) {
			return filepath.SkipDir
		}
		wd, err := syscall.InotifyAddWatch(fd, path, mask)
		if err != nil {
			return fmt.Errorf("inotify: watch %s: %v", rel, err)
		}
		w.dirs[int32(wd)] = rel
		if rel == ".git" {
			return filepath.SkipDir
		}
		return nil
	})
	if err != nil {
		w.f.Close()
		return nil, err
	}
	// The walk listed every folder: those opens are the watch's own, not the step's.
	buf := make([]byte, 64<<10)
	for {
		if _, err := syscall.Read(fd, buf); err != nil {
			break // EAGAIN: nothing left
		}
	}
	go w.read()
	return w, nil
}

func (w *inputWatch) read() {
	defer close(w.done)
	buf := make([]byte, 64<<10)
	for {
		n, err := w.f.Read(buf)
		if err != nil {
			return // closed, or the deadline of stop passed with nothing left to read
		}
		w.mu.Lock()
		for off := 0; off+syscall.SizeofInotifyEvent <= n; {
			ev := (*syscall.InotifyEvent)(unsafe.Pointer(&buf[off]))
			name := ""
			if ev.Len > 0 {
				b := buf[off+syscall.SizeofInotifyEvent : off+syscall.SizeofInotifyEvent+int(ev.Len)]
				if i := strings.IndexByte(string(b), 0); i >= 0 {
					b = b[:i]
				}
				name = string(b)
			}
			off += syscall.SizeofInotifyEvent + int(ev.Len)
			if ev.Mask&syscall.IN_Q_OVERFLOW != 0 {
				w.overflow = true
				continue
			}
			dir, ok := w.dirs[ev.Wd]
			if !ok {
				continue
			}
			rel := name
			if dir != "." {
				rel = dir + "/" + name
			}
			if name == "" {
				rel = dir
			}
			if rel == ".git" || strings.HasPrefix(rel, ".git/") {
				w.git = true
				continue
			}
			switch {
			case ev.Mask&(syscall.IN_CREATE|syscall.IN_MOVED_TO) != 0:
				w.created[rel] = true
			case ev.Mask&syscall.IN_ISDIR != 0:
				if name == "" { // the folder's own watch; its parent's names it too
					w.listed[rel] = true
				}
			default:
				w.opened[rel] = true
			}
		}
		w.mu.Unlock()
	}
}

// stop ends the watch and returns what was opened. The opens of a process that ended are in the
// kernel's queue already: stop reads it empty before it closes.
func (w *inputWatch) stop() (*Inputs, error) {
	w.f.SetReadDeadline(time.Now().Add(200 * time.Millisecond))
	<-w.done
	w.f.Close()
	w.mu.Lock()
	defer w.mu.Unlock()
	in := &Inputs{Git: w.git}
	if w.overflow {
		return nil, errors.New("inotify's queue overflowed: some opens were not seen")
	}
	for rel := range w.opened {
		if !w.created[rel] {
			in.Files = append(in.Files, rel)
		}
	}
	for rel := range w.listed {
		in.Dirs = append(in.Dirs, rel)
	}
	in.Created = w.created
	return in, nil
}
