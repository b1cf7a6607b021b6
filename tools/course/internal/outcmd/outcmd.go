// Package outcmd is a chapter's output as a file of chapters/out: NAME.cmd parsed, its command
// run, and what it printed turned into the text NAME.txt holds, or compared with it. The outputs
// command writes and checks every output with it; the served book's run buttons (rerun) run one
// output by name with it, so that both run a command the same way.
package outcmd

import (
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Dir holds the .cmd files and the outputs generated from them, relative to the root.
const Dir = "chapters/out"

// Timeout bounds one command of chapters/out, so that a hung command fails rather than hangs.
const Timeout = 5 * time.Minute

// A Cmd is one parsed chapters/out/NAME.cmd.
type Cmd struct {
	Name    string           // NAME
	File    string           // for messages: chapters/out/NAME.cmd
	Line    string           // the command line as written, shown after "$ "
	Env     []string         // leading VAR=value words
	Argv    []string         // the program and its arguments
	Exit    int              // the expected exit status
	Varying []*regexp.Regexp // # vary patterns, compiled per line ((?m)): text masked when comparing
	Raw     bool             // # raw: no "$ command" line in the output
	Save    string           // # save PATH: also write the raw output to PATH, under build/
	Keep    *regexp.Regexp   // # keep REGEXP: only the output's lines that match are kept
	Drop    *regexp.Regexp   // # drop REGEXP: the output's lines that match are left out
	Takes   time.Duration    // # takes DURATION: about how long it runs, said before a run from the book
	Notes   []string         // the comment lines that are no directive: what its author says of it
	text    string           // the file's text
}

var exitDirective = regexp.MustCompile(`^#\s*exit\s+(\S+)\s*$`)
var varyDirective = regexp.MustCompile(`^#\s*vary\s+(.+?)\s*$`)
var rawDirective = regexp.MustCompile(`^#\s*raw\s*$`)

// saveDirective is "# save PATH": the command's output, as it printed it (not scrubbed), is
// also written to PATH, in generate and in check mode, for a later command of chapters/out to
// read (commands run in name order). It is how a two-step output such as go test -bench, then
// benchstat, works without a shell redirection. PATH is relative to the root and under build/,
// which is not committed.
var saveDirective = regexp.MustCompile(`^#\s*save\s+(\S+)\s*$`)

// keepDirective is "# keep REGEXP": of the command's output, only the lines that match are kept
// (after # save has written the whole), for a command whose output is long and whose chapter
// cites a few lines, such as the compiler's assembly listing.
var keepDirective = regexp.MustCompile(`^#\s*keep\s+(.+?)\s*$`)

// dropDirective is "# drop REGEXP": the lines of the command's output that match are left out,
// for lines that come or not depending on the machine's speed (the lab runner's "still running").
var dropDirective = regexp.MustCompile(`^#\s*drop\s+(.+?)\s*$`)

// takesDirective is "# takes DURATION": about how long the command runs on two cores, which the
// served book says before it starts a run (benchmarks, and outputs that save a file for others).
var takesDirective = regexp.MustCompile(`^#\s*takes\s+(\S+)\s*$`)

var envWord = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*=`)

// Parse parses the text of a .cmd file, named file in messages (chapters/out/NAME.cmd): comment
// lines (some of them directives) and exactly one command line.
func Parse(file, text string) (*Cmd, error) {
	c := &Cmd{File: file, Name: strings.TrimSuffix(path.Base(filepath.ToSlash(file)), ".cmd"), text: text}
	for i, raw := range strings.Split(text, "\n") {
		line := strings.TrimSpace(raw)
		switch {
		case line == "":
			continue
		case strings.HasPrefix(line, "#"):
			if err := c.directive(line); err != nil {
				return nil, fmt.Errorf("%s:%d: %v", file, i+1, err)
			}
			continue
		}
		if c.Line != "" {
			return nil, fmt.Errorf("%s:%d: a second command line: one command per file", file, i+1)
		}
		words, err := SplitWords(line)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", file, i+1, err)
		}
		c.Line = line
		for len(words) > 0 && envWord.MatchString(words[0]) {
			c.Env = append(c.Env, words[0])
			words = words[1:]
		}
		if len(words) == 0 {
			return nil, fmt.Errorf("%s:%d: no command after the variables", file, i+1)
		}
		c.Argv = words
	}
	if c.Line == "" {
		return nil, fmt.Errorf("%s: no command line", file)
	}
	return c, nil
}

// directive reads one comment line: a directive, or a note.
func (c *Cmd) directive(line string) error {
	if m := exitDirective.FindStringSubmatch(line); m != nil {
		n, err := strconv.Atoi(m[1])
		if err != nil || n < 0 || n > 255 {
			return fmt.Errorf("# exit %s: want a number from 0 to 255", m[1])
		}
		c.Exit = n
	} else if m := varyDirective.FindStringSubmatch(line); m != nil {
		// Per line: ^ and $ match at the start and end of each line of the output, as the
		// pattern's author reads them, not only of the whole text.
		re, err := regexp.Compile("(?m)" + m[1])
		if err != nil {
			return fmt.Errorf("# vary: %v", err)
		}
		c.Varying = append(c.Varying, re)
	} else if m := keepDirective.FindStringSubmatch(line); m != nil {
		re, err := regexp.Compile(m[1])
		if err != nil {
			return fmt.Errorf("# keep: %v", err)
		}
		c.Keep = re
	} else if m := dropDirective.FindStringSubmatch(line); m != nil {
		re, err := regexp.Compile(m[1])
		if err != nil {
			return fmt.Errorf("# drop: %v", err)
		}
		c.Drop = re
	} else if rawDirective.MatchString(line) {
		c.Raw = true
	} else if m := saveDirective.FindStringSubmatch(line); m != nil {
		p := path.Clean(filepath.ToSlash(m[1]))
		if filepath.IsAbs(m[1]) || !strings.HasPrefix(p, "build/") {
			return fmt.Errorf("# save %s: want a path under build/, which is not committed", m[1])
		}
		c.Save = p
	} else if m := takesDirective.FindStringSubmatch(line); m != nil {
		d, err := time.ParseDuration(m[1])
		if err != nil || d <= 0 {
			return fmt.Errorf("# takes %s: want a duration such as 40s or 1m30s", m[1])
		}
		c.Takes = d
	} else {
		c.Notes = append(c.Notes, strings.TrimSpace(strings.TrimPrefix(line, "#")))
	}
	return nil
}

// SplitWords splits a command line on spaces and tabs. Double quotes group words, and inside
// them \" and \\ stand for " and \. There is no other shell syntax.
func SplitWords(line string) ([]string, error) {
	var words []string
	var word strings.Builder
	inWord, inQuotes := false, false
	for i := 0; i < len(line); i++ {
		ch := line[i]
		switch {
		case inQuotes && ch == '\\' && i+1 < len(line) && (line[i+1] == '"' || line[i+1] == '\\'):
			i++
			word.WriteByte(line[i])
		case ch == '"':
			inQuotes = !inQuotes
			inWord = true
		case !inQuotes && (ch == ' ' || ch == '\t'):
			if inWord {
				words = append(words, word.String())
				word.Reset()
				inWord = false
			}
		default:
			word.WriteByte(ch)
			inWord = true
		}
	}
	if inQuotes {
		return nil, errors.New("unterminated double quote")
	}
	if inWord {
		words = append(words, word.String())
	}
	return words, nil
}

// validName is the name of an output: what a .cmd file of chapters/out is called, without .cmd.
var validName = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*$`)

