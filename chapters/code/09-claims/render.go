package claims

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"

	"gomaps/chapters/code/internal/gosrc"
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

// Lang is the language of the chapter's markdown: the book's, English, or its Chinese edition's
// (chapters/zh).
type Lang string

const (
	English Lang = "en"
	Chinese Lang = "zh"
)

// ParseLang reads a -lang flag: "en" or "zh".
func ParseLang(s string) (Lang, error) {
	switch l := Lang(s); l {
	case English, Chinese:
		return l, nil
	}
	return "", fmt.Errorf("language %q: want en or zh", s)
}

// colon is what separates a label from what it labels.
func (l Lang) colon() string {
	if l == Chinese {
		return "："
	}
	return ": "
}

// Renderer writes the chapter's markdown, in English unless Lang says Chinese.
type Renderer struct {
	R        *gosrc.Resolver
	Lang     Lang
	tests    map[string]string
	chapters map[string]*Chapter
}

// NewRenderer reads the tests and chapters the rows link to.
func NewRenderer(r *gosrc.Resolver) (*Renderer, error) {
	tests, err := Tests(r.Repo)
	if err != nil {
		return nil, err
	}
	return &Renderer{R: r, Lang: English, tests: tests, chapters: map[string]*Chapter{}}, nil
}

func (rd *Renderer) zh() bool { return rd.Lang == Chinese }

