package claims

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"gomaps/chapters/code/internal/benchtab"
	"gomaps/chapters/code/internal/gosrc"
	"gomaps/labs/lanes"
)

// Evidence is one thing a ruling rests on. Resolve checks it is still true and says where it is,
// in markdown, for the chapter.
type Evidence interface {
	Resolve(r *gosrc.Resolver) (string, error)
}

// The Go toolchains whose sources the rows cite: the newest Go with the classic map (behind
// GOEXPERIMENT=noswissmap), the previous release with only Swiss tables, and the current release,
// the course's default lane, whose fast paths hash inline and which has GOEXPERIMENT=mapsplitgroup.
var (
	Go125 = lanes.Classic().Toolchain
	Go126 = lanes.Previous().Toolchain
	Go127 = lanes.DefaultLane().Toolchain
)

// Source is a line of source that a ruling rests on, or the fact that no line matches: how it
// is found is gosrc.Source's. It resolves to a citation in the chapter's language.
type Source gosrc.Source

// Resolve finds the line and cites it as "`file:line` at version: `line`".
func (s Source) Resolve(r *gosrc.Resolver) (string, error) { return s.resolveIn(r, English) }

// resolveIn is Resolve with the citation's own words in lang: the Chinese chapter says
// "`file:line`（version）：`line`".
func (s Source) resolveIn(r *gosrc.Resolver, lang Lang) (string, error) {
	c, err := r.Cite(gosrc.Source(s))
	if err != nil {
		return "", err
	}
	if c.Note, err = lang.words(c.Note); err != nil {
		return "", err
	}
	return lang.cite(c), nil
}

// citationForms are the sentences of a citation, in each language, by what it cites: {file},
// {line}, {decl}, {version} and {text} stand for the citation's fields, the line's text shown
// as code (an absence's text is its pattern, shown as written).
var citationForms = map[Lang]map[citationKind]string{
	English: {
		{false, gosrc.InFile}: "`{file}:{line}` at {version}: `{text}`",
		{false, gosrc.InDecl}: "`{file}:{line}` in `{decl}` at {version}: `{text}`",
		{true, gosrc.InFile}:  "no line of `{file}` of {version} matches `{text}`",
		{true, gosrc.InDecl}:  "no line of `{file}` in `{decl}` of {version} matches `{text}`",
		{true, gosrc.InDir}:   "no Go file under `{file}/` of {version} matches `{text}`",
		{true, gosrc.InTree}:  "no Go file of {version} matches `{text}`",
	},
	Chinese: {
		{false, gosrc.InFile}: "`{file}:{line}`（{version}）：`{text}`",
		{false, gosrc.InDecl}: "`{file}:{line}`（`{decl}` 中，{version}）：`{text}`",
		{true, gosrc.InFile}:  "{version} 的 `{file}` 中没有一行匹配 `{text}`",
		{true, gosrc.InDecl}:  "{version} 的 `{file}` 的 `{decl}` 中没有一行匹配 `{text}`",
		{true, gosrc.InDir}:   "{version} 的 `{file}/` 下没有一个 Go 文件匹配 `{text}`",
		{true, gosrc.InTree}:  "{version} 中没有一个 Go 文件匹配 `{text}`",
	},
}

// A citationKind is what a citation cites: a line, or that no line matches; of a file, of a
// declaration, of a folder, of the whole tree.
type citationKind struct {
	absent bool
	scope  gosrc.Scope
}

// cite writes c in lang: the sentence of its kind, then its note.
func (l Lang) cite(c gosrc.Citation) string {
	text := c.Text
	if !c.Absent {
		text = code(text)
	}
	s := strings.NewReplacer("{file}", c.File, "{line}", strconv.Itoa(c.Line), "{decl}", c.Decl, "{version}", c.Version, "{text}", text).
		Replace(citationForms[l][citationKind{c.Absent, c.Scope}])
	if c.Note != "" {
		s += l.colon() + c.Note
	}
	return s
}

// Quote is a sentence of a document that is not in any source the resolver fetches: release
// notes, a design document, the documentation of a project's website.
type Quote struct {
	Text   string // the sentence, verbatim
	Source string // where it is: "Go 1.3 release notes, “Map iteration”"
	URL    string // optional
}

func (q Quote) Resolve(r *gosrc.Resolver) (string, error) { return q.resolveIn(r, English) }

// resolveIn is Resolve with the document's name in lang (the quoted sentence stays as written).
func (q Quote) resolveIn(_ *gosrc.Resolver, lang Lang) (string, error) {
	if q.Text == "" || q.Source == "" {
		return "", errors.New("a Quote needs Text and Source")
	}
	src, err := lang.words(q.Source)
	if err != nil {
		return "", err
	}
	if q.URL != "" {
		src = fmt.Sprintf("[%s](%s)", src, q.URL)
	}
	return fmt.Sprintf("%s%s“%s”", src, lang.colon(), q.Text), nil
}

// Output is a line of a committed output of the course, chapters/out/NAME.txt, which
// go run ./tools/course outputs -check regenerates and compares in CI.
type Output struct {
	Name string // "06-fatal"
	Find string // a regular expression matched against each line
	Note string // optional
}

func (o Output) Resolve(r *gosrc.Resolver) (string, error) { return o.resolveIn(r, English) }

