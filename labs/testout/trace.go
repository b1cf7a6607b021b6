package testout

import (
	"regexp"
	"strings"
)

// A Frame is one call of a goroutine's stack, as a Go traceback prints it (a panic's, a fatal
// error's, a race detector's report, or the dump of every goroutine that SIGQUIT or a test
// timeout makes): a line with the function and its arguments, then an indented line with its
// file and line number.
type Frame struct {
	Func      string // the function with its package path, without arguments: "gomaps/labs/08-operator.(*Registry).Snapshot"
	Path      string // the file as printed, with slashes: "/home/x/gomaps/labs/08-operator/registry.go"
	Line      string // the line number: "39"
	Goroutine int    // which stack of the text the frame is in: 0 for the first, 1 for the next...
	Creator   bool   // the "created by" line: the call that started the goroutine, not a call in it
}

// File is the frame's file name without its folder: "registry.go".
func (f Frame) File() string { return f.Path[strings.LastIndex(f.Path, "/")+1:] }

// Pos is where the call is: "registry.go:39".
func (f Frame) Pos() string { return f.File() + ":" + f.Line }

// InTest reports whether the call is in a test file.
func (f Frame) InTest() bool { return strings.HasSuffix(f.Path, "_test.go") }

// In reports whether the frame's file is in folder dir (a path that ends the file's folder:
// "labs/06-races", or an absolute folder).
func (f Frame) In(dir string) bool {
	folder := f.Path[:max(strings.LastIndex(f.Path, "/"), 0)]
	dir = strings.TrimSuffix(strings.ReplaceAll(dir, `\`, "/"), "/")
	return folder == dir || strings.HasSuffix(folder, "/"+dir)
}

// Short is the function's name without its package: "(*Registry).Snapshot", "Count.func1";
// a creator's says "(started the goroutine)".
func (f Frame) Short() string {
	fn := f.Func[strings.LastIndex(f.Func, "/")+1:]
	if j := strings.Index(fn, "."); j >= 0 {
		fn = fn[j+1:]
	}
	if f.Creator {
		return fn + " (started the goroutine)"
	}
	return fn
}

// fileLine matches a frame's file line: "\t/x/labs/08-operator/registry.go:39 +0x1f".
var fileLine = regexp.MustCompile(`^\s+(\S+\.go):(\d+)(?:\s|$)`)

// Frames returns every frame of the tracebacks in lines, in the order they are printed. A
// line "goroutine N [...]:" starts a new stack; so does a blank line after a stack, or a race
// report's "Previous write at ..." heading.
func Frames(lines []string) []Frame {
	var frames []Frame
	g, inStack := 0, false
	for i, line := range lines {
		trimmed := strings.TrimSpace(line)
		if strings.HasPrefix(line, "goroutine ") || trimmed == "" || strings.HasSuffix(trimmed, ":") && !strings.HasPrefix(line, " ") && !strings.HasPrefix(line, "\t") {
			if inStack {
				g++
				inStack = false
			}
			continue
		}
		m := fileLine.FindStringSubmatch(line)
		if m == nil || i == 0 {
			continue
		}
		fn := strings.TrimSpace(lines[i-1])
		creator := strings.HasPrefix(fn, "created by ")
		fn = strings.TrimPrefix(fn, "created by ")
		if j := strings.Index(fn, " in goroutine"); j > 0 {
			fn = fn[:j]
		}
		if j := strings.LastIndex(fn, "("); j > 0 && strings.HasSuffix(fn, ")") {
			fn = fn[:j] // the arguments
		}
		frames = append(frames, Frame{Func: fn, Path: strings.ReplaceAll(m[1], `\`, "/"), Line: m[2], Goroutine: g, Creator: creator})
		inStack = true
	}
	return frames
}

// Crash finds the first line of lines that ends a program: "panic: ..." (with go test's
// " [recovered]" suffixes taken off) or "fatal error: ...". It returns the line and its
// index, or "" and -1.
func Crash(lines []string) (head string, at int) {
	for i, line := range lines {
		switch {
		case strings.HasPrefix(line, "fatal error: "):
			return line, i
		case strings.HasPrefix(line, "panic: "):
			return strings.TrimSuffix(strings.TrimSuffix(line, " [recovered]"), " [recovered, repanicked]"), i
		}
	}
	return "", -1
}

// TimedOutTest names the test that was running when go test's -timeout ran out, from the
// lines after "panic: test timed out after ...", which list the running tests; "" when none.
func TimedOutTest(lines []string) string {
	for _, l := range lines {
		if f := strings.Fields(l); len(f) > 0 && strings.HasPrefix(f[0], "Test") {
			return f[0]
		}
	}
	return ""
}

// LockMisuse explains, in one phrase, a fatal error that package sync stops a program with when
// a lock is used wrongly ("sync: unlock of unlocked mutex"), or returns "" for any other fatal
// error. Such a crash is not a race on a map, and its fix is not another lock. With a
// sync.RWMutex, an RLock released with Unlock while a writer waits frees the writer's inner
// Mutex, and the writer's own Unlock then stops the program with "sync: unlock of unlocked
// mutex": the misuse may be in another function than the one that crashed.
func LockMisuse(fatal string) string {
	switch {
	case strings.Contains(fatal, "sync: Unlock of unlocked RWMutex"):
		return "a lock misuse: an Unlock without its Lock, or RLock paired with Unlock"
	case strings.Contains(fatal, "sync: RUnlock of unlocked RWMutex"):
		return "a lock misuse: an RUnlock without its RLock, or Lock paired with RUnlock"
	case strings.Contains(fatal, "sync: unlock of unlocked mutex"):
		return "a lock misuse: an Unlock without its Lock, or RLock paired with Unlock (there or in another function that takes the same lock)"
	case strings.HasPrefix(fatal, "sync: "):
		return "a lock misuse: a lock of package sync was used wrongly"
	}
	return ""
}
