//go:build linux

package stepcache

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"syscall"
	"time"
	"unsafe"

	"gomaps/tools/course/internal/base"
)

// inputWatch records which files and folders of the course are opened while it runs, by any
// process: Linux's inotify reports every open in a watched folder, whoever opens it.
type inputWatch struct {
	f        *os.File
	dirs     map[int32]string // watch descriptor → folder, relative to root ("." for root)
	done     chan struct{}    // closed when read returns: stop reads in and overflow after it
	in       Inputs
	overflow bool // the kernel's queue overflowed: some opens were lost
}

// startInputWatch watches every folder of the course but build output, npm's packages (their
// inputs are their sources and site/package-lock.json) and git's own below its top, which it
// watches without listing it: a watch started beside another (two outputs at a time) would
// otherwise make the other see git's files read.
func startInputWatch(root string) (*inputWatch, error) {
	fd, err := syscall.InotifyInit1(syscall.IN_CLOEXEC | syscall.IN_NONBLOCK)
	if err != nil {
		return nil, fmt.Errorf("inotify: %v", err)
	}
	w := &inputWatch{f: os.NewFile(uintptr(fd), "inotify"), dirs: map[int32]string{}, done: make(chan struct{}),
		in: Inputs{Files: map[string]bool{}, Dirs: map[string]bool{}, Created: map[string]bool{}}}
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		rel := filepath.ToSlash(base.RelTo(root, path))
		switch {
		case err != nil || !d.IsDir():
			return err
		case rel == "build" || rel == "site/node_modules":
			return filepath.SkipDir
		}
		wd, err := syscall.InotifyAddWatch(fd, path, syscall.IN_OPEN|syscall.IN_CREATE|syscall.IN_MOVED_TO)
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
	// The walk listed every folder: those opens are the watch's own.
	for buf := make([]byte, 64<<10); err == nil; {
		_, err = syscall.Read(fd, buf) // until EAGAIN: nothing left
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
			return // closed, or stop's deadline passed with nothing left to read
		}
		for off := 0; off+syscall.SizeofInotifyEvent <= n; {
			ev := (*syscall.InotifyEvent)(unsafe.Pointer(&buf[off]))
			name, _, _ := strings.Cut(string(buf[off+syscall.SizeofInotifyEvent:off+syscall.SizeofInotifyEvent+int(ev.Len)]), "\x00")
			off += syscall.SizeofInotifyEvent + int(ev.Len)
			if ev.Mask&syscall.IN_Q_OVERFLOW != 0 {
				w.overflow = true
			} else if dir, ok := w.dirs[ev.Wd]; ok {
				w.note(ev.Mask, path.Join(dir, name), name == "")
			}
		}
	}
}

// note notes an event about rel, which is the watched folder itself when self.
func (w *inputWatch) note(mask uint32, rel string, self bool) {
	switch {
	case rel == ".git" || strings.HasPrefix(rel, ".git/"):
		w.in.Git = true
	case mask&(syscall.IN_CREATE|syscall.IN_MOVED_TO) != 0:
		w.in.Created[rel] = true
	case mask&syscall.IN_ISDIR == 0:
		w.in.Files[rel] = true
	case self: // a folder's own watch says it was listed; its parent's names it too
		w.in.Dirs[rel] = true
	}
}

// stop ends the watch and returns what was opened. The opens of a process that ended are in the
// kernel's queue already: stop reads it empty before it closes.
func (w *inputWatch) stop() *Inputs {
	if err := w.f.SetReadDeadline(time.Now().Add(200 * time.Millisecond)); err != nil {
		w.f.Close() // no deadline: end the read at once
	}
	<-w.done
	w.f.Close()
	if w.overflow {
		return &Inputs{Unknown: errors.New("inotify's queue overflowed: some opens were not seen")}
	}
	return &w.in
}
