// Package outcmd is a chapter's output as a file of chapters/out: NAME.cmd parsed, its command
// run, and what it printed turned into the text NAME.txt holds, or compared with it, the same
// way for the outputs command and for the served book's run buttons (rerun).
package outcmd

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"gomaps/tools/course/internal/scrub"
	"gomaps/tools/internal/gocmd"
)

const (
	Dir     = "chapters/out"  // the .cmd files and the outputs generated from them, from the root
	Timeout = 5 * time.Minute // bounds one command, so that a hung command fails rather than hangs
)

// A Cmd is one parsed chapters/out/NAME.cmd. Its directives are said in Format.
type Cmd struct {
	Name    string           // NAME
	File    string           // for messages: chapters/out/NAME.cmd
	Line    string           // the command line as written, shown after "$ "
	Env     []string         // leading VAR=value words
	Argv    []string         // the program and its arguments
	Exit    int              // # exit N: the expected exit status
	Varying []*regexp.Regexp // # vary: patterns compiled per line ((?m)): text masked when comparing
	Raw     bool             // # raw: no "$ command" line in the output
	Save    string           // # save PATH: also write the raw output to PATH, under build/
	Keep    *regexp.Regexp   // # keep REGEXP: only the output's lines that match are kept
	Drop    *regexp.Regexp   // # drop REGEXP: the output's lines that match are left out
	Takes   time.Duration    // # takes D: about how long it runs, said before a run from the book
	Notes   []string         // the comment lines that are no directive: what its author says of it
	text    string           // the file's text
}

// A directive reads what follows "# NAME" on a comment line into c; words is its shape: 0
// nothing, 1 one word, -1 the rest of the line (a line of another shape is a note).
type directive struct {
	words int
	read  func(c *Cmd, arg string) error
}

var directives = map[string]directive{
	"exit": {1, func(c *Cmd, arg string) (err error) {
		if c.Exit, err = strconv.Atoi(arg); err != nil || c.Exit < 0 || c.Exit > 255 {
			return fmt.Errorf("# exit %s: want a number from 0 to 255", arg)
		}
		return nil
	}},
	// ^ and $ match at each line of the output, as the pattern's author reads them.
	"vary": {-1, func(c *Cmd, arg string) error {
		re, err := compile("vary", "(?m)"+arg)
		c.Varying = append(c.Varying, re)
		return err
	}},
	"keep": {-1, func(c *Cmd, arg string) (err error) { c.Keep, err = compile("keep", arg); return err }},
	"drop": {-1, func(c *Cmd, arg string) (err error) { c.Drop, err = compile("drop", arg); return err }},
	"raw":  {0, func(c *Cmd, _ string) error { c.Raw = true; return nil }},
	"save": {1, func(c *Cmd, arg string) error {
		if c.Save = path.Clean(filepath.ToSlash(arg)); filepath.IsAbs(arg) || !strings.HasPrefix(c.Save, "build/") {
			return fmt.Errorf("# save %s: want a path under build/, which is not committed", arg)
		}
		return nil
	}},
	"takes": {1, func(c *Cmd, arg string) (err error) {
		if c.Takes, err = time.ParseDuration(arg); err != nil || c.Takes <= 0 {
			return fmt.Errorf("# takes %s: want a duration such as 40s or 1m30s", arg)
		}
		return nil
	}},
}

func compile(name, expr string) (*regexp.Regexp, error) {
	re, err := regexp.Compile(expr)
	if err != nil {
		return nil, fmt.Errorf("# %s: %v", name, err)
	}
	return re, nil
}

var envWord = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*=`)

// Parse parses the text of the .cmd file file: comments (some directives) and one command line.
func Parse(file, text string) (*Cmd, error) {
	c := &Cmd{File: file, Name: strings.TrimSuffix(path.Base(filepath.ToSlash(file)), ".cmd"), text: text}
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		comment, isComment := strings.CutPrefix(line, "#")
		comment = strings.TrimSpace(comment)
		name := comment
		if i := strings.IndexAny(comment, " \t"); i >= 0 {
			name = comment[:i]
		}
		arg := strings.TrimSpace(comment[len(name):])
		d, ok := directives[name]
		var err error
		switch {
		case line == "":
		case isComment && ok && (d.words == 0 && arg == "" || d.words == 1 && len(strings.Fields(arg)) == 1 || d.words < 0 && arg != ""):
			err = d.read(c, arg)
		case isComment:
			c.Notes = append(c.Notes, comment)
		case c.Line != "":
			err = errors.New("a second command line: one command per file")
		default:
			c.Line = line
			c.Argv, err = SplitWords(line)
			for len(c.Argv) > 0 && envWord.MatchString(c.Argv[0]) {
				c.Env, c.Argv = append(c.Env, c.Argv[0]), c.Argv[1:]
			}
			if err == nil && len(c.Argv) == 0 {
				err = errors.New("no command after the variables")
			}
		}
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", file, i+1, err)
		}
	}
	if c.Line == "" {
		return nil, fmt.Errorf("%s: no command line", file)
	}
	return c, nil
}

// SplitWords splits a command line on spaces and tabs. Double quotes group words, and inside
// them \" and \\ stand for " and \. There is no other shell syntax.
func SplitWords(line string) ([]string, error) {
	var words []string
	var word []byte
	inWord, inQuotes := false, false
	line += " " // ends the last word
	for i := 0; i < len(line); i++ {
		switch ch := line[i]; {
		case inQuotes && ch == '\\' && (line[i+1] == '"' || line[i+1] == '\\'):
			i++
			word = append(word, line[i])
		case ch == '"':
			inQuotes, inWord = !inQuotes, true
		case !inQuotes && (ch == ' ' || ch == '\t'):
			if inWord {
				words, word = append(words, string(word)), word[:0]
			}
			inWord = false
		default:
			word, inWord = append(word, ch), true
		}
	}
	if inQuotes {
		return nil, errors.New("unterminated double quote")
	}
	return words, nil
}

// validName is the name of an output, which names a file of chapters/out and nothing else.
var validName = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,99}$`)

