package gosrc

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// Source is a line of source (or of a document shipped with the source) at a version, found by a
// regular expression; or, with Absent, the fact that no line matches it anywhere in a file or a
// folder.
type Source struct {
	// At is a Go toolchain ("go1.N.P") or a module at a version:
	// "k8s.io/client-go@v0.35.0". For a toolchain, File is relative to its root:
	// "src/runtime/map_noswiss.go", "doc/go_spec.html", "api/go1.8.txt".
	At string
	// File is a file, or for Absent also a folder (every .go file under it, tests excluded).
	File string
	// Find is a regular expression matched against each line. For a present line it must match
	// exactly one line of File (of all the files under it, for a folder): a pattern that matches
	// two lines, in one file or in two, does not say which one is meant, and Cite fails. A
	// pattern may span consecutive lines: each \n in it is a line break, and it is matched
	// against that many lines joined; the first of them is cited.
	Find string
	// In is a regular expression matching the declaration of the function, method or type the
	// line is in ("^func mapassign\(", "^type Pod struct"): it must match exactly one line, and
	// Find is matched only from there to the declaration's closing brace at the start of a line.
	// For a line whose text is repeated in other declarations, or, with Absent, for what one
	// function does not do.
	In string
	// Absent: the evidence is that no line matches.
	Absent bool
	// Note says what the line shows (markdown, optional).
	Note string
}

// A Citation is what Cite found of a Source, in no language: the line and where it is, or where
// no line matches, for a renderer to write in the words of its own language.
type Citation struct {
	// File is the file of the line, relative to the root, with slashes. For an absence it is the
	// file searched (the declaration's, for InDecl), or the folder (InDir, without a final
	// slash; "." for InTree).
	File string
	// Line is the line's number, 1-based; 0 for an absence.
	Line int
	// Version is the version of the source, as a reader says it: "Go 1.25.5",
	// "k8s.io/client-go v0.35.0" (see Label).
	Version string
	// Decl is the declaration (Source.In) the line is in, or that has no such line: "mapassign",
	// "Map.Load", "Pod"; "" for none.
	Decl string
	// Text is the line, without leading and trailing blanks (the lines of a pattern that spans
	// several, each trimmed, joined by "\n"), and without its HTML tags in an HTML file. For an
	// absence it is the pattern that no line matches (Source.Find).
	Text string
	// Absent: the citation says that no line of Scope matches Text.
	Absent bool
	// Scope is where the line is, or what has no such line.
	Scope Scope
	// Note is Source.Note.
	Note string
}

// Scope is what a citation is about: the line is in a file (InFile) or in a declaration of it
// (InDecl); an absence is also over every Go file under a folder (InDir) or of the whole tree
// (InTree).
type Scope int

const (
	InFile Scope = iota
	InDecl
	InDir
	InTree
)

// Cite finds the line s names, or checks that no line matches, and cites it.
func (r *Resolver) Cite(s Source) (Citation, error) {
	root, err := r.Root(s.At)
	if err != nil {
		return Citation{}, err
	}
	re, err := regexp.Compile(s.Find)
	if err != nil {
		return Citation{}, fmt.Errorf("Find %q: %v", s.Find, err)
	}
	if root, err = r.docRoot(s.At, root, s.File); err != nil {
		return Citation{}, err
	}
	hits, in, err := s.grep(root, re)
	if err != nil {
		return Citation{}, fmt.Errorf("%s at %s: %v", s.File, s.At, err)
	}
	c := Citation{Version: Label(s.At), Note: s.Note}
	if in != nil {
		c.Decl, c.Scope = in.Name, InDecl
	}
	if s.Absent {
		return s.absence(c, root, in, hits)
	}
	return s.presence(c, hits)
}

// grep returns the lines of s.File that re matches, within the declaration In names if any, and
// that declaration.
func (s Source) grep(root string, re *regexp.Regexp) ([]Hit, *Decl, error) {
	path := filepath.Join(root, filepath.FromSlash(s.File))
	var in *Decl
	if s.In != "" {
		var err error
		if in, err = FindDecl(path, root, s.In); err != nil {
			return nil, nil, err
		}
		path = filepath.Join(root, filepath.FromSlash(in.File))
	}
	hits, err := Grep(path, root, re, false)
	if in != nil {
		hits = slices.DeleteFunc(hits, func(h Hit) bool { return h.Line < in.Line || h.Line > in.End })
	}
	return hits, in, err
}

// absence cites, in c, that no line of what s searched matches, where hits are its lines that do.
func (s Source) absence(c Citation, root string, in *Decl, hits []Hit) (Citation, error) {
	if len(hits) > 0 {
		return Citation{}, fmt.Errorf("%s at %s: %q was to be absent, and matches %s:%d: %s", s.File, s.At, s.Find, hits[0].File, hits[0].Line, hits[0].Text)
	}
	c.Absent, c.Text, c.File = true, s.Find, s.File
	switch info, err := os.Stat(filepath.Join(root, filepath.FromSlash(s.File))); {
	case in != nil:
		c.File = in.File
	case s.File == ".":
		c.Scope = InTree
	case err == nil && info.IsDir():
		c.Scope, c.File = InDir, strings.TrimSuffix(s.File, "/")
	}
	return c, nil
}

// presence cites, in c, the one line of hits.
func (s Source) presence(c Citation, hits []Hit) (Citation, error) {
	switch {
	case len(hits) == 0 && c.Decl != "":
		return Citation{}, fmt.Errorf("%s at %s: no line in `%s` matches %q", s.File, s.At, c.Decl, s.Find)
	case len(hits) == 0:
		return Citation{}, fmt.Errorf("%s at %s: no line matches %q", s.File, s.At, s.Find)
	case len(hits) > 1:
		return Citation{}, &AmbiguousError{At: s.At, File: s.File, Find: s.Find, Hits: hits}
	}
	h := hits[0]
	c.File, c.Line, c.Text = h.File, h.Line, h.Text
	if strings.HasSuffix(s.File, ".html") {
		c.Text = htmlTag.ReplaceAllString(h.Text, "")
	}
	return c, nil
}

var htmlTag = regexp.MustCompile(`<[^>]+>`)

// AmbiguousError says that the pattern of a present Source matches more than one line, so the
// citation could be any of them.
type AmbiguousError struct {
	At, File, Find string
	Hits           []Hit
}

func (e *AmbiguousError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s at %s: %q matches %d lines, not one:", e.File, e.At, e.Find, len(e.Hits))
	for i, h := range e.Hits {
		if i == 5 {
			fmt.Fprintf(&b, "\n\t... and %d more", len(e.Hits)-i)
			break
		}
		fmt.Fprintf(&b, "\n\t%s:%d: %s", h.File, h.Line, strings.Join(strings.Fields(h.Text), " "))
	}
	return b.String()
}

// Label says a version as a reader says it: a toolchain "go1.N.P" is "Go 1.N.P", a module
// "k8s.io/client-go@v0.35.0" is "k8s.io/client-go v0.35.0".
func Label(at string) string {
	if strings.HasPrefix(at, "go1") {
		return "Go " + strings.TrimPrefix(at, "go")
	}
	mod, ver, _ := strings.Cut(at, "@")
	return mod + " " + ver
}
