package merge

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"path"
	"strconv"
	"strings"

	"gomaps/tools/lab/internal/course"
)

// importName is the name a file uses for an import: its own, or the package's, guessed from
// the path as the go command's convention has it ("gopkg.in/yaml.v3" is yaml,
// "github.com/go-logr/logr/v2" is logr).
func importName(s *ast.ImportSpec) string {
	if s.Name != nil {
		return s.Name.Name
	}
	p, _ := strconv.Unquote(s.Path.Value)
	base := path.Base(p)
	if len(base) > 1 && base[0] == 'v' && strings.Trim(base[1:], "0123456789") == "" && path.Dir(p) != "." {
		base = path.Base(path.Dir(p))
	}
	if i := strings.Index(base, ".v"); i > 0 {
		base = base[:i]
	}
	base = strings.TrimPrefix(base, "go-")
	return strings.ReplaceAll(strings.ReplaceAll(base, "-", ""), ".", "")
}

// usedNames lists the names a file uses as the left side of a selector: the packages it uses.
func usedNames(f *ast.File) map[string]bool {
	used := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok {
				used[id.Name] = true
			}
		}
		return true
	})
	return used
}

// fixImports makes the imports of src, the merged file, right: an import that the learner's file
// used (usedBefore) and the merge left unused is dropped, its line or its whole declaration; a
// package the new code uses and src does not import is imported as the solution (sf) imports
// it, in the file's first import declaration, which becomes a block of the standard library's
// imports, then the others (or a new one after the package clause). It returns the file gofmt'ed
// and what it did ("dropped \"fmt\"", "added \"strings\"", in lang).
func fixImports(name string, src []byte, usedBefore map[string]bool, sf *ast.File, lang course.Lang) ([]byte, []string, error) {
	var did []string
	// Drop, then read the file again to add.
	for _, dropping := range []bool{true, false} {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
		if err != nil {
			return nil, nil, fmt.Errorf("the merged %s does not parse: %v", name, err)
		}
		x := &imports{fset: fset, f: f, src: src, used: usedNames(f), lang: lang}
		if dropping {
			src = x.drop(usedBefore, &did)
		} else {
			src = x.add(sf, &did)
		}
	}
	formatted, err := format.Source(src)
	if err != nil {
		return nil, nil, fmt.Errorf("the merged %s does not format: %v", name, err)
	}
	return formatted, did, nil
}

// imports is the work of fixImports on one version of the merged file.
type imports struct {
	fset *token.FileSet
	f    *ast.File
	src  []byte
	used map[string]bool // the names the file uses as packages
	lang course.Lang
}

// lines is the edit that deletes the lines from the one holding from to the one holding to.
func (x *imports) lines(from, to token.Pos) edit {
	start, end := x.fset.Position(from).Offset, x.fset.Position(to).Offset
	start = bytes.LastIndexByte(x.src[:start], '\n') + 1
	if i := bytes.IndexByte(x.src[end:], '\n'); i >= 0 {
		end += i + 1
	} else {
		end = len(x.src)
	}
	return edit{start, end, ""}
}

// drop drops the imports that the learner's file used (usedBefore) and the merged file does
// not: a whole declaration when none of its imports is left.
func (x *imports) drop(usedBefore map[string]bool, did *[]string) []byte {
	var edits []edit
	for _, d := range x.f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.IMPORT {
			continue
		}
		var dropped []edit
		for _, s := range g.Specs {
			s := s.(*ast.ImportSpec)
			if n := importName(s); n != "_" && n != "." && !x.used[n] && usedBefore[n] {
				dropped = append(dropped, x.lines(s.Pos(), s.End()))
				*did = append(*did, x.lang.Pick("dropped ", "去掉 ")+s.Path.Value)
			}
		}
		if len(dropped) == len(g.Specs) && len(dropped) > 0 {
			dropped = []edit{x.lines(g.Pos(), g.End())}
		}
		edits = append(edits, dropped...)
	}
	return applyEdits(x.src, edits)
}

// add imports the packages of the solution (sf) whose names the file uses and does not import.
func (x *imports) add(sf *ast.File, did *[]string) []byte {
	have := map[string]bool{}
	for _, s := range x.f.Imports {
		have[importName(s)] = true
	}
	var std, other []string
	group := func(s *ast.ImportSpec, text string) {
		if p, _ := strconv.Unquote(s.Path.Value); strings.Contains(strings.Split(p, "/")[0], ".") {
			other = append(other, text)
		} else {
			std = append(std, text)
		}
	}
	for _, s := range sf.Imports {
		if n := importName(s); x.used[n] && !have[n] {
			have[n] = true
			text := s.Path.Value
			if s.Name != nil {
				text = s.Name.Name + " " + text
			}
			group(s, text)
			*did = append(*did, x.lang.Pick("added ", "新增 ")+s.Path.Value)
		}
	}
	if len(std)+len(other) == 0 {
		return x.src
	}
	for _, d := range x.f.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.IMPORT {
			for _, s := range g.Specs {
				s := s.(*ast.ImportSpec)
				group(s, string(x.src[x.fset.Position(s.Pos()).Offset:x.fset.Position(s.End()).Offset]))
			}
			e := x.lines(g.Pos(), g.End())
			e.text = importDecl(std, other)
			return applyEdits(x.src, []edit{e})
		}
	}
	at := x.lines(x.f.Name.End(), x.f.Name.End()).end
	return applyEdits(x.src, []edit{{at, at, "\n" + importDecl(std, other)}})
}

// importDecl writes an import declaration of the specs: one alone, or a block of the standard
// library's, then the others.
func importDecl(std, other []string) string {
	if len(std)+len(other) == 1 {
		return "import " + append(std, other...)[0] + "\n"
	}
	var groups []string
	for _, g := range [][]string{std, other} {
		if len(g) > 0 {
			groups = append(groups, "\t"+strings.Join(g, "\n\t")+"\n")
		}
	}
	return "import (\n" + strings.Join(groups, "\n") + ")\n"
}
