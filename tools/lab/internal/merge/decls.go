package merge

import (
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"strings"
)

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
	for _, d := range f.Decls {
		decl := Decl{Text: string(src[fset.Position(declStart(d)).Offset:fset.Position(d.End()).Offset])}
		for _, g := range f.Comments {
			if g.Pos() >= declStart(d) && g.End() <= d.End() && strings.Contains(g.Text(), marker) {
				decl.Marked = append(decl.Marked, g.Text())
			}
		}
		for _, n := range declNames(d) {
			if _, ok := decls[n]; !ok {
				decls[n] = decl
			}
		}
	}
	return decls, nil
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

// Parses reports whether src is Go that parses: a merge works only on files that do.
func Parses(src []byte) bool {
	_, err := parser.ParseFile(token.NewFileSet(), "", src, parser.SkipObjectResolution)
	return err == nil
}