// ValidName reports whether name can name an output: lower-case letters, digits and dashes, so
// that it names a file of chapters/out and nothing else.
func ValidName(name string) bool { return len(name) <= 100 && validName.MatchString(name) }

// ErrNoOutput is what Read returns for a name that is no output of chapters/out.
var ErrNoOutput = errors.New("no such output")

// Read reads and parses chapters/out/NAME.cmd of the course at root. A name that is not a
// valid one, or names no .cmd file, is ErrNoOutput.
func Read(root, name string) (*Cmd, error) {
	if !ValidName(name) {
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
	if err != nil {
		return nil, err
	}
	var names []string
	for _, f := range files {
		names = append(names, strings.TrimSuffix(filepath.Base(f), ".cmd"))
	}
	sort.Strings(names)
	return names, nil
}

// SharesState reports whether a .cmd's output depends on what another output did, or changes
// what another sees: it names a file of build/ (one saves it, a later one reads it), or runs the
// course's own commands (the lab runner keeps its results and the hints a learner saw in the
// user's cache folder, which the next command reads).
func SharesState(cmdText string) bool {
	for _, s := range []string{"build/", "# save", "./tools/lab", "./tools/course"} {
		if strings.Contains(cmdText, s) {
			return true
		}
	}
	return false
}

// SharesState is the package's SharesState of c's file.
func (c *Cmd) SharesState() bool { return SharesState(c.text) }

// buildPath is a path of build/ in a command's words: a file one output writes, another reads.
var buildPath = regexp.MustCompile(`build/[A-Za-z0-9_./-]*[A-Za-z0-9_]`)

// BuildFiles lists the files of build/ that c names, in its command's words or its # save line.
func (c *Cmd) BuildFiles() []string {
	var files []string
	seen := map[string]bool{}
	for _, w := range append(append([]string(nil), c.Argv...), c.Save) {
		for _, p := range buildPath.FindAllString(w, -1) {
			if p = path.Clean(p); !seen[p] {
				seen[p] = true
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

// Format is what a chapters/out/NAME.cmd holds, and how its output is compared: the manual
// of the course command says it, and outputs' help.
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
