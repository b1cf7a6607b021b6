package claims

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"gomaps/chapters/code/internal/benchtab"
	"gomaps/labs/lanes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
)

// Evidence is one thing a ruling rests on. Resolve checks it is still true and says where it is,
// in markdown, for the chapter.
type Evidence interface {
	Resolve(r *Resolver) (string, error)
}

// The Go toolchains whose sources the rows cite: the newest Go with the classic map (behind
// GOEXPERIMENT=noswissmap), the previous release with only Swiss tables, and the current release,
// the course's default lane, whose fast paths hash inline and which has GOEXPERIMENT=mapsplitgroup.
var (
	Go125 = lanes.Classic().Toolchain
	Go126 = lanes.MustGet("swiss-1.26").Toolchain
	Go127 = lanes.MustGet("swiss-1.27").Toolchain
)

// Source is a line of source (or of a document shipped with the source) at a version, found by a
// regular expression; or, with Absent, the fact that no line matches it anywhere in a file or a
// folder.
type Source struct {
	// At is a Go toolchain (Go125, Go126, Go127) or a module at a version:
	// "k8s.io/client-go@v0.35.0". For a toolchain, File is relative to its root:
	// "src/runtime/map_noswiss.go", "doc/go_spec.html", "api/go1.8.txt".
	At string
	// File is a file, or for Absent also a folder (every .go file under it, tests excluded).
	File string
	// Find is a regular expression matched against each line. For a present line it must match
	// exactly one line of File (of all the files under it, for a folder): a pattern that matches
	// two lines, in one file or in two, does not say which one the ruling rests on, and Resolve
	// fails. A pattern may span consecutive lines: each \n in it is a line break, and it is
	// matched against that many lines joined; the first of them is cited.
	Find string
	// In is a regular expression matching the declaration of the function, method or type the
	// line is in ("^func mapassign\(", "^type Pod struct"): it must match exactly one line, and
	// Find is matched only from there to the declaration's closing brace at the start of a line.
	// For a line whose text is repeated in other declarations, or, with Absent, for what one
	// function does not do.
	In string
	// Absent: the evidence is that no line matches.
	Absent bool
	// Note says what the line shows (markdown, optional).
	Note string
}

// Resolve finds the line and cites it as "`file:line` at version: `line`".
func (s Source) Resolve(r *Resolver) (string, error) { return s.resolveIn(r, English) }

// resolveIn is Resolve with the citation's own words in lang: the Chinese chapter says
// "`file:line`（version）：`line`".
func (s Source) resolveIn(r *Resolver, lang Lang) (string, error) {
	root, err := r.Root(s.At)
	if err != nil {
		return "", err
	}
	re, err := regexp.Compile(s.Find)
	if err != nil {
		return "", fmt.Errorf("Find %q: %v", s.Find, err)
	}
	root = r.docRoot(s.At, root, s.File)
	if isDocFile(s.At, s.File) {
		if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(s.File))); errors.Is(err, fs.ErrNotExist) {
			local, _ := r.local()
			return "", &DocsNotHereError{At: s.At, File: s.File, Local: local}
		}
	}
	path := filepath.Join(root, filepath.FromSlash(s.File))
	var in *Decl
	if s.In != "" {
		if in, err = FindDecl(path, root, s.In); err != nil {
			return "", fmt.Errorf("%s at %s: %v", s.File, s.At, err)
		}
		path = filepath.Join(root, filepath.FromSlash(in.File))
	}
	hits, err := Grep(path, root, re, false)
	if err != nil {
		return "", fmt.Errorf("%s at %s: %v", s.File, s.At, err)
	}
	if in != nil {
		hits = slices.DeleteFunc(hits, func(h Hit) bool { return h.Line < in.Line || h.Line > in.End })
	}
	note := ""
	if s.Note != "" {
		note = lang.colon() + s.Note
	}
	if s.Absent {
		if len(hits) > 0 {
			return "", fmt.Errorf("%s at %s: %q was to be absent, and matches %s:%d: %s", s.File, s.At, s.Find, hits[0].File, hits[0].Line, hits[0].Text)
		}
		isDir := false
		if info, err := os.Stat(filepath.Join(root, filepath.FromSlash(s.File))); err == nil && info.IsDir() {
			isDir = true
		}
		if lang == Chinese {
			where := fmt.Sprintf("%s 的 `%s` 中没有一行", label(s.At), s.File)
			if in != nil {
				where = fmt.Sprintf("%s 的 `%s` 的 `%s` 中没有一行", label(s.At), in.File, in.Name)
			} else if s.File == "." {
				where = fmt.Sprintf("%s 中没有一个 Go 文件", label(s.At))
			} else if isDir {
				where = fmt.Sprintf("%s 的 `%s/` 下没有一个 Go 文件", label(s.At), strings.TrimSuffix(s.File, "/"))
			}
			return fmt.Sprintf("%s匹配 `%s`%s", where, s.Find, note), nil
		}
		where := fmt.Sprintf("no line of `%s`", s.File)
		if in != nil {
			where = fmt.Sprintf("no line of `%s` in `%s`", in.File, in.Name)
		} else if s.File == "." {
			where = "no Go file"
		} else if isDir {
			where = fmt.Sprintf("no Go file under `%s/`", strings.TrimSuffix(s.File, "/"))
		}
		return fmt.Sprintf("%s of %s matches `%s`%s", where, label(s.At), s.Find, note), nil
	}
	where := ""
	if in != nil {
		where = fmt.Sprintf(" in `%s`", in.Name)
	}
	if len(hits) == 0 {
		return "", fmt.Errorf("%s at %s: no line%s matches %q", s.File, s.At, where, s.Find)
	}
	if len(hits) > 1 {
		return "", &AmbiguousError{At: s.At, File: s.File, Find: s.Find, Hits: hits}
	}
	h := hits[0]
	if strings.HasSuffix(s.File, ".html") {
		h.Text = htmlTag.ReplaceAllString(h.Text, "")
	}
	if lang == Chinese {
		where = ""
		if in != nil {
			where = fmt.Sprintf("`%s` 中，", in.Name)
		}
		return fmt.Sprintf("`%s:%d`（%s%s）：`%s`%s", h.File, h.Line, where, label(s.At), code(h.Text), note), nil
	}
	return fmt.Sprintf("`%s:%d`%s at %s: `%s`%s", h.File, h.Line, where, label(s.At), code(h.Text), note), nil
}

