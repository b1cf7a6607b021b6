package merge

import (
	"bytes"
	"cmp"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"maps"
	"path"
	"slices"
	"strconv"
	"strings"

	"gomaps/tools/lab/internal/course"
)

// A File is what a merge reads of one learner file. Every version has LF line ends: the merge
// compares their text.
type File struct {
	Name     string          // the file's path, for messages: "labs/03-steps/words.go"
	Lab      string          // the lab's number, as its edit points write it: "03"
	Mine     []byte          // the learner's file
	Shipped  []byte          // the file as shipped, which tells the steps; nil: Mine tells them
	Solution []byte          // the solution's file
	Snapshot []byte          // the file's step snapshot of the step before the one to reach; nil: none
	Others   map[string]bool // the package-level names the package's other files declare
	Lang     course.Lang     // the language of Replaced and Imports
}

// A Result is what a merge does to one learner file.
type Result struct {
	Out      []byte   // the new file
	Replaced []string // the declarations now the solution's, with their steps: "Double (step 1)", "Double（第 1 步）"
	Added    []string // declarations brought from the solution (or the snapshot)
	Imports  []string // "added \"strings\"", "dropped \"fmt\""; "新增 \"strings\""，"去掉 \"fmt\""
	Spill    []string // the replaced declarations that serve step k or later too,
	SpillTo  int      // up to this step
	Left     int      // the declarations of step k or later, left as the learner has them or
	// taken from a step snapshot that leaves their code of step k to the learner
}

// ToStep puts in place, in the learner's file f.Mine, the solution's code of every step below
// k: each declaration that StepDecls finds in f.Shipped (or f.Mine when it is nil) with a step
// below k becomes the solution's declaration of the same name (and receiver), keeping the
// learner's doc comment; the declarations of the solution that the new code uses and the
// package lacks (f.Others lists the names the package's other files declare) are added; the
// imports follow. The result is gofmt'ed. When f.Snapshot is not nil, the declarations, helpers
// and imports come from it instead of the solution (which still tells the steps, as StepDecls
// reads them). When there is nothing to put in place, Out is f.Mine, byte for byte.
func ToStep(f File, k int) (*Result, error) {
	shipped := f.Shipped
	if shipped == nil {
		shipped = f.Mine
	}
	spans, err := StepDecls(f.Name, shipped, f.Solution, f.Lab)
	if err != nil {
		return nil, err
	}
	m, err := newMerger(f)
	if err == nil {
		err = m.placeSteps(spans, k)
	}
	if err != nil {
		return nil, err
	}
	if len(m.res.Replaced) == 0 {
		return &Result{Out: f.Mine, Left: m.res.Left}, nil
	}
	m.bringUsed()
	m.insertBrought()
	m.res.Out, m.res.Imports, err = fixImports(f.Name, applyEdits(f.Mine, m.edits), usedNames(m.mine), m.codeFile, f.Lang)
	if err != nil {
		return nil, err
	}
	return &m.res, nil
}

// A merger holds one merge under way: the learner's file and the file the code comes from,
// parsed in one file set, and the edits so far.
type merger struct {
	f         File
	source    string // the file the code comes from, for messages: "the solution"
	code      []byte // its text
	fset      *token.FileSet
	mine      *ast.File
	codeFile  *ast.File
	codeDecls map[string]ast.Decl // the declarations the code comes from, by name
	mineDecls map[string]ast.Decl // the learner's file's, by name

	edits []edit
	used  []ast.Node        // the code now in the file, for the names it uses
	bring map[ast.Decl]bool // the declarations of codeFile to add
	res   Result
}

func newMerger(f File) (*merger, error) {
	m := &merger{f: f, source: "the solution", code: f.Solution, fset: token.NewFileSet(), bring: map[ast.Decl]bool{}}
	if f.Snapshot != nil {
		m.code, m.source = f.Snapshot, "its step snapshot"
	}
	var err error
	if m.mine, err = parser.ParseFile(m.fset, f.Name, f.Mine, parser.ParseComments|parser.SkipObjectResolution); err != nil {
		return nil, err
	}
	if m.codeFile, err = parser.ParseFile(m.fset, m.source+" of "+f.Name, m.code, parser.ParseComments|parser.SkipObjectResolution); err != nil {
		return nil, err
	}
	m.codeDecls, m.mineDecls = byName(m.codeFile), byName(m.mine)
	return m, nil
}

