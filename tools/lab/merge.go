package main

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"path"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// A lab taught in steps says, in each edit point, which step it belongs to: the first line of
// the comment is "TODO(NN): step K." or "TODO(NN): step K:". The top-level declaration holding
// it (a func or method, in its body or doc comment, or a type) is then code of step K:
// checkpoint replaces it with the solution's declaration of the same name (and receiver) when K
// is below the step to reach. A declaration without an edit point that the solution changes
// (a method whose type's declaration has the TODO, as lab 08's Registry.Set) is code of the step
// of its receiver's type, or else of the only step the file's edit points name.
//
// A declaration may also serve later steps: its TODO comment then says so with a sentence that
// starts "Step M." or "Step M:" (lab 06's Sharded.Get: "step 4. ... Step 5: ..."). Its solution
// has the code of all of them, so it would be put in place as a whole. A lab avoids that with
// step snapshots: solutions/NN-word/step-J/FILE.go is FILE.go once steps 1 to J are done and no
// later step (the TODOs of later steps kept word for word). Checkpoint to the step after J takes
// the declarations of FILE.go from it instead of the solution, and so stops exactly at the step.

// todoStepRE reads the step an edit point names, once "TODO(NN): " is cut off.
var todoStepRE = regexp.MustCompile(`^step ([0-9]+)[.:]`)

// laterStepRE finds, in the text of an edit point's comment, the other steps it serves.
var laterStepRE = regexp.MustCompile(`(?:^|[.:!?"]\s+)Step ([0-9]+)[.:]`)

// A todo is one edit point of a learner file.
type todo struct {
	line  int
	step  int    // the step its first line names; 0 when it names none
	first string // its first line, without the comment marker
	later []int  // the other steps its comment says it serves
}

// todoStep reads the step of one comment line "// TODO(NN): step K. ...": ok is false when the
// line is not an edit point of lab num, step 0 when it names no step.
func todoStep(num, line string) (step int, ok bool) {
	text := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), "//"))
	rest, ok := strings.CutPrefix(text, "TODO("+num+")")
	if !ok {
		return 0, false
	}
	rest = strings.TrimSpace(strings.TrimPrefix(rest, ":"))
	if m := todoStepRE.FindStringSubmatch(rest); m != nil {
		step, _ = strconv.Atoi(m[1])
	}
	return step, true
}

// todos lists the edit points of lab num in a parsed file.
func todos(fset *token.FileSet, f *ast.File, num string) []todo {
	var out []todo
	for _, g := range f.Comments {
		for _, c := range g.List {
			step, ok := todoStep(num, c.Text)
			if !ok {
				continue
			}
			t := todo{line: fset.Position(c.Pos()).Line, step: step, first: strings.TrimSpace(strings.TrimPrefix(c.Text, "//"))}
			for _, m := range laterStepRE.FindAllStringSubmatch(g.Text(), -1) {
				if n, _ := strconv.Atoi(m[1]); n > step && !slices.Contains(t.later, n) {
					t.later = append(t.later, n)
				}
			}
			sort.Ints(t.later)
			out = append(out, t)
		}
	}
	return out
}

// A stepSpan is the steps a declaration serves: from first, the lowest its edit points name,
// to last.
type stepSpan struct{ first, last int }