// A Decl is a top-level declaration of Go source: a function, a method or a type.
type Decl struct {
	File      string // relative to the root, with slashes
	Line, End int    // its first line and the line of its closing brace, 1-based
	Name      string // "mapassign", "Map.Load", "Pod"
}

var declName = regexp.MustCompile(`^(?:func (?:\(\w* ?\*?(\w+)[^)]*\) )?|type )(\w+)`)

// FindDecl finds the one declaration of path (a file or a folder) whose first line matches the
// regular expression decl, and its end: the next line that is a closing brace alone.
func FindDecl(path, root, decl string) (*Decl, error) {
	re, err := regexp.Compile(decl)
	if err != nil {
		return nil, fmt.Errorf("In %q: %v", decl, err)
	}
	hits, err := Grep(path, root, re, false)
	if err != nil {
		return nil, err
	}
	switch {
	case len(hits) == 0:
		return nil, fmt.Errorf("no declaration matches %q", decl)
	case len(hits) > 1:
		return nil, fmt.Errorf("In %q matches %d lines, not one: %s:%d and %s:%d", decl, len(hits), hits[0].File, hits[0].Line, hits[1].File, hits[1].Line)
	}
	h := hits[0]
	m := declName.FindStringSubmatch(h.Text)
	if m == nil {
		return nil, fmt.Errorf("In %q matches %s:%d, which declares no function or type: %s", decl, h.File, h.Line, h.Text)
	}
	name := m[2]
	if m[1] != "" {
		name = m[1] + "." + name
	}
	data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(h.File)))
	if err != nil {
		return nil, err
	}
	lines := strings.Split(string(data), "\n")
	for i := h.Line; i < len(lines); i++ { // lines[h.Line-1] is the declaration
		if strings.TrimRight(lines[i], "\r") == "}" {
			return &Decl{File: h.File, Line: h.Line, End: i + 1, Name: name}, nil
		}
	}
	return nil, fmt.Errorf("%s:%d: no closing brace after %s", h.File, h.Line, h.Text)
}

var htmlTag = regexp.MustCompile(`<[^>]+>`)

// AmbiguousError says that the pattern of a present Source matches more than one line, so the
// citation could be any of them.
type AmbiguousError struct {
	At, File, Find string
	Hits           []Hit
}

func (e *AmbiguousError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s at %s: %q matches %d lines, not one:", e.File, e.At, e.Find, len(e.Hits))
	for i, h := range e.Hits {
		if i == 5 {
			fmt.Fprintf(&b, "\n\t... and %d more", len(e.Hits)-i)
			break
		}
		fmt.Fprintf(&b, "\n\t%s:%d: %s", h.File, h.Line, code(h.Text))
	}
	return b.String()
}

// Quote is a sentence of a document that is not in any source the resolver fetches: release
// notes, a design document, the documentation of a project's website.
type Quote struct {
	Text   string // the sentence, verbatim
	Source string // where it is: "Go 1.3 release notes, “Map iteration”"
	URL    string // optional
}

