package claims

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
)

// Tests returns every test function under chapters/code/09-claims whose name starts like a
// claim's (TestS0_01...), with the package folder it is in, relative to the course's root.
func Tests(repo string) (map[string]string, error) {
	base := filepath.Join(repo, "chapters", "code", "09-claims")
	tests := map[string]string{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(base, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "testdata" {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(repo, filepath.Dir(path))
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if ok && fn.Recv == nil && testName.MatchString(fn.Name.Name) {
				if other, dup := tests[fn.Name.Name]; dup {
					return fmt.Errorf("%s is declared in %s and in %s", fn.Name.Name, other, rel)
				}
				tests[fn.Name.Name] = filepath.ToSlash(rel)
			}
		}
		return nil
	})
	return tests, err
}

// Renderer writes the chapter's markdown.
type Renderer struct {
	R        *Resolver
	tests    map[string]string
	chapters map[string]*Chapter
}

// NewRenderer reads the tests and chapters the rows link to.
func NewRenderer(r *Resolver) (*Renderer, error) {
	tests, err := Tests(r.Repo)
	if err != nil {
		return nil, err
	}
	return &Renderer{R: r, tests: tests, chapters: map[string]*Chapter{}}, nil
}

func (rd *Renderer) chapter(file string) (*Chapter, error) {
	if ch, ok := rd.chapters[file]; ok {
		return ch, nil
	}
	ch, err := ReadChapter(rd.R.Repo, file)
	if err != nil {
		return nil, err
	}
	rd.chapters[file] = ch
	return ch, nil
}

// Counts writes the table of verdicts per post.
func (rd *Renderer) Counts(b *strings.Builder) {
	fmt.Fprintf(b, "| verdict |")
	for _, p := range Posts {
		fmt.Fprintf(b, " [%s](#%s) |", strings.TrimSuffix(strings.SplitN(p.Title, ":", 2)[0], ":"), strings.ToLower(p.Prefix))
	}
	fmt.Fprintf(b, " all |\n|---|")
	for range Posts {
		fmt.Fprintf(b, "--:|")
	}
	fmt.Fprintf(b, "--:|\n")
	total := map[string]int{}
	for _, v := range Verdicts {
		fmt.Fprintf(b, "| %s |", v)
		n := 0
		for _, p := range Posts {
			k := 0
			for _, c := range Of(p.Prefix) {
				if c.Verdict == v {
					k++
				}
			}
			fmt.Fprintf(b, " %d |", k)
			total[p.Prefix] += k
			n += k
		}
		fmt.Fprintf(b, " %d |\n", n)
	}
	fmt.Fprintf(b, "| **claims** |")
	for _, p := range Posts {
		fmt.Fprintf(b, " **%d** |", total[p.Prefix])
	}
	fmt.Fprintf(b, " **%d** |\n", len(PostClaims()))
}

// Post writes one post's summary table and then each claim in full.
func (rd *Renderer) Post(b *strings.Builder, p Post) error {
	rows := Of(p.Prefix)
	fmt.Fprintf(b, "| claim | what the post says | verdict |\n|---|---|---|\n")
	for _, c := range rows {
		fmt.Fprintf(b, "| [%s](#%s) | %s | %s |\n", c.ID, c.Anchor(), cell(c.Claim), c.Verdict)
	}
	for _, c := range rows {
		if err := rd.claim(b, c); err != nil {
			return fmt.Errorf("%s: %v", c.ID, err)
		}
	}
	return nil
}

