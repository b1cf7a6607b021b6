package labtest

import (
	"regexp"
	"strings"
)

// A Frame is one call of a goroutine's stack, as a Go traceback prints it (a fatal error's, a
// race detector's report, or the dump SIGQUIT makes): a line with the function and its
// arguments, then an indented line with its file and line number.
type Frame struct {
	Func string // the function with its package path, without its arguments: "gomaps/labs/08-operator.(*Registry).Snapshot"
	File string // the file's base name: "registry.go"
	Line string // the line number: "39"
}

// Pos is where the call is: "registry.go:39".
func (f Frame) Pos() string { return f.File + ":" + f.Line }

// Test reports whether the call is in a test file.
func (f Frame) Test() bool { return strings.HasSuffix(f.File, "_test.go") }

// fileLine matches a frame's file line: "\t/x/labs/08-operator/registry.go:39 +0x1f".
var fileLine = regexp.MustCompile(`^\s+(\S*)/([\w.-]+\.go):(\d+)`)

// Frames returns, in the order the traceback lists them, the frames of trace whose file is in
// the folder dir of the course ("labs/06-races"), test files included.
func Frames(trace, dir string) []Frame {
	lines := strings.Split(trace, "\n")
	var frames []Frame
	for i := 1; i < len(lines); i++ {
		m := fileLine.FindStringSubmatch(lines[i])
		if m == nil || !strings.HasSuffix(m[1], "/"+dir) {
			continue
		}
		fn := strings.TrimSpace(lines[i-1])
		if j := strings.LastIndex(fn, "("); j > 0 && strings.HasSuffix(fn, ")") {
			fn = fn[:j] // the arguments
		}
		frames = append(frames, Frame{Func: fn, File: m[2], Line: m[3]})
	}
	return frames
}
