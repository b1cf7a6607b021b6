package main

import (
	"flag"
	"testing"
)

var fix = flag.Bool("fix", false, "write doc.go and the README's list of commands from the command table")

// TestManual checks that the manual (doc.go) and the README's list of commands are the ones
// the command table makes.
func TestManual(t *testing.T) {
	p := program()
	if err := p.CheckDocFile("doc.go", *fix); err != nil {
		t.Error(err)
	}
	if err := p.CheckREADME("../../README.md", *fix); err != nil {
		t.Error(err)
	}
}
