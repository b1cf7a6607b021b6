package gosrc

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// testTree makes a module's tree of files, and a resolver that finds it at version at without
// downloading anything.
func testTree(t *testing.T, at string, files map[string]string) *Resolver {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	return &Resolver{Repo: dir, roots: map[string]string{at: dir}}
}

var listeners = map[string]string{
	"pkg/a.go": "package pkg\n\nfunc healthListener(addr string) {\n\tif addr == \"\" {\n\t\treturn\n\t}\n}\n\nfunc pprofListener(addr string) {\n\tif addr == \"\" {\n\t\treturn\n\t}\n}\n",
	"pkg/b.go": "package pkg\n\n// only in b: the pprof server is off by default\nvar x = 1\n",
	"pkg/c.go": "package pkg\n\n// only in c: the pprof server is off by default\n",
	"doc.html": "<p>A <b>map</b> is a group.</p>\n",
}

// TestCiteOneLine: a present Source is cited only when its pattern matches exactly one line (in
// a folder, one line of one file), within In's declaration when it has one; an absent one needs
// no line at all, and is cited with what it is absent from.
func TestCiteOneLine(t *testing.T) {
	const at = "example.com/m@v1.0.0"
	r := testTree(t, at, listeners)
	line := func(file string, n int, decl, text string) *Citation {
		c := &Citation{File: file, Line: n, Version: "example.com/m v1.0.0", Decl: decl, Text: text}
		if decl != "" {
			c.Scope = InDecl
		}
		return c
	}
	absent := func(file string, scope Scope, decl, find string) *Citation {
		return &Citation{File: file, Version: "example.com/m v1.0.0", Decl: decl, Text: find, Absent: true, Scope: scope}
	}
	for _, tc := range []struct {
		name string
		src  Source
		want *Citation // nil for an error
		amb  bool      // the error is an AmbiguousError
	}{
		{"two lines of a file", Source{At: at, File: "pkg/a.go", Find: `if addr == "" \{`}, nil, true},
		{"one line in each of two files", Source{At: at, File: "pkg", Find: `the pprof server is off`}, nil, true},
		{"one line of a folder", Source{At: at, File: "pkg", Find: `^var x`}, line("pkg/b.go", 4, "", "var x = 1"), false},
		{"no line", Source{At: at, File: "pkg/a.go", Find: `addr == "0"`}, nil, false},
		{"In picks the declaration", Source{At: at, File: "pkg/a.go", In: `^func pprofListener\(`, Find: `if addr == "" \{`}, line("pkg/a.go", 10, "pprofListener", `if addr == "" {`), false},
		{"In matching two declarations", Source{At: at, File: "pkg/a.go", In: `Listener\(`, Find: `if addr == "" \{`}, nil, false},
		{"two lines in one pattern", Source{At: at, File: "pkg/a.go", Find: `^func pprofListener.*\n\s+if addr == "" \{`}, line("pkg/a.go", 9, "", "func pprofListener(addr string) {\nif addr == \"\" {"), false},
		{"an HTML line, without its tags", Source{At: at, File: "doc.html", Find: `is a group`}, line("doc.html", 1, "", "A map is a group."), false},
		{"absent from a file", Source{At: at, File: "pkg/b.go", Find: `addr`, Absent: true}, absent("pkg/b.go", InFile, "", `addr`), false},
		{"absent from a folder", Source{At: at, File: "pkg/", Find: `addr == "0"`, Absent: true}, absent("pkg", InDir, "", `addr == "0"`), false},
		{"absent from the tree", Source{At: at, File: ".", Find: `addr == "0"`, Absent: true}, absent(".", InTree, "", `addr == "0"`), false},
		{"absent from a declaration", Source{At: at, File: "pkg", In: `^func pprofListener\(`, Find: `^func healthListener`, Absent: true}, absent("pkg/a.go", InDecl, "pprofListener", `^func healthListener`), false},
		{"absent from a declaration, and there", Source{At: at, File: "pkg/a.go", In: `^func pprofListener\(`, Find: `return`, Absent: true}, nil, false},
		{"absent, and there", Source{At: at, File: "pkg", Find: `^var x`, Absent: true}, nil, false},
	} {
		got, err := r.Cite(tc.src)
		var amb *AmbiguousError
		switch {
		case tc.want == nil && err == nil:
			t.Errorf("%s: cited %+v; want an error", tc.name, got)
		case tc.want != nil && err != nil:
			t.Errorf("%s: %v; want %+v", tc.name, err, *tc.want)
		case tc.want != nil && got != *tc.want:
			t.Errorf("%s: cited %+v; want %+v", tc.name, got, *tc.want)
		case errors.As(err, &amb) != tc.amb:
			t.Errorf("%s: error %v; want an AmbiguousError: %v", tc.name, err, tc.amb)
		}
	}
}

// TestFindBlock: a block runs from the one line that from matches to the next that to matches,
// or is that line alone; a from that matches no line or two, or no end, is an error.
func TestFindBlock(t *testing.T) {
	const at = "example.com/m@v1.0.0"
	r := testTree(t, at, listeners)
	root := r.roots[at]
	path := filepath.Join(root, "pkg", "a.go")
	b, err := FindBlock(path, root, regexp.MustCompile(`^func pprofListener\(`), regexp.MustCompile(`^}`))
	if err != nil || b.File != "pkg/a.go" || b.Line != 9 || b.End != 13 || len(b.Lines) != 5 || b.Lines[4] != "}" {
		t.Errorf("FindBlock of pprofListener = %+v, %v; want pkg/a.go lines 9 to 13", b, err)
	}
	if b, err := FindBlock(path, root, regexp.MustCompile(`^func pprofListener\(`), nil); err != nil || b.End != 9 || len(b.Lines) != 1 {
		t.Errorf("FindBlock of one line = %+v, %v; want line 9 alone", b, err)
	}
	for _, from := range []string{`Listener\(`, `^func mapassign`} {
		if b, err := FindBlock(path, root, regexp.MustCompile(from), nil); err == nil {
			t.Errorf("FindBlock from %q = %+v; want an error", from, b)
		}
	}
	if b, err := FindBlock(path, root, regexp.MustCompile(`^func pprofListener\(`), regexp.MustCompile(`^type`)); err == nil {
		t.Errorf("FindBlock to a line that is not there = %+v; want an error", b)
	}
}