// stepDecls maps each top-level declaration of a learner file (src, as shipped) that holds step
// code of lab num to the steps it serves, keyed as declNames names it (its first name). sol, the
// solution's file, tells which declarations without an edit point are step code too (nil: none).
// An edit point that names no step or is outside every declaration, or a changed declaration
// whose step cannot be told, is an error.
func stepDecls(name string, src, sol []byte, num string) (map[string]stepSpan, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	spans := map[string]stepSpan{}
	only := 0 // the one step the file's edit points name, or -1 when they name several
	for _, t := range todos(fset, f, num) {
		if t.step == 0 {
			return nil, fmt.Errorf("%s:%d: the TODO(%s) names no step, so checkpoint cannot tell which step it belongs to: its first line must start \"TODO(%s): step K.\"", name, t.line, num, num)
		}
		var owner ast.Decl
		for _, d := range f.Decls {
			if fset.Position(declStart(d)).Line <= t.line && t.line <= fset.Position(d.End()).Line {
				owner = d
			}
		}
		if owner == nil || len(declNames(owner)) == 0 {
			return nil, fmt.Errorf("%s:%d: the TODO(%s) is outside every func and type, and checkpoint puts steps in place declaration by declaration", name, t.line, num)
		}
		key := declNames(owner)[0]
		last := t.step
		if len(t.later) > 0 {
			last = max(last, t.later[len(t.later)-1])
		}
		s, seen := spans[key]
		if !seen {
			s = stepSpan{t.step, last}
		}
		s.first, s.last = min(s.first, t.step), max(s.last, last)
		spans[key] = s
		switch {
		case only == 0:
			only = t.step
		case only != t.step:
			only = -1
		}
	}
	if sol == nil {
		return spans, nil
	}
	sf, err := parser.ParseFile(fset, "solution "+name, sol, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	solText := map[string]string{}
	for _, d := range sf.Decls {
		if names := declNames(d); len(names) > 0 {
			solText[names[0]] = string(sol[fset.Position(d.Pos()).Offset:fset.Position(d.End()).Offset])
		}
	}
	for _, d := range f.Decls {
		names := declNames(d)
		if len(names) == 0 {
			continue
		}
		key := names[0]
		if _, ok := spans[key]; ok {
			continue
		}
		want, ok := solText[key]
		if !ok || want == string(src[fset.Position(d.Pos()).Offset:fset.Position(d.End()).Offset]) {
			continue
		}
		if recv, _, isMethod := strings.Cut(key, "."); isMethod && key != recv {
			if s, ok := spans[recv]; ok {
				spans[key] = s
				continue
			}
		}
		if only <= 0 {
			return nil, fmt.Errorf("%s: the solution changes %s, which holds no TODO(%s), and checkpoint cannot tell its step: give it an edit point naming the step", name, key, num)
		}
		spans[key] = stepSpan{only, only}
	}
	return spans, nil
}

// declStart is where a declaration begins, its doc comment included.
func declStart(d ast.Decl) token.Pos {
	switch d := d.(type) {
	case *ast.FuncDecl:
		if d.Doc != nil {
			return d.Doc.Pos()
		}
	case *ast.GenDecl:
		if d.Doc != nil {
			return d.Doc.Pos()
		}
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
		switch x := t.(type) {
		case *ast.StarExpr:
			t = x.X
			continue
		case *ast.ParenExpr:
			t = x.X
			continue
		case *ast.IndexExpr:
			t = x.X
			continue
		case *ast.IndexListExpr:
			t = x.X
			continue
		case *ast.Ident:
			return x.Name + "." + fd.Name.Name
		}
		return fd.Name.Name
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

// topNames lists the package-level names a file declares, as declNames gives them.
func topNames(src []byte) map[string]bool {
	f, err := parser.ParseFile(token.NewFileSet(), "", src, parser.SkipObjectResolution)
	names := map[string]bool{}
	if err != nil {
		return names
	}
	for _, d := range f.Decls {
		for _, n := range declNames(d) {
			names[n] = true
		}
	}
	return names
}

// A merge is what checkpoint does to one learner file.
type merge struct {
	out      []byte   // the new file
	replaced []string // the funcs now the solution's, with their steps: "Double (step 1)"
	added    []string // declarations brought from the solution
	imports  []string // "added \"strings\"", "dropped \"fmt\""
	spill    []string // the replaced declarations that serve step k or later too,
	spillTo  int      // up to this step
	left     int      // the declarations of step k or later, left as the learner has them or
	// taken from a step snapshot that leaves their code of step k to the learner
}

// changed reports whether the merge changes the file.
func (m *merge) changed(old []byte) bool { return !bytes.Equal(m.out, old) }

// mergeSteps puts in place, in the learner's file mine, the solution's code of every step below
// k: each declaration that stepDecls finds in shipped (the file as shipped, or mine when shipped
// is nil) with a step below k becomes sol's declaration of the same name (and receiver), keeping
// the learner's doc comment; the declarations of sol that the new code uses and the package
// lacks (others lists the names the lab's other files declare) are added; the imports follow.
// The result is gofmt'ed. When snap is not nil, it is the file's step snapshot of the step
// before k, and the declarations, helpers and imports come from it instead of sol (which still
// tells the steps, as stepDecls reads them).
func mergeSteps(name string, mine, shipped, sol, snap []byte, num string, k int, others map[string]bool) (*merge, error) {
	if shipped == nil {
		shipped = mine
	}
	spans, err := stepDecls(name, shipped, sol, num)
	if err != nil {
		return nil, err
	}
	source := "the solution"
	if snap != nil {
		sol, source = snap, "its step snapshot"
	}
	fset := token.NewFileSet()
	mf, err := parser.ParseFile(fset, name, mine, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	sf, err := parser.ParseFile(fset, source+" of "+name, sol, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	mOff := func(p token.Pos) int { return fset.Position(p).Offset }
	sText := func(from, to token.Pos) string {
		return string(sol[fset.Position(from).Offset:fset.Position(to).Offset])
	}

	solDecls := map[string]ast.Decl{}
	for _, d := range sf.Decls {
		for _, n := range declNames(d) {
			solDecls[n] = d
		}
	}
	have := map[string]bool{} // declared by the learner's package: this file or another
	for n := range others {
		have[n] = true
	}
	mineDecls := map[string]ast.Decl{}
	for _, d := range mf.Decls {
		for _, n := range declNames(d) {
			have[n] = true
			mineDecls[n] = d
		}
	}

	m := &merge{}
	type edit struct {
		at, end int
		text    string
	}
	var edits []edit
	var used []ast.Node // the solution's code now in the file, for the names it uses
	bring := map[ast.Decl]bool{}

	var keys []string
	for key := range spans {
		keys = append(keys, key)
	}
	sort.Slice(keys, func(i, j int) bool {
		return declOrder(sf, solDecls[keys[i]]) < declOrder(sf, solDecls[keys[j]])
	})
	for _, key := range keys {
		span := spans[key]
		if span.first >= k {
			m.left++
			continue
		}
		sd := solDecls[key]
		if sd == nil {
			return nil, fmt.Errorf("%s: %s holds the code of step %d, and %s has no %s", name, key, span.first, source, key)
		}
		if snap != nil && span.last >= k {
			m.left++ // the snapshot leaves its code of step k and later to the learner
		}
		used = append(used, sd)
		md, inMine := mineDecls[key]
		if inMine && string(mine[mOff(md.Pos()):mOff(md.End())]) == sText(sd.Pos(), sd.End()) {
			continue // the learner's is the solution's already
		}
		what := fmt.Sprintf("%s (%s)", key, stepRange(span.first, span.last))
		switch {
		case span.last >= k && snap != nil:
			yours := fmt.Sprintf("%s is yours", stepRange(k, span.last))
			if span.last > k {
				yours = fmt.Sprintf("%s are yours", stepRange(k, span.last))
			}
			what = fmt.Sprintf("%s (%s; %s)", key, stepRange(span.first, k-1), yours)
		case span.last >= k:
			m.spill = append(m.spill, key)
			m.spillTo = max(m.spillTo, span.last)
		}
		m.replaced = append(m.replaced, what)
		if inMine {
			edits = append(edits, edit{mOff(md.Pos()), mOff(md.End()), sText(sd.Pos(), sd.End())})
		} else {
			bring[sd] = true // the learner deleted it: it comes back, doc comment and all
		}
	}
	if len(m.replaced) == 0 {
		return &merge{out: mine, left: m.left}, nil // nothing to put in place: the file stays as it is, byte for byte
	}

	// The solution's declarations that the new code uses, and the package lacks.
	for i := 0; i < len(used); i++ {
		ast.Inspect(used[i], func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok {
				return true
			}
			d := solDecls[id.Name]
			if d == nil {
				// A method, named by its selector: any receiver.
				for n, sd := range solDecls {
					if strings.HasSuffix(n, "."+id.Name) {
						d = sd
					}
				}
			}
			if d == nil || bring[d] {
				return true
			}
			missing := true
			for _, n := range declNames(d) {
				missing = missing && !have[n]
			}
			if missing {
				bring[d] = true
				used = append(used, d)
			}
			return true
		})
	}
	// Each brought declaration goes after the declaration that comes before it in the
	// solution, if the learner's file has it, or else after the imports.
	anchorEnd := mOff(mf.Name.End())
	for _, d := range mf.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.IMPORT {
			anchorEnd = mOff(d.End())
		}
	}
	after := anchorEnd
	for _, d := range sf.Decls {
		if bring[d] {
			edits = append(edits, edit{after, after, "\n\n" + sText(declStart(d), d.End())})
			m.added = append(m.added, strings.Join(declNames(d), ", "))
			continue
		}
		for _, n := range declNames(d) {
			if md := findDecl(mf, n); md != nil {
				after = mOff(md.End())
			}
		}
	}

	// Apply the edits from the end, so that the offsets before each stay right; of two
	// insertions at one place, the one made first ends up first.
	slices.Reverse(edits)
	sort.SliceStable(edits, func(i, j int) bool { return edits[i].at > edits[j].at })
	out := append([]byte{}, mine...)
	for _, e := range edits {
		out = append(out[:e.at], append([]byte(e.text), out[e.end:]...)...)
	}
	out, m.imports, err = fixImports(name, out, mine, sol)
	if err != nil {
		return nil, err
	}
	m.out = out
	return m, nil
}

// stepRange says "step 2" or "steps 2 to 4".
func stepRange(first, last int) string {
	if last <= first {
		return fmt.Sprintf("step %d", first)
	}
	return fmt.Sprintf("steps %d to %d", first, last)
}

// declOrder is the index of d among f's declarations (len when absent).
func declOrder(f *ast.File, d ast.Decl) int {
	for i, x := range f.Decls {
		if x == d {
			return i
		}
	}
	return len(f.Decls)
}

// findDecl returns the declaration of f that declares name.
func findDecl(f *ast.File, name string) ast.Decl {
	for _, d := range f.Decls {
		if slices.Contains(declNames(d), name) {
			return d
		}
	}
	return nil
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
			groups = append(groups, "\t"+strings.Join(g, "\n\t")+"\n")
		}
	}
	return "(\n" + strings.Join(groups, "\n") + ")"
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
	usedNow, usedBefore := usedNames(f), usedNames(bf)
	off := func(p token.Pos) int { return fset.Position(p).Offset }
	lineStart := func(o int) int { return bytes.LastIndexByte(src[:o], '\n') + 1 }
	lineEnd := func(o int) int {
		if i := bytes.IndexByte(src[o:], '\n'); i >= 0 {
			return o + i + 1
		}
		return len(src)
	}

	type edit struct {
		at, end int
		text    string
	}
	var edits []edit
	var did []string
	imported := map[string]bool{}
	var keep *ast.GenDecl // the import declaration new imports go into
	var droppedSpecs []*ast.ImportSpec
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.IMPORT {
			continue
		}
		var dropped []ast.Spec
		for _, s := range g.Specs {
			s := s.(*ast.ImportSpec)
			n := importName(s)
			if n != "_" && n != "." && !usedNow[n] && usedBefore[n] {
				dropped = append(dropped, s)
				droppedSpecs = append(droppedSpecs, s)
				did = append(did, "dropped "+s.Path.Value)
				continue
			}
			imported[n] = true
		}
		switch {
		case len(dropped) == len(g.Specs):
			edits = append(edits, edit{lineStart(off(g.Pos())), lineEnd(off(g.End())), ""})
		default:
			for _, s := range dropped {
				edits = append(edits, edit{lineStart(off(s.Pos())), lineEnd(off(s.End())), ""})
			}
			if keep == nil {
				keep = g
			}
		}
	}
	var stdAdd, otherAdd []string // the new imports, of the standard library and others
	for _, s := range sf.Imports {
		n := importName(s)
		if usedNow[n] && !imported[n] {
			imported[n] = true
			spec := s.Path.Value
			if s.Name != nil {
				spec = s.Name.Name + " " + spec
			}
			if isStd(s) {
				stdAdd = append(stdAdd, spec)
			} else {
				otherAdd = append(otherAdd, spec)
			}
			did = append(did, "added "+s.Path.Value)
		}
	}
	lines := func(specs []string) string { return "\t" + strings.Join(specs, "\n\t") + "\n" }
	if len(stdAdd)+len(otherAdd) > 0 {
		switch {
		case keep != nil && keep.Lparen.IsValid():
			// The standard library's imports go after the last one the block has, or first;
			// the others after the last other one, or last, each group apart.
			var lastStd, lastOther *ast.ImportSpec
			kept := 0
			for _, s := range keep.Specs {
				s := s.(*ast.ImportSpec)
				if slices.Contains(droppedSpecs, s) {
					continue
				}
				kept++
				if isStd(s) {
					lastStd = s
				} else {
					lastOther = s
				}
			}
			if len(stdAdd) > 0 {
				if lastStd != nil {
					at := lineEnd(off(lastStd.End()))
					edits = append(edits, edit{at, at, lines(stdAdd)})
				} else {
					at := lineEnd(off(keep.Lparen))
					text := lines(stdAdd)
					if kept > 0 {
						text += "\n"
					}
					edits = append(edits, edit{at, at, text})
				}
			}
			if len(otherAdd) > 0 {
				if lastOther != nil {
					at := lineEnd(off(lastOther.End()))
					edits = append(edits, edit{at, at, lines(otherAdd)})
				} else {
					at := lineStart(off(keep.Rparen))
					text := lines(otherAdd)
					if kept > 0 || len(stdAdd) > 0 {
						text = "\n" + text
					}
					edits = append(edits, edit{at, at, text})
				}
			}
		case keep != nil:
			s := keep.Specs[0].(*ast.ImportSpec)
			text := string(src[off(s.Pos()):off(s.End())])
			if isStd(s) {
				stdAdd = append([]string{text}, stdAdd...)
			} else {
				otherAdd = append([]string{text}, otherAdd...)
			}
			edits = append(edits, edit{off(s.Pos()), off(s.End()), importBlock(stdAdd, otherAdd)})
		default:
			at := lineEnd(off(f.Name.End()))
			edits = append(edits, edit{at, at, "\nimport " + importBlock(stdAdd, otherAdd) + "\n"})
		}
	}
	slices.Reverse(edits)
	sort.SliceStable(edits, func(i, j int) bool { return edits[i].at > edits[j].at })
	out := append([]byte{}, src...)
	for _, e := range edits {
		out = append(out[:e.at], append([]byte(e.text), out[e.end:]...)...)
	}
	formatted, err := format.Source(out)
	if err != nil {
		return nil, nil, fmt.Errorf("the merged %s does not format: %v", name, err)
	}
	return formatted, did, nil
}

// parseFile parses a Go file's declarations, without comments.
func parseFile(src []byte) (*ast.File, error) {
	return parser.ParseFile(token.NewFileSet(), "", src, parser.SkipObjectResolution)
}
