package merge

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"path"
	"slices"
	"strconv"
	"strings"
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

// isStd reports whether an import is of the standard library: its path's first element has
// no dot.
func isStd(s *ast.ImportSpec) bool {
	p, _ := strconv.Unquote(s.Path.Value)
	first, _, _ := strings.Cut(p, "/")
	return !strings.Contains(first, ".")
}

// importBlock writes the parenthesized list of an import declaration: one spec alone, or the
// standard library's first, then the others.
func importBlock(std, other []string) string {
	if len(std)+len(other) == 1 {
		return strings.Join(append(std, other...), "")
	}
	var groups []string
	for _, g := range [][]string{std, other} {
		if len(g) > 0 {
			groups = append(groups, specLines(g))
		}
	}
	return "(\n" + strings.Join(groups, "\n") + ")"
}

// specLines writes import specs one a line, indented.
func specLines(specs []string) string { return "\t" + strings.Join(specs, "\n\t") + "\n" }

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

// fixImports makes the imports of src, the merged file, right: an import of the learner's file
// (before, as it was) that the merge left unused is dropped; a package the new code uses and src
// does not import is imported as the solution (sol) imports it. It returns the file gofmt'ed
// and what it did.
func fixImports(name string, src, before, sol []byte) ([]byte, []string, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, nil, fmt.Errorf("the merged %s does not parse: %v", name, err)
	}
	bf, err := parser.ParseFile(token.NewFileSet(), name, before, parser.SkipObjectResolution)
	if err != nil {
		return nil, nil, err
	}
	sf, err := parser.ParseFile(token.NewFileSet(), name, sol, parser.SkipObjectResolution)
	if err != nil {
		return nil, nil, err
	}
	x := &importFixer{src: src, fset: fset, f: f, usedNow: usedNames(f), imported: map[string]bool{}}
	x.dropUnused(usedNames(bf))
	if std, other := x.missing(sf); len(std)+len(other) > 0 {
		x.add(std, other)
	}
	formatted, err := format.Source(applyEdits(src, x.edits))
	if err != nil {
		return nil, nil, fmt.Errorf("the merged %s does not format: %v", name, err)
	}
	return formatted, x.did, nil
}

// An importFixer holds the work of fixImports on one merged file.
type importFixer struct {
	src     []byte
	fset    *token.FileSet
	f       *ast.File
	usedNow map[string]bool // the names the merged file uses as packages

	edits    []edit
	did      []string
	imported map[string]bool   // the names the kept imports give
	keep     *ast.GenDecl      // the import declaration new imports go into
	dropped  []*ast.ImportSpec // the imports dropped
}

func (x *importFixer) off(p token.Pos) int { return x.fset.Position(p).Offset }

// lineStart is the offset where the line holding offset o starts.
func (x *importFixer) lineStart(o int) int { return bytes.LastIndexByte(x.src[:o], '\n') + 1 }

// lineEnd is the offset just after the line holding offset o.
func (x *importFixer) lineEnd(o int) int {
	if i := bytes.IndexByte(x.src[o:], '\n'); i >= 0 {
		return o + i + 1
	}
	return len(x.src)
}

// insert adds text at offset at.
func (x *importFixer) insert(at int, text string) { x.edits = append(x.edits, edit{at, at, text}) }

// deleteLines removes the lines from the one holding from to the one holding to.
func (x *importFixer) deleteLines(from, to token.Pos) {
	x.edits = append(x.edits, edit{x.lineStart(x.off(from)), x.lineEnd(x.off(to)), ""})
}

// dropUnused drops the imports that the learner's file used (usedBefore) and the merged file
// does not: a whole declaration when none of its imports is left.
func (x *importFixer) dropUnused(usedBefore map[string]bool) {
	for _, d := range x.f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.IMPORT {
			continue
		}
		var dropped []*ast.ImportSpec
		for _, s := range g.Specs {
			s := s.(*ast.ImportSpec)
			n := importName(s)
			if n != "_" && n != "." && !x.usedNow[n] && usedBefore[n] {
				dropped = append(dropped, s)
				x.did = append(x.did, "dropped "+s.Path.Value)
				continue
			}
			x.imported[n] = true
		}
		x.dropped = append(x.dropped, dropped...)
		if len(dropped) == len(g.Specs) {
			x.deleteLines(g.Pos(), g.End())
			continue
		}
		for _, s := range dropped {
			x.deleteLines(s.Pos(), s.End())
		}
		if x.keep == nil {
			x.keep = g
		}
	}
}

// missing lists the imports of the solution (sf) whose names the merged file uses and does not
// import, as specs: of the standard library, and others.
func (x *importFixer) missing(sf *ast.File) (std, other []string) {
	for _, s := range sf.Imports {
		n := importName(s)
		if !x.usedNow[n] || x.imported[n] {
			continue
		}
		x.imported[n] = true
		spec := s.Path.Value
		if s.Name != nil {
			spec = s.Name.Name + " " + spec
		}
		if isStd(s) {
			std = append(std, spec)
		} else {
			other = append(other, spec)
		}
		x.did = append(x.did, "added "+s.Path.Value)
	}
	return std, other
}

// add writes the new imports: into the kept import block, or making a block of the kept
// single import, or as a new declaration after the package clause.
func (x *importFixer) add(std, other []string) {
	switch {
	case x.keep != nil && x.keep.Lparen.IsValid():
		x.addToBlock(std, other)
	case x.keep != nil:
		s := x.keep.Specs[0].(*ast.ImportSpec)
		text := string(x.src[x.off(s.Pos()):x.off(s.End())])
		if isStd(s) {
			std = append([]string{text}, std...)
		} else {
			other = append([]string{text}, other...)
		}
		x.edits = append(x.edits, edit{x.off(s.Pos()), x.off(s.End()), importBlock(std, other)})
	default:
		x.insert(x.lineEnd(x.off(x.f.Name.End())), "\nimport "+importBlock(std, other)+"\n")
	}
}

// addToBlock puts the standard library's new imports after the last one the kept block has,
// or first; the others after its last other one, or last; each group apart.
func (x *importFixer) addToBlock(std, other []string) {
	var lastStd, lastOther *ast.ImportSpec
	kept := 0
	for _, s := range x.keep.Specs {
		s := s.(*ast.ImportSpec)
		if slices.Contains(x.dropped, s) {
			continue
		}
		kept++
		if isStd(s) {
			lastStd = s
		} else {
			lastOther = s
		}
	}
	switch {
	case len(std) == 0:
	case lastStd != nil:
		x.insert(x.lineEnd(x.off(lastStd.End())), specLines(std))
	case kept > 0:
		x.insert(x.lineEnd(x.off(x.keep.Lparen)), specLines(std)+"\n")
	default:
		x.insert(x.lineEnd(x.off(x.keep.Lparen)), specLines(std))
	}
	switch {
	case len(other) == 0:
	case lastOther != nil:
		x.insert(x.lineEnd(x.off(lastOther.End())), specLines(other))
	case kept > 0 || len(std) > 0:
		x.insert(x.lineStart(x.off(x.keep.Rparen)), "\n"+specLines(other))
	default:
		x.insert(x.lineStart(x.off(x.keep.Rparen)), specLines(other))
	}
}
