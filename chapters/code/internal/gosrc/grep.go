package gosrc

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// A Hit is a line that Grep found.
type Hit struct {
	File string // relative to the root, with slashes
	Line int    // 1-based
	Text string // without leading and trailing blanks
}

// Grep matches re against every line of path, or of every non-test .go file under path when it
// is a folder, in name order. With first, it stops at the first hit. A pattern with n line
// breaks (written \n) is matched against every n+1 consecutive lines joined by "\n", and a hit is
// the first of them, its Text the lines trimmed and joined by "\n".
func Grep(path, root string, re *regexp.Regexp, first bool) ([]Hit, error) {
	span := strings.Count(re.String(), `\n`) + strings.Count(re.String(), "\n")
	files, err := goFiles(path)
	if err != nil {
		return nil, err
	}
	var hits []Hit
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		rel, _ := filepath.Rel(root, f)
		lines := strings.Split(string(data), "\n")
		for i := 0; i+span < len(lines); i++ {
			text := strings.Join(lines[i:i+span+1], "\n")
			if !re.MatchString(text) {
				continue
			}
			if span > 0 {
				text = strings.Join(trimAll(lines[i:i+span+1]), "\n")
			}
			hits = append(hits, Hit{filepath.ToSlash(rel), i + 1, strings.TrimSpace(text)})
			if first {
				return hits, nil
			}
		}
	}
	return hits, nil
}

// goFiles returns path when it is a file, and every non-test .go file under it, in name
// order, when it is a folder.
func goFiles(path string) ([]string, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !info.IsDir() {
		return []string{path}, nil
	}
	var files []string
	err = filepath.WalkDir(path, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(p, ".go") && !strings.HasSuffix(p, "_test.go") {
			files = append(files, p)
		}
		return nil
	})
	sort.Strings(files)
	return files, err
}

func trimAll(lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = strings.TrimSpace(l)
	}
	return out
}

// A Block is consecutive lines of a file: from a line that one pattern finds to the first line
// after it that another matches.
type Block struct {
	File      string   // relative to the root, with slashes
	Line, End int      // its first and its last line, 1-based
	Lines     []string // lines Line to End, as the file has them
}

// FindBlock finds the one line of path (a file, or every non-test .go file under a folder) that
// from matches, and the block from it to the next line that to matches; with to nil, the block
// is that line alone. A from that matches two lines does not say which block is meant, and is an
// error, as is no line, or none after it that matches to.
func FindBlock(path, root string, from, to *regexp.Regexp) (*Block, error) {
	hits, err := Grep(path, root, from, false)
	if err != nil {
		return nil, err
	}
	switch {
	case len(hits) == 0:
		return nil, fmt.Errorf("no line matches %q", from)
	case len(hits) > 1:
		return nil, fmt.Errorf("%q matches %d lines, not one: %s:%d and %s:%d", from, len(hits), hits[0].File, hits[0].Line, hits[1].File, hits[1].Line)
	}
	h := hits[0]
	data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(h.File)))
	if err != nil {
		return nil, err
	}
	lines := strings.Split(string(data), "\n")
	end := h.Line // lines[h.Line-1] is the first line
	if to != nil {
		for end < len(lines) && !to.MatchString(lines[end]) {
			end++
		}
		if end == len(lines) {
			return nil, fmt.Errorf("%s:%d: no line after %s matches %q", h.File, h.Line, h.Text, to)
		}
		end++
	}
	return &Block{File: h.File, Line: h.Line, End: end, Lines: lines[h.Line-1 : end]}, nil
}

// A Decl is a top-level declaration of Go source: a function, a method or a type, its block
// running from its first line to its closing brace.
type Decl struct {
	Block
	Name string // "mapassign", "Map.Load", "Pod"
}

var (
	declName = regexp.MustCompile(`^(?:func (?:\(\w* ?\*?(\w+)[^)]*\) )?|type )(\w+)`)
	// closingBrace ends a declaration: a brace alone at the start of a line.
	closingBrace = regexp.MustCompile(`^}\r?$`)
)

// FindDecl finds the one declaration of path (a file or a folder) whose first line matches the
// regular expression decl, and its end: the next line that is a closing brace alone.
func FindDecl(path, root, decl string) (*Decl, error) {
	re, err := regexp.Compile(decl)
	if err != nil {
		return nil, fmt.Errorf("In %q: %v", decl, err)
	}
	b, err := FindBlock(path, root, re, closingBrace)
	if err != nil {
		return nil, fmt.Errorf("In: %v", err)
	}
	m := declName.FindStringSubmatch(strings.TrimSpace(b.Lines[0]))
	if m == nil {
		return nil, fmt.Errorf("In %q matches %s:%d, which declares no function or type: %s", decl, b.File, b.Line, strings.TrimSpace(b.Lines[0]))
	}
	name := m[2]
	if m[1] != "" {
		name = m[1] + "." + name
	}
	return &Decl{Block: *b, Name: name}, nil
}
