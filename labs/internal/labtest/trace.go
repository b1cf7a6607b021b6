package labtest

import (
	"strings"

	"gomaps/labs/testout"
)

// A Frame is one call of a goroutine's stack in a traceback (a fatal error's, a race detector's
// report, or the dump SIGQUIT makes), as package testout reads it for the lab runner too.
type Frame struct {
	Func string // the function with its package path, without its arguments: "gomaps/labs/08-operator.(*Registry).Snapshot", or "created by " and the function that started the goroutine
	File string // the file's base name: "registry.go"
	Line string // the line number: "39"
}

// Pos is where the call is: "registry.go:39".
func (f Frame) Pos() string { return f.File + ":" + f.Line }

// Test reports whether the call is in a test file.
func (f Frame) Test() bool { return strings.HasSuffix(f.File, "_test.go") }

// Frames returns, in the order the traceback lists them, the frames of trace whose file is in
// the folder dir of the course ("labs/06-races"), test files included.
func Frames(trace, dir string) []Frame {
	var frames []Frame
	for _, f := range testout.Frames(strings.Split(trace, "\n")) {
		if !f.In(dir) {
			continue
		}
		fn := f.Func
		if f.Creator {
			fn = "created by " + fn
		}
		frames = append(frames, Frame{Func: fn, File: f.File(), Line: f.Line})
	}
	return frames
}