// chapterTitle is the title a link to the chapter shows: in the Chinese edition, that of its
// Chinese page (chapters/zh/FILE) once there is one, else the English one. The Chinese pages keep
// the English pages' heading ids, so the fragment is checked against the English page.
func (rd *Renderer) chapterTitle(ch *Chapter) string {
	if !rd.zh() {
		return ch.Title
	}
	zh, err := rd.chapter("zh/" + ch.File)
	if err != nil {
		return ch.Title
	}
	title, _, _ := strings.Cut(zh.Title, "：")
	return strings.TrimSpace(title)
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
	head, all, claimsRow := "verdict", "all", "claims"
	if rd.zh() {
		head, all, claimsRow = "裁定", "合计", "论断数"
	}
	fmt.Fprintf(b, "| %s |", head)
	for _, p := range Posts {
		name := strings.TrimSuffix(strings.SplitN(p.Title, ":", 2)[0], ":")
		if rd.zh() {
			name = "第" + map[string]string{"1": "一", "2": "二", "3": "三"}[strings.TrimPrefix(name, "Post ")] + "篇"
		}
		fmt.Fprintf(b, " [%s](#%s) |", name, strings.ToLower(p.Prefix))
	}
	fmt.Fprintf(b, " %s |\n|---|", all)
	for range Posts {
		fmt.Fprintf(b, "--:|")
	}
	fmt.Fprintf(b, "--:|\n")
	total := map[string]int{}
	for _, v := range Verdicts {
		fmt.Fprintf(b, "| %s |", v.in(rd.Lang))
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
	fmt.Fprintf(b, "| **%s** |", claimsRow)
	for _, p := range Posts {
		fmt.Fprintf(b, " **%d** |", total[p.Prefix])
	}
	fmt.Fprintf(b, " **%d** |\n", len(PostClaims()))
}

// Post writes one post's summary table and then each claim in full. In Chinese, the table and
// the claims show the post's own words (Original), its heading (SectionZh) and RulingZh, and it
// fails, naming them, when any claim of the post lacks one of them.
func (rd *Renderer) Post(b *strings.Builder, p Post) error {
	rows := Of(p.Prefix)
	if rd.zh() {
		if err := untranslated(rows); err != nil {
			return fmt.Errorf("post %s: %w", p.Prefix, err)
		}
		if err := untranslatedEvidence(rows); err != nil {
			return fmt.Errorf("post %s: %w", p.Prefix, err)
		}
		fmt.Fprintf(b, "| 论断 | 原文 | 裁定 |\n|---|---|---|\n")
		for _, c := range rows {
			fmt.Fprintf(b, "| [%s](#%s) | %s | %s |\n", c.ID, c.Anchor(), cell(plain(c.Original)), c.Verdict.Zh())
		}
	} else {
		fmt.Fprintf(b, "| claim | what the post says | verdict |\n|---|---|---|\n")
		for _, c := range rows {
			fmt.Fprintf(b, "| [%s](#%s) | %s | %s |\n", c.ID, c.Anchor(), cell(c.Claim), c.Verdict)
		}
	}
	for _, c := range rows {
		if err := rd.claim(b, c); err != nil {
			return fmt.Errorf("%s: %v", c.ID, err)
		}
	}
	return nil
}

func (rd *Renderer) claim(b *strings.Builder, c Claim) error {
	if rd.zh() {
		return rd.claimZh(b, c)
	}
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
	if err := rd.evidence(b, c.Evidence, English, c.Ruling, "the ruling"); err != nil {
		return err
	}
	by, ch, err := rd.checks(c)
	if err != nil {
		return err
	}
	if len(by) > 0 {
		fmt.Fprintf(b, "*Checked by* %s. ", strings.Join(by, " and "))
	}
	fmt.Fprintf(b, "*Taught in* [%s](%s).\n\n</div>\n", ch.Title, c.Teach)
	return nil
}

// evidence writes a claim's evidence as a list, each piece resolved in lang, after checking that
// ruling (named so in the error), the ruling in that language, quotes every figure measured.
func (rd *Renderer) evidence(b *strings.Builder, evidence []Evidence, lang Lang, ruling, name string) error {
	for _, e := range evidence {
		s, err := resolveIn(e, rd.R, lang)
		if err != nil {
			return err
		}
		if m, ok := e.(Measured); ok && m.Says != "~" && !strings.Contains(ruling, m.Says) {
			return fmt.Errorf("%s does not quote its measured %s (%s, %s of %s)", name, m.Says, m.Row, m.Unit, m.Col)
		}
		fmt.Fprintf(b, "- %s\n", s)
	}
	fmt.Fprintln(b)
	return nil
}

// checks returns the commands that check claim c (its test, then its program) and the chapter
// whose section teaches the true fact, after checking that the test and the section exist.
func (rd *Renderer) checks(c Claim) (by []string, ch *Chapter, err error) {
	if c.Test != "" {
		dir, ok := rd.tests[c.Test]
		if !ok {
			return nil, nil, fmt.Errorf("no test %s under chapters/code/09-claims", c.Test)
		}
		by = append(by, fmt.Sprintf("`go test -run '^%s$' ./%s`", c.Test, dir))
	}
	if c.Program != "" {
		by = append(by, fmt.Sprintf("`%s`", c.Program))
	}
	file, frag, _ := strings.Cut(c.Teach, "#")
	if ch, err = rd.chapter(file); err != nil {
		return nil, nil, err
	}
	if frag != "" && !ch.Anchors[frag] {
		return nil, nil, fmt.Errorf("Teach %s: chapters/%s has no heading or id %q", c.Teach, file, frag)
	}
	return by, ch, nil
}

// cell makes markdown safe inside a table cell.
func cell(s string) string {
	return strings.ReplaceAll(strings.Join(strings.Fields(s), " "), "|", `\|`)
}

// RefCounts writes the table of verdicts (for Go 1.27) per reference that has been ruled on,
// then the references listed and not ruled on, each with the reason. In Chinese it fails when a
// reference not ruled on lacks its Chinese title or reason.
func (rd *Renderer) RefCounts(b *strings.Builder) error {
	head, all, claimsRow := "verdict on Go 1.27", "all", "claims"
	if rd.zh() {
		head, all, claimsRow = "Go 1.27 上的裁定", "合计", "论断数"
	}
	var refs []Reference
	for _, r := range References {
		if r.Ruled() {
			refs = append(refs, r)
		}
	}
	fmt.Fprintf(b, "| %s |", head)
	for _, r := range refs {
		fmt.Fprintf(b, " [%s](#%s) |", r.Prefix, strings.ToLower(r.Prefix))
	}
	fmt.Fprintf(b, " %s |\n|---|", all)
	for range refs {
		fmt.Fprintf(b, "--:|")
	}
	fmt.Fprintf(b, "--:|\n")
	total := 0
	for _, v := range Verdicts {
		fmt.Fprintf(b, "| %s |", v.in(rd.Lang))
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
	fmt.Fprintf(b, "| **%s** |", claimsRow)
	for _, r := range refs {
		fmt.Fprintf(b, " **%d** |", len(r.Rows))
	}
	fmt.Fprintf(b, " **%d** |\n", total)
	return rd.unread(b)
}

// unread writes the list of the references not ruled on, each with the reason.
func (rd *Renderer) unread(b *strings.Builder) error {
	var unread []Reference
	for _, r := range References {
		if !r.Ruled() {
			unread = append(unread, r)
		}
	}
	if len(unread) == 0 {
		return nil
	}
	if !rd.zh() {
		fmt.Fprintf(b, "\nNot ruled on, so not counted:\n\n")
		for _, r := range unread {
			fmt.Fprintf(b, "- **%s**, %s: not ruled on: %s\n", r.Prefix, r.Title, r.Unread)
		}
		return nil
	}
	fmt.Fprintf(b, "\n未作裁定、因此不计入的：\n\n")
	for _, r := range unread {
		if m := r.MissingZh(); len(m) > 0 {
			return fmt.Errorf("reference %s: the Chinese page needs %s", r.Prefix, strings.Join(m, ", "))
		}
		fmt.Fprintf(b, "- **%s**，%s：未作裁定：%s\n", r.Prefix, r.TitleZh, r.UnreadZh)
	}
	return nil
}

// Reference writes one reference's summary table, with the versions each claim held on, and
// then each claim in full; in Chinese, see referenceZh.
func (rd *Renderer) Reference(b *strings.Builder, r Reference) error {
	if rd.zh() {
		return rd.referenceZh(b, r)
	}
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