func (rd *Renderer) claim(b *strings.Builder, c Claim) error {
	fmt.Fprintf(b, "\n<div class=\"claim\" id=\"%s\" markdown>\n\n", c.Anchor())
	if c.Held != "" {
		fmt.Fprintf(b, "**%s** · %s · **%s** on Go 1.27\n\n", c.ID, c.Section, c.Verdict)
	} else {
		fmt.Fprintf(b, "**%s** · §%s · **%s**\n\n", c.ID, c.Section, c.Verdict)
	}
	if c.Quote != "" {
		fmt.Fprintf(b, "> %s\n\n", c.Quote)
	}
	fmt.Fprintf(b, "*The claim.* %s\n\n", c.Claim)
	if c.Held != "" {
		fmt.Fprintf(b, "*True on:* %s.\n\n", c.Held)
	}
	fmt.Fprintf(b, "*The ruling.* %s\n\n", c.Ruling)
	fmt.Fprintf(b, "*The evidence.*\n\n")
	for _, e := range c.Evidence {
		s, err := e.Resolve(rd.R)
		if err != nil {
			return err
		}
		if m, ok := e.(Measured); ok && m.Says != "~" && !strings.Contains(c.Ruling, m.Says) {
			return fmt.Errorf("the ruling does not quote its measured %s (%s, %s of %s)", m.Says, m.Row, m.Unit, m.Col)
		}
		fmt.Fprintf(b, "- %s\n", s)
	}
	fmt.Fprintln(b)
	var by []string
	if c.Test != "" {
		dir, ok := rd.tests[c.Test]
		if !ok {
			return fmt.Errorf("no test %s under chapters/code/09-claims", c.Test)
		}
		by = append(by, fmt.Sprintf("`go test -run '^%s$' ./%s`", c.Test, dir))
	}
	if c.Program != "" {
		by = append(by, fmt.Sprintf("`%s`", c.Program))
	}
	if len(by) > 0 {
		fmt.Fprintf(b, "*Checked by* %s. ", strings.Join(by, " and "))
	}
	file, frag, _ := strings.Cut(c.Teach, "#")
	ch, err := rd.chapter(file)
	if err != nil {
		return err
	}
	if frag != "" && !ch.Anchors[frag] {
		return fmt.Errorf("Teach %s: chapters/%s has no heading or id %q", c.Teach, file, frag)
	}
	fmt.Fprintf(b, "*Taught in* [%s](%s).\n\n</div>\n", ch.Title, c.Teach)
	return nil
}

// cell makes markdown safe inside a table cell.
func cell(s string) string {
	return strings.ReplaceAll(strings.Join(strings.Fields(s), " "), "|", `\|`)
}

// RefCounts writes the table of verdicts (for Go 1.27) per reference that has been ruled on,
// then the references listed and not ruled on, each with the reason.
func (rd *Renderer) RefCounts(b *strings.Builder) {
	var refs []Reference
	for _, r := range References {
		if r.Ruled() {
			refs = append(refs, r)
		}
	}
	fmt.Fprintf(b, "| verdict on Go 1.27 |")
	for _, r := range refs {
		fmt.Fprintf(b, " [%s](#%s) |", r.Prefix, strings.ToLower(r.Prefix))
	}
	fmt.Fprintf(b, " all |\n|---|")
	for range refs {
		fmt.Fprintf(b, "--:|")
	}
	fmt.Fprintf(b, "--:|\n")
	total := 0
	for _, v := range Verdicts {
		fmt.Fprintf(b, "| %s |", v)
		n := 0
		for _, r := range refs {
			k := 0
			for _, c := range r.Rows {
				if c.Verdict == v {
					k++
				}
			}
			fmt.Fprintf(b, " %d |", k)
			n += k
		}
		fmt.Fprintf(b, " %d |\n", n)
		total += n
	}
	fmt.Fprintf(b, "| **claims** |")
	for _, r := range refs {
		fmt.Fprintf(b, " **%d** |", len(r.Rows))
	}
	fmt.Fprintf(b, " **%d** |\n", total)
	var unread []Reference
	for _, r := range References {
		if !r.Ruled() {
			unread = append(unread, r)
		}
	}
	if len(unread) > 0 {
		fmt.Fprintf(b, "\nNot ruled on, so not counted:\n\n")
		for _, r := range unread {
			fmt.Fprintf(b, "- **%s**, %s: not ruled on: %s\n", r.Prefix, r.Title, r.Unread)
		}
	}
}

// Reference writes one reference's summary table, with the versions each claim held on, and
// then each claim in full.
func (rd *Renderer) Reference(b *strings.Builder, r Reference) error {
	if !r.Ruled() {
		fmt.Fprintf(b, "**%s**, %s: not ruled on: %s\n", r.Prefix, r.Title, r.Unread)
		return nil
	}
	fmt.Fprintf(b, "**Where it is read:** %s. **Who reads it:** %s. **The Go version it describes:** %s.\n\n", r.Where, r.Readers, r.Version)
	fmt.Fprintf(b, "| claim | where | what it says | on Go 1.27 | true on |\n|---|---|---|---|---|\n")
	for _, c := range r.Rows {
		fmt.Fprintf(b, "| [%s](#%s) | %s | %s | %s | %s |\n", c.ID, c.Anchor(), cell(c.Section), cell(c.Claim), c.Verdict, cell(c.Held))
	}
	for _, c := range r.Rows {
		if err := rd.claim(b, c); err != nil {
			return fmt.Errorf("%s: %v", c.ID, err)
		}
	}
	return nil
}
