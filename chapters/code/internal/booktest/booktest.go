// Package booktest helps the tests that check a chapter's sentences against the committed
// outputs they quote: it reads the course's files and says which sentence a chapter lacks.
package booktest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gomaps/labs/courseroot"
)

// Read returns a file of the course, named by its path from the course's root with slashes.
func Read(t testing.TB, name string) string {
	t.Helper()
	root, _, err := courseroot.Find(".")
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(name)))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// A Chapter is a chapter's text, with every run of white space read as one space, so that a
// sentence is found wherever its lines break.
type Chapter struct {
	name, text string
}

// Open reads a chapter: "chapters/06-races.md".
func Open(t testing.TB, name string) *Chapter {
	t.Helper()
	return &Chapter{name, strings.Join(strings.Fields(Read(t, name)), " ")}
}

// Says fails t unless the chapter holds the sentence; from names what the sentence was made
// from, for the message.
func (c *Chapter) Says(t testing.TB, sentence, from string) {
	t.Helper()
	if !strings.Contains(c.text, sentence) {
		t.Errorf("%s does not say %q, which is what %s shows", c.name, sentence, from)
	}
}