// ErrNoOutput is what Read returns for a name that is no output of chapters/out.
var ErrNoOutput = errors.New("no such output")

// Read reads and parses chapters/out/NAME.cmd of the course at root.
func Read(root, name string) (*Cmd, error) {
	if !validName.MatchString(name) {
		return nil, fmt.Errorf("%q: %w", name, ErrNoOutput)
	}
	file := Dir + "/" + name + ".cmd"
	text, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(file)))
	if errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("%s: %w", file, ErrNoOutput)
	} else if err != nil {
		return nil, fmt.Errorf("read %s: %v", file, errors.Unwrap(err))
	}
	return Parse(file, string(text))
}

// Names lists the outputs of the course at root, in name order: the .cmd files of chapters/out.
func Names(root string) ([]string, error) {
	files, err := filepath.Glob(filepath.Join(root, filepath.FromSlash(Dir), "*.cmd"))
	var names []string
	for _, f := range files {
		names = append(names, strings.TrimSuffix(filepath.Base(f), ".cmd"))
	}
	slices.Sort(names)
	return names, err
}

// All returns the outputs of the course at root that parse, in name order.
func All(root string) []*Cmd {
	names, _ := Names(root)
	var all []*Cmd
	for _, name := range names {
		if c, err := Read(root, name); err == nil {
			all = append(all, c)
		}
	}
	return all
}

// SharesState reports whether c's output depends on what another output did, or changes what
// another sees: it names a file of build/, or runs the course's tools (the lab runner's records).
func (c *Cmd) SharesState() bool {
	return slices.ContainsFunc([]string{"build/", "# save", "./tools/lab", "./tools/course"}, func(s string) bool {
		return strings.Contains(c.text, s)
	})
}

// buildPath is a path of build/ in a command's words: a file one output writes, another reads.
var buildPath = regexp.MustCompile(`build/[A-Za-z0-9_./-]*[A-Za-z0-9_]`)

// BuildFiles lists the files of build/ that c names, in its command's words or its # save line.
func (c *Cmd) BuildFiles() []string {
	var files []string
	for _, w := range append(slices.Clone(c.Argv), c.Save) {
		for _, p := range buildPath.FindAllString(w, -1) {
			if p = path.Clean(p); !slices.Contains(files, p) {
				files = append(files, p)
			}
		}
	}
	return files
}

// EnvValue returns the value c's command line sets for the variable name, and whether it sets it.
func (c *Cmd) EnvValue(name string) (string, bool) {
	for _, e := range c.Env {
		if k, v, _ := strings.Cut(e, "="); k == name {
			return v, true
		}
	}
	return "", false
}

// ErrTimeLimit is what Run returns when ctx's deadline stopped the command.
var ErrTimeLimit = errors.New("stopped at its time limit")

// A Runner runs commands of chapters/out from the course's root with a go command.
type Runner struct {
	Root string
	Go   gocmd.Go  // whose environment the command runs in; the .cmd's own variables win
	Live io.Writer // when set, receives what the command prints as it prints it
	// Group runs the command in a process group of its own, killed whole when ctx ends (a go
	// run's program dies with the go command); a terminal's Ctrl-C then no longer reaches it.
	Group bool
}