func (q Quote) Resolve(*Resolver) (string, error) {
	if q.Text == "" || q.Source == "" {
		return "", errors.New("a Quote needs Text and Source")
	}
	src := q.Source
	if q.URL != "" {
		src = fmt.Sprintf("[%s](%s)", q.Source, q.URL)
	}
	return fmt.Sprintf("%s: “%s”", src, q.Text), nil
}

// Output is a line of a committed output of the course, chapters/out/NAME.txt, which
// go run ./tools/course outputs -check regenerates and compares in CI.
type Output struct {
	Name string // "06-fatal"
	Find string // a regular expression matched against each line
	Note string // optional
}

func (o Output) Resolve(r *Resolver) (string, error) { return o.resolveIn(r, English) }

func (o Output) resolveIn(r *Resolver, lang Lang) (string, error) {
	file := filepath.Join(r.Repo, "chapters", "out", o.Name+".txt")
	re, err := regexp.Compile(o.Find)
	if err != nil {
		return "", fmt.Errorf("Find %q: %v", o.Find, err)
	}
	hits, err := Grep(file, filepath.Join(r.Repo, "chapters", "out"), re, true)
	if err != nil {
		return "", err
	}
	if len(hits) == 0 {
		return "", fmt.Errorf("chapters/out/%s.txt: no line matches %q", o.Name, o.Find)
	}
	note := ""
	if o.Note != "" {
		note = lang.colon() + o.Note
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

func (m Measured) Resolve(r *Resolver) (string, error) { return m.resolveIn(r, English) }

func (m Measured) resolveIn(r *Resolver, lang Lang) (string, error) {
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
	resolveIn(r *Resolver, lang Lang) (string, error)
}

// resolveIn resolves e with its citation's words in lang, where e has words of its own.
func resolveIn(e Evidence, r *Resolver, lang Lang) (string, error) {
	if l, ok := e.(localized); ok {
		return l.resolveIn(r, lang)
	}
	return e.Resolve(r)
}

// Text is evidence in words that none of the kinds above can hold, such as a reasoned argument
// from other rows or from arithmetic. Use it sparingly: it is checked by nobody.
type Text string

func (t Text) Resolve(*Resolver) (string, error) {
	if t == "" {
		return "", errors.New("empty Text")
	}
	return string(t), nil
}

// label prints a version: "Go 1.25.5", "k8s.io/client-go v0.35.0".
func label(at string) string {
	if strings.HasPrefix(at, "go1") {
		return "Go " + strings.TrimPrefix(at, "go")
	}
	mod, ver, _ := strings.Cut(at, "@")
	return mod + " " + ver
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
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	var files []string
	if info.IsDir() {
		err := filepath.WalkDir(path, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && strings.HasSuffix(p, ".go") && !strings.HasSuffix(p, "_test.go") {
				files = append(files, p)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		sort.Strings(files)
	} else {
		files = []string{path}
	}
	var hits []Hit
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		rel, _ := filepath.Rel(root, f)
		lines := strings.Split(string(data), "\n")
		for i, line := range lines {
			if span > 0 {
				if i+span >= len(lines) {
					break
				}
				line = strings.Join(lines[i:i+span+1], "\n")
			}
			if re.MatchString(line) {
				text := line
				if span > 0 {
					text = strings.Join(trimAll(lines[i:i+span+1]), "\n")
				}
				hits = append(hits, Hit{filepath.ToSlash(rel), i + 1, strings.TrimSpace(text)})
				if first {
					return hits, nil
				}
			}
		}
	}
	return hits, nil
}

func trimAll(lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = strings.TrimSpace(l)
	}
	return out
}

// Resolver finds the sources the evidence cites: a Go toolchain's tree, or a module's, fetched
// through the go command (and its module proxy) once and kept in the module cache.
type Resolver struct {
	Repo string // the course's root

	mu    sync.Mutex
	roots map[string]string

	localOnce             sync.Once
	localVersion, localGo string // the Go installed on the machine
}

// NewResolver returns a resolver for the course whose root holds go.mod, searching upward from
// the current folder.
func NewResolver() (*Resolver, error) {
	dir, err := os.Getwd()
	if err != nil {
		return nil, err
	}
	for {
		if data, err := os.ReadFile(filepath.Join(dir, "go.mod")); err == nil && bytes.HasPrefix(data, []byte("module gomaps")) {
			return &Resolver{Repo: dir, roots: map[string]string{}}, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return nil, errors.New("not inside the course: no go.mod of module gomaps above the current folder")
		}
		dir = parent
	}
}

// Root returns the folder of a toolchain or a module@version, downloading it if needed.
func (r *Resolver) Root(at string) (string, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if root, ok := r.roots[at]; ok {
		return root, nil
	}
	var root string
	var err error
	if strings.HasPrefix(at, "go1") {
		root, err = r.toolchain(at)
	} else {
		root, err = r.download(at)
	}
	if err != nil {
		return "", err
	}
	r.roots[at] = root
	return root, nil
}

// toolchain returns the root of a Go toolchain: the local one if it is that version, else the
// toolchain module the go command itself uses for GOTOOLCHAIN.
func (r *Resolver) toolchain(version string) (string, error) {
	if v, goroot := r.local(); v == version {
		return goroot, nil
	}
	return r.download(fmt.Sprintf("golang.org/toolchain@v0.0.1-%s.%s-%s", version, runtime.GOOS, runtime.GOARCH))
}

// local returns the version and root of the Go installed on the machine, or "" for both.
func (r *Resolver) local() (version, goroot string) {
	r.localOnce.Do(func() { r.localVersion, r.localGo = findLocalGo(r.Repo) })
	return r.localVersion, r.localGo
}

func findLocalGo(repo string) (version, goroot string) {
	// Under the classic lane's GOTOOLCHAIN the go command runs this program with that toolchain's bin
	// folder first on PATH: look past it, and past GOEXPERIMENT=noswissmap, which the local
	// Go 1.26 rejects, for the go command installed on the machine.
	var path []string
	for _, dir := range filepath.SplitList(os.Getenv("PATH")) {
		if dir != filepath.Join(runtime.GOROOT(), "bin") {
			path = append(path, dir)
		}
	}
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "PATH=") && !strings.HasPrefix(kv, "GOEXPERIMENT=") && !strings.HasPrefix(kv, "GOTOOLCHAIN=") && !strings.HasPrefix(kv, "GOROOT=") {
			env = append(env, kv)
		}
	}
	goCmd := "go"
	for _, dir := range path {
		if p := filepath.Join(dir, "go"); isExecutable(p) {
			goCmd = p
			break
		}
	}
	cmd := exec.Command(goCmd, "env", "GOVERSION", "GOROOT")
	cmd.Env = append(env, "GOTOOLCHAIN=local", "PATH="+strings.Join(path, string(filepath.ListSeparator)))
	cmd.Dir = repo
	out, err := cmd.Output()
	if err != nil {
		return "", ""
	}
	if lines := strings.Fields(string(out)); len(lines) == 2 {
		return lines[0], lines[1]
	}
	return "", ""
}

