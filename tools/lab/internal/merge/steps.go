// Package merge puts the solution's code of a lab's finished steps into a learner's file,
// declaration by declaration, and reads which steps each declaration of a learner's file serves.
// It works on the files' contents alone: the lab runner reads them and writes the result.
//
// A lab taught in steps says, in each edit point, which step it belongs to: the first line of
// the comment is "TODO(NN): step K." or "TODO(NN): step K:". The top-level declaration holding
// it (a func or method, in its body or doc comment, or a type) is then code of step K: a merge
// to step K replaces it with the solution's declaration of the same name (and receiver) when K
// is below the step to reach. A declaration without an edit point that the solution changes
// (a method whose type's declaration has the TODO, as lab 08's Registry.Set) is code of the step
// of its receiver's type, or else of the only step the file's edit points name.
//
// A declaration may also serve later steps: its TODO comment then says so with a sentence that
// starts "Step M." or "Step M:" (lab 06's Sharded.Get: "step 4. ... Step 5: ..."). Its solution
// has the code of all of them, so it would be put in place as a whole. A lab avoids that with
// step snapshots: solutions/NN-word/step-J/FILE.go is FILE.go once steps 1 to J are done and no
// later step (the TODOs of later steps kept word for word). A merge to the step after J takes
// the declarations of FILE.go from it instead of the solution, and so stops exactly at the step.
package merge

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"regexp"
	"strconv"
	"strings"
)

// todoStepRE reads the step an edit point names, once "TODO(NN): " is cut off.
var todoStepRE = regexp.MustCompile(`^step ([0-9]+)[.:]`)

// laterStepRE finds, in the text of an edit point's comment, the other steps it serves.
var laterStepRE = regexp.MustCompile(`(?:^|[.:!?"]\s+)Step ([0-9]+)[.:]`)

// TodoStep reads the step of one comment line "// TODO(NN): step K. ...": ok is false when the
// line is not an edit point of lab num, step 0 when it names no step.
func TodoStep(num, line string) (step int, ok bool) {
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

// A Span is the steps a declaration serves: from First, the lowest its edit points name, to Last.
type Span struct{ First, Last int }

// StepDecls maps each top-level declaration of a learner file (src, as shipped) that holds step
// code of lab num to the steps it serves, keyed by its first name (a func by its receiver's type
// and its name: "Sharded.Get"). sol, the solution's file, tells which declarations without an
// edit point are step code too (nil: none). An edit point that names no step or is outside every
// declaration, or a changed declaration whose step cannot be told, is an error.
func StepDecls(name string, src, sol []byte, num string) (map[string]Span, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	spans, only, err := todoSpans(fset, f, name, num)
	if err != nil {
		return nil, err
	}
	if sol != nil {
		err = changedSpans(fset, f, name, src, sol, num, spans, only)
	}
	return spans, err
}

// todoSpans maps the declarations holding an edit point to the steps they serve; only is the
// one step the file's edit points name, or -1 when they name several.
func todoSpans(fset *token.FileSet, f *ast.File, name, num string) (spans map[string]Span, only int, err error) {
	spans = map[string]Span{}
	for _, g := range f.Comments {
		for _, c := range g.List {
			step, ok := TodoStep(num, c.Text)
			if !ok {
				continue
			}
			line, last := fset.Position(c.Pos()).Line, step
			if step == 0 {
				return nil, 0, fmt.Errorf("%s:%d: the TODO(%s) names no step, so checkpoint cannot tell which step it belongs to: its first line must start \"TODO(%s): step K.\"", name, line, num, num)
			}
			for _, m := range laterStepRE.FindAllStringSubmatch(g.Text(), -1) { // the other steps it serves
				n, _ := strconv.Atoi(m[1])
				last = max(last, n)
			}
			owner := declAt(fset, f, line)
			if owner == nil || len(declNames(owner)) == 0 {
				return nil, 0, fmt.Errorf("%s:%d: the TODO(%s) is outside every func and type, and checkpoint puts steps in place declaration by declaration", name, line, num)
			}
			key := declNames(owner)[0]
			s, seen := spans[key]
			if !seen {
				s = Span{step, last}
			}
			spans[key] = Span{min(s.First, step), max(s.Last, last)}
			switch {
			case only == 0:
				only = step
			case only != step:
				only = -1
			}
		}
	}
	return spans, only, nil
}

// declAt returns the last top-level declaration of f whose lines, doc comment included, hold line.
func declAt(fset *token.FileSet, f *ast.File, line int) ast.Decl {
	var owner ast.Decl
	for _, d := range f.Decls {
		if fset.Position(declStart(d)).Line <= line && line <= fset.Position(d.End()).Line {
			owner = d
		}
	}
	return owner
}

// changedSpans adds to spans the declarations of f (src) without an edit point that the
// solution (sol) changes: a method takes the steps of its receiver's type, anything else the
// one step the file's edit points name (only, see todoSpans).
func changedSpans(fset *token.FileSet, f *ast.File, name string, src, sol []byte, num string, spans map[string]Span, only int) error {
	sf, err := parser.ParseFile(fset, "solution "+name, sol, parser.SkipObjectResolution)
	if err != nil {
		return err
	}
	text := func(src []byte, d ast.Decl) string {
		return string(src[fset.Position(d.Pos()).Offset:fset.Position(d.End()).Offset])
	}
	solText := map[string]string{}
	for _, d := range sf.Decls {
		if names := declNames(d); len(names) > 0 {
			solText[names[0]] = text(sol, d)
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
		if !ok || want == text(src, d) {
			continue
		}
		if recv, _, isMethod := strings.Cut(key, "."); isMethod && key != recv {
			if s, ok := spans[recv]; ok {
				spans[key] = s
				continue
			}
		}
		if only <= 0 {
			return fmt.Errorf("%s: the solution changes %s, which holds no TODO(%s), and checkpoint cannot tell its step: give it an edit point naming the step", name, key, num)
		}
		spans[key] = Span{only, only}
	}
	return nil
}