// off is the offset of p in its file.
func (m *merger) off(p token.Pos) int { return m.fset.Position(p).Offset }

// text is the text of a node of the file the code comes from, from from to to.
func (m *merger) text(from, to token.Pos) string { return string(m.code[m.off(from):m.off(to)]) }

// placeSteps puts in place the declarations whose steps start below k, in the order the file
// the code comes from has them, and counts the ones left to the learner.
func (m *merger) placeSteps(spans map[string]Span, k int) error {
	order := func(key string) int { return slices.Index(m.codeFile.Decls, m.codeDecls[key]) }
	keys := slices.SortedFunc(maps.Keys(spans), func(a, b string) int { return cmp.Compare(order(a), order(b)) })
	for _, key := range keys {
		span := spans[key]
		if span.First >= k {
			m.res.Left++
			continue
		}
		cd := m.codeDecls[key]
		if cd == nil {
			return fmt.Errorf("%s: %s holds the code of step %d, and %s has no %s", m.f.Name, key, span.First, m.source, key)
		}
		if m.f.Snapshot != nil && span.Last >= k {
			m.res.Left++ // the snapshot leaves its code of step k and later to the learner
		}
		m.used = append(m.used, cd)
		m.place(key, span, cd, k)
	}
	return nil
}

// place puts cd in place of the learner's declaration key, unless it is the same already.
func (m *merger) place(key string, span Span, cd ast.Decl, k int) {
	md, inMine := m.mineDecls[key]
	if inMine && string(m.f.Mine[m.off(md.Pos()):m.off(md.End())]) == m.text(cd.Pos(), cd.End()) {
		return // the learner's is the solution's already
	}
	lang := m.f.Lang
	what := fmt.Sprintf(lang.Pick("%s (%s)", "%s（%s）"), key, course.StepRange(span.First, span.Last, lang))
	switch {
	case span.Last >= k && m.f.Snapshot != nil:
		what = fmt.Sprintf(lang.Pick("%[1]s (%[2]s; %[3]s %[4]s yours)", "%[1]s（%[2]s；%[3]s归你写）"), key, course.StepRange(span.First, k-1, lang),
			course.StepRange(k, span.Last, lang), map[bool]string{true: "is", false: "are"}[span.Last == k])
	case span.Last >= k:
		m.res.Spill = append(m.res.Spill, key)
		m.res.SpillTo = max(m.res.SpillTo, span.Last)
	}
	m.res.Replaced = append(m.res.Replaced, what)
	if inMine {
		m.edits = append(m.edits, edit{m.off(md.Pos()), m.off(md.End()), m.text(cd.Pos(), cd.End())})
	} else {
		m.bring[cd] = true // the learner deleted it: it comes back, doc comment and all
	}
}

// bringUsed marks for adding the declarations of the file the code comes from that the new
// code uses, directly or through another one brought, and the package lacks.
func (m *merger) bringUsed() {
	for i := 0; i < len(m.used); i++ {
		ast.Inspect(m.used[i], func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok {
				return true
			}
			d := m.codeDecls[id.Name]
			if d == nil {
				// A method, named by its selector: any receiver.
				for n, cd := range m.codeDecls {
					if strings.HasSuffix(n, "."+id.Name) {
						d = cd
					}
				}
			}
			if d != nil && !m.bring[d] && !slices.ContainsFunc(declNames(d), func(n string) bool { return m.mineDecls[n] != nil || m.f.Others[n] }) {
				m.bring[d] = true
				m.used = append(m.used, d)
			}
			return true
		})
	}
}

// insertBrought adds each brought declaration after the declaration that comes before it in
// the file the code comes from, if the learner's file has it, or else after the imports.
func (m *merger) insertBrought() {
	after := m.off(m.mine.Name.End())
	for _, d := range m.mine.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.IMPORT {
			after = m.off(d.End())
		}
	}
	for _, d := range m.codeFile.Decls {
		if m.bring[d] {
			m.edits = append(m.edits, edit{after, after, "\n\n" + m.text(declStart(d), d.End())})
			m.res.Added = append(m.res.Added, strings.Join(declNames(d), ", "))
			continue
		}
		for _, n := range declNames(d) {
			if md := m.mineDecls[n]; md != nil {
				after = m.off(md.End())
			}
		}
	}
}