// Run runs c's command and returns its combined output, without the go command's download
// lines, and its exit status; an error when it could not run, or ctx ended (ErrTimeLimit).
func (r Runner) Run(ctx context.Context, c *Cmd) ([]byte, int, error) {
	// In a neutral locale, so that the lab runner prints the book's text whatever the machine's
	// locale; c's variables win, so that a go command runs the toolchain they name.
	cmd := r.Go.With("LC_ALL=C.UTF-8", "LC_MESSAGES=", "LANG=C.UTF-8").With(c.Env...).In(r.Root).Tool(ctx, c.Argv[0], c.Argv[1:]...)
	var out bytes.Buffer
	cmd.Stdout = &out
	if r.Live != nil {
		cmd.Stdout = io.MultiWriter(&out, r.Live)
	}
	cmd.Stderr = cmd.Stdout
	cmd.WaitDelay = 5 * time.Second // a child that keeps the output open does not hold Wait longer
	if r.Group {
		inGroup(cmd)
	}
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		return nil, 0, ErrTimeLimit
	case ctx.Err() != nil:
		return nil, 0, ctx.Err()
	case errors.As(err, &exit):
		return DropGoProgress(out.Bytes()), exit.ExitCode(), nil
	case err != nil:
		return nil, 0, err
	}
	return DropGoProgress(out.Bytes()), 0, nil
}

// Shown is what chapters/out/NAME.txt holds for the output out: "$ " and the command line (but
// for # raw), then the lines # keep and # drop leave, scrubbed, ending in a newline.
func (c *Cmd) Shown(out []byte, sc *scrub.Scrubber) string {
	var kept []byte
	for _, line := range bytes.SplitAfter(out, []byte("\n")) {
		if (c.Keep == nil || c.Keep.Match(line)) && (c.Drop == nil || !c.Drop.Match(line)) {
			kept = append(kept, line...)
		}
	}
	got := sc.Scrub(kept)
	if !c.Raw {
		got = "$ " + c.Line + "\n" + got
	}
	if !strings.HasSuffix(got, "\n") {
		got += "\n"
	}
	return got
}

// SaveOutput writes out to c's # save file, when it has one.
func (c *Cmd) SaveOutput(root string, out []byte) error {
	if c.Save == "" {
		return nil
	}
	file := filepath.Join(root, filepath.FromSlash(c.Save))
	err := os.MkdirAll(filepath.Dir(file), 0o755)
	if err == nil {
		err = os.WriteFile(file, out, 0o644)
	}
	if err != nil {
		return fmt.Errorf("%s: # save: %v", c.File, err)
	}
	return nil
}

// Printed returns the committed output of c, chapters/out/NAME.txt.
func (c *Cmd) Printed(root string) (string, error) {
	txt := Dir + "/" + c.Name + ".txt"
	want, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(txt)))
	if err != nil {
		return "", fmt.Errorf("%s is missing: run go run ./tools/course outputs %s", txt, c.Name)
	}
	return string(want), nil
}

// Same reports whether two texts of c's output match once normalized, and returns them normalized.
func (c *Cmd) Same(want, got string) (bool, string, string) {
	wantN, gotN := scrub.Normalize(want, c.Varying), scrub.Normalize(got, c.Varying)
	return wantN == gotN, wantN, gotN
}

// goProgress matches the go command's lines while it fetches a module or a toolchain.
var goProgress = regexp.MustCompile(`(?m)^go: downloading \S+( \S+)?\n`)

// DropGoProgress removes them, so that an output reads the same on a machine with an empty cache.
func DropGoProgress(out []byte) []byte {
	return goProgress.ReplaceAll(out, nil)
}

// Format is what a chapters/out/NAME.cmd holds, and how its output is compared (outputs' help).
const Format = `Output shown in a chapter is generated, never pasted. chapters/out/NAME.cmd holds one command
line, run from the repository root without a shell: it is split on spaces, double quotes group
words (\" and \\ escape inside them), and leading VAR=value words set environment variables.
Lines starting with # are comments, and some are directives:

	# exit N        the command's expected exit status (default 0)
	# vary REGEXP   text matching REGEXP varies from run to run (benchmark numbers, dates); ^ and $
	                match at each line; when REGEXP has a group named v, (?P<v>...), only the
	                text of that group varies, and the rest of the match is compared
	# raw           write the output alone, without the "$ command" line, for a chapter to
	                include inside a mermaid fence (a diagram generated by a command)
	# save PATH     also write the raw output to PATH (under build/), for a later command to
	                read, such as benchstat after go test -bench; commands run in name order
	# takes D       about how long the command runs on two cores (40s, 1m30s): the served book
	                says it before it starts a run; required with # save and with go test -bench

outputs -check runs two commands at a time, but the commands that name a file of build/ or
run the course's own tools (./tools/lab keeps its records in the user's cache folder) run
one after the other, in name order.

chapters/out/NAME.txt is "$ " and the command as written, then its combined stdout and stderr,
with machine paths replaced (the repository by /path/to/gomaps, GOROOT by $GOROOT, the module
cache by $GOMODCACHE, a path in the home folder by ~/...). A chapter includes it with
--8<-- "chapters/out/NAME.txt". The check compares after masking what legitimately varies:
durations, (cached), hex addresses, goroutine numbers, temporary paths and # vary patterns;
the blanks around a masked span collapse, so a padded column cannot differ by its width.`