// DocsNotHereError says that a file of a toolchain's doc/ or api/ folder cannot be read on this
// machine: the toolchain the go command downloads leaves those folders out, and the Go installed
// here is another minor release. The evidence is checked where that release is installed (CI).
type DocsNotHereError struct{ At, File, Local string }

func (e *DocsNotHereError) Error() string {
	return fmt.Sprintf("%s of %s is not on this machine: the toolchain the go command downloads has no doc/ or api/ folder, and the Go installed here is %s; install Go %s to check this evidence",
		e.File, e.At, orNone(e.Local), strings.TrimPrefix(minor(e.At), "go"))
}

func orNone(v string) string {
	if v == "" {
		return "not found"
	}
	return v
}

// isDocFile reports whether file of a toolchain is one the downloaded toolchain leaves out.
func isDocFile(at, file string) bool {
	return strings.HasPrefix(at, "go1") && (strings.HasPrefix(file, "doc/") || strings.HasPrefix(file, "api/"))
}

// docRoot returns where file of toolchain at is: root, except for the spec and the API lists
// (doc/, api/), which the toolchain module the go command downloads leaves out. Those come from
// the local Go of the same minor version: neither changes within a minor version.
func (r *Resolver) docRoot(at, root, file string) string {
	if !isDocFile(at, file) {
		return root
	}
	if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(file))); err == nil {
		return root
	}
	version, goroot := r.local()
	if minor(version) == minor(at) && goroot != "" {
		return goroot
	}
	return root
}

// minor cuts a Go version to its minor release: a toolchain "go1.N.P" is "go1.N".
func minor(v string) string {
	if parts := strings.SplitN(v, ".", 3); len(parts) >= 2 {
		return parts[0] + "." + parts[1]
	}
	return v
}

// download runs go mod download -json module@version and returns the module's folder.
func (r *Resolver) download(at string) (string, error) {
	if !strings.Contains(at, "@") {
		return "", fmt.Errorf("%q: want a Go toolchain (go1.N.M) or module@version", at)
	}
	cmd := exec.Command("go", "mod", "download", "-json", at)
	cmd.Dir = r.Repo
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	var info struct{ Dir, Error string }
	if jerr := json.Unmarshal(out, &info); jerr == nil && info.Error != "" {
		return "", fmt.Errorf("go mod download %s: %s", at, info.Error)
	}
	if err != nil || info.Dir == "" {
		return "", fmt.Errorf("go mod download %s: %v %s", at, err, strings.TrimSpace(stderr.String()))
	}
	return info.Dir, nil
}

func isExecutable(path string) bool {
	info, err := os.Stat(path)
	return err == nil && !info.IsDir() && info.Mode()&0o111 != 0
}