func (o Output) resolveIn(r *gosrc.Resolver, lang Lang) (string, error) {
	file := filepath.Join(r.Repo, "chapters", "out", o.Name+".txt")
	re, err := regexp.Compile(o.Find)
	if err != nil {
		return "", fmt.Errorf("Find %q: %v", o.Find, err)
	}
	hits, err := gosrc.Grep(file, filepath.Join(r.Repo, "chapters", "out"), re, true)
	if err != nil {
		return "", err
	}
	if len(hits) == 0 {
		return "", fmt.Errorf("chapters/out/%s.txt: no line matches %q", o.Name, o.Find)
	}
	note, err := lang.words(o.Note)
	if err != nil {
		return "", err
	}
	if note != "" {
		note = lang.colon() + note
	}
	if lang == Chinese {
		return fmt.Sprintf("`%s` 的输出：`%s`%s", outputCommand(r.Repo, o.Name), code(hits[0].Text), note), nil
	}
	return fmt.Sprintf("output of `%s`: `%s`%s", outputCommand(r.Repo, o.Name), code(hits[0].Text), note), nil
}

// outputCommand is the command of chapters/out/NAME.cmd: its last line that is not a comment.
func outputCommand(repo, name string) string {
	cmd, _ := os.ReadFile(filepath.Join(repo, "chapters", "out", name+".cmd"))
	line := ""
	for _, l := range strings.Split(string(cmd), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			line = l
		}
	}
	return line
}

// Measured is a figure of a ruling read from a benchstat table of a committed output: the
// difference benchstat printed between column Col and the table's base, for Row, rounded to a
// whole percent as the ruling prints it ("+77%", "−55%"), or "~" for no significant
// difference. Resolve fails when the output says otherwise, and the renderer fails when a
// figure is not in the ruling, so a new measurement that moves a figure fails until the ruling
// is rewritten from it.
type Measured struct {
	Name string // the output: "09-s0-benchstat-shards"
	Unit string // the table: "ops/s", "sec/op", "p99-sec"
	Row  string // "Shards/mix=read99-2"
	Col  string // "syncmap"
	Says string // "+77%", "−55%" or "~"
}

func (m Measured) Resolve(r *gosrc.Resolver) (string, error) { return m.resolveIn(r, English) }

func (m Measured) resolveIn(r *gosrc.Resolver, lang Lang) (string, error) {
	data, err := os.ReadFile(filepath.Join(r.Repo, "chapters", "out", m.Name+".txt"))
	if err != nil {
		return "", err
	}
	tables, err := benchtab.Parse(string(data))
	if err != nil {
		return "", fmt.Errorf("chapters/out/%s.txt: %v", m.Name, err)
	}
	t, err := benchtab.Find(tables, m.Unit)
	if err != nil {
		return "", fmt.Errorf("chapters/out/%s.txt: %v", m.Name, err)
	}
	c, err := t.Cell(m.Row, m.Col)
	if err != nil {
		return "", fmt.Errorf("chapters/out/%s.txt: %v", m.Name, err)
	}
	if got := c.Rounded(); got != m.Says {
		return "", fmt.Errorf("chapters/out/%s.txt: %s, %s, %s: benchstat says %s (%s), the ruling %s", m.Name, m.Row, m.Col, m.Unit, c.Delta, got, m.Says)
	}
	delta := c.Delta
	if c.P > 0 {
		delta += fmt.Sprintf(" (p=%g)", c.P)
	}
	if lang == Chinese {
		return fmt.Sprintf("`%s` 的输出：`%s`，%s 相对 %s 的 %s：`%s`", outputCommand(r.Repo, m.Name), m.Row, m.Col, t.Columns[0], m.Unit, delta), nil
	}
	return fmt.Sprintf("output of `%s`: `%s`, %s against %s: `%s`", outputCommand(r.Repo, m.Name), m.Row, m.Unit+" of "+m.Col, t.Columns[0], delta), nil
}

// A localized piece of evidence says its citation's own words (not the cited line, nor its
// Note) in the chapter's language.
type localized interface {
	resolveIn(r *gosrc.Resolver, lang Lang) (string, error)
}

// resolveIn resolves e with its citation's words in lang, where e has words of its own.
func resolveIn(e Evidence, r *gosrc.Resolver, lang Lang) (string, error) {
	if l, ok := e.(localized); ok {
		return l.resolveIn(r, lang)
	}
	return e.Resolve(r)
}

// Text is evidence in words that none of the kinds above can hold, such as a reasoned argument
// from other rows or from arithmetic. Use it sparingly: it is checked by nobody.
type Text string

func (t Text) Resolve(r *gosrc.Resolver) (string, error) { return t.resolveIn(r, English) }

// resolveIn is Resolve in lang: in Chinese, the text's Chinese form (evidenceZh).
func (t Text) resolveIn(_ *gosrc.Resolver, lang Lang) (string, error) {
	if t == "" {
		return "", errors.New("empty Text")
	}
	return lang.words(string(t))
}

// code keeps a cited line short and free of backquotes, for a markdown code span.
func code(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	s = strings.ReplaceAll(s, "`", "'")
	s = strings.ReplaceAll(s, "|", `\|`)
	if len(s) > 120 {
		s = s[:117] + "..."
	}
	return s
}