// An edit replaces the bytes from at to end of a file with text.
type edit struct {
	at, end int
	text    string
}

// applyEdits applies edits to a copy of src from the end, so that the offsets before each stay
// right; of two insertions at one place, the one made first ends up first.
func applyEdits(src []byte, edits []edit) []byte {
	slices.Reverse(edits)
	slices.SortStableFunc(edits, func(a, b edit) int { return cmp.Compare(b.at, a.at) })
	out := append([]byte{}, src...)
	for _, e := range edits {
		out = append(out[:e.at], append([]byte(e.text), out[e.end:]...)...)
	}
	return out
}

// declStart is where a declaration begins, its doc comment included.
func declStart(d ast.Decl) token.Pos {
	if fd, ok := d.(*ast.FuncDecl); ok && fd.Doc != nil {
		return fd.Doc.Pos()
	}
	if g, ok := d.(*ast.GenDecl); ok && g.Doc != nil {
		return g.Doc.Pos()
	}
	return d.Pos()
}

// funcKey names a func by its receiver's type and its name: "Sharded.Get", "Double".
func funcKey(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return fd.Name.Name
	}
	t := fd.Recv.List[0].Type
	for {
		switch x := ast.Unparen(t).(type) {
		case *ast.StarExpr:
			t = x.X
		case *ast.IndexExpr:
			t = x.X
		case *ast.IndexListExpr:
			t = x.X
		case *ast.Ident:
			return x.Name + "." + fd.Name.Name
		default:
			return fd.Name.Name
		}
	}
}

// declNames lists what a top-level declaration declares: a func's key, or the names of a
// type, var or const declaration (none for an import).
func declNames(d ast.Decl) []string {
	switch d := d.(type) {
	case *ast.FuncDecl:
		return []string{funcKey(d)}
	case *ast.GenDecl:
		var names []string
		for _, s := range d.Specs {
			switch s := s.(type) {
			case *ast.TypeSpec:
				names = append(names, s.Name.Name)
			case *ast.ValueSpec:
				for _, n := range s.Names {
					if n.Name != "_" {
						names = append(names, n.Name)
					}
				}
			}
		}
		return names
	}
	return nil
}

// TopNames lists the package-level names a file declares, as StepDecls names them (a method
// as "Type.Method"); none when it does not parse.
func TopNames(src []byte) map[string]bool {
	names := map[string]bool{}
	if f, err := parser.ParseFile(token.NewFileSet(), "", src, parser.SkipObjectResolution); err == nil {
		for n := range byName(f) {
			names[n] = true
		}
	}
	return names
}

// A Decl is one top-level declaration of a file, for comparing two versions of it.
type Decl struct {
	Text   string   // its text, doc comment included
	Marked []string // the text of each comment in it that holds the marker
}

// Decls reads the top-level declarations of a file, by each name it declares (as StepDecls
// names them; of two declarations of one name, the first), with the comments in them that hold
// marker ("TODO(03)").
func Decls(name string, src []byte, marker string) (map[string]Decl, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	decls := map[string]Decl{}
	for n, d := range byName(f) {
		decl := Decl{Text: string(src[fset.Position(declStart(d)).Offset:fset.Position(d.End()).Offset])}
		for _, g := range f.Comments {
			if g.Pos() >= declStart(d) && g.End() <= d.End() && strings.Contains(g.Text(), marker) {
				decl.Marked = append(decl.Marked, g.Text())
			}
		}
		decls[n] = decl
	}
	return decls, nil
}

// byName maps each name f declares (see declNames) to its declaration: of two, the first.
func byName(f *ast.File) map[string]ast.Decl {
	decls := map[string]ast.Decl{}
	for _, d := range f.Decls {
		for _, n := range declNames(d) {
			if decls[n] == nil {
				decls[n] = d
			}
		}
	}
	return decls
}

// Parses reports whether src is Go that parses: a merge works only on files that do.
func Parses(src []byte) bool {
	_, err := parser.ParseFile(token.NewFileSet(), "", src, parser.SkipObjectResolution)
	return err == nil
}

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
