package outputs

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"gomaps/labs/lanes"
	"gomaps/tools/course/internal/base"
	"gomaps/tools/course/internal/scrub"
	"gomaps/tools/course/internal/stepcache"
	"gomaps/tools/internal/cli"
	"gomaps/tools/internal/gocmd"
)

// outDir holds the .cmd files and the outputs generated from them, relative to the root.
const outDir = "chapters/out"

// commandTimeout bounds one command of chapters/out, so a hung command fails the check.
const commandTimeout = 5 * time.Minute

// outCommand is one parsed chapters/out/NAME.cmd.
type outCommand struct {
	line     string           // the command line as written, shown after "$ "
	env      []string         // leading VAR=value words
	argv     []string         // the program and its arguments
	exit     int              // the expected exit status
	varying  []*regexp.Regexp // # vary patterns, compiled per line ((?m)): text masked when comparing
	raw      bool             // # raw: no "$ command" line in the output
	save     string           // # save PATH: also write the raw output to PATH, under build/
	keep     *regexp.Regexp   // # keep REGEXP: only the output's lines that match are kept
	drop     *regexp.Regexp   // # drop REGEXP: the output's lines that match are left out
	fileName string           // for messages: chapters/out/NAME.cmd
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
var envWord = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*=`)

// parseCmd parses the text of a .cmd file: comment lines (some of them directives) and exactly
// one command line.
func parseCmd(name, text string) (*outCommand, error) {
	c := &outCommand{fileName: name}
	for i, raw := range strings.Split(text, "\n") {
		line := strings.TrimSpace(raw)
		switch {
		case line == "":
			continue
		case strings.HasPrefix(line, "#"):
			if m := exitDirective.FindStringSubmatch(line); m != nil {
				n, err := strconv.Atoi(m[1])
				if err != nil || n < 0 || n > 255 {
					return nil, fmt.Errorf("%s:%d: # exit %s: want a number from 0 to 255", name, i+1, m[1])
				}
				c.exit = n
			} else if m := varyDirective.FindStringSubmatch(line); m != nil {
				// Per line: ^ and $ match at the start and end of each line of the output,
				// as the pattern's author reads them, not only of the whole text.
				re, err := regexp.Compile("(?m)" + m[1])
				if err != nil {
					return nil, fmt.Errorf("%s:%d: # vary: %v", name, i+1, err)
				}
				c.varying = append(c.varying, re)
			} else if m := keepDirective.FindStringSubmatch(line); m != nil {
				re, err := regexp.Compile(m[1])
				if err != nil {
					return nil, fmt.Errorf("%s:%d: # keep: %v", name, i+1, err)
				}
				c.keep = re
			} else if m := dropDirective.FindStringSubmatch(line); m != nil {
				re, err := regexp.Compile(m[1])
				if err != nil {
					return nil, fmt.Errorf("%s:%d: # drop: %v", name, i+1, err)
				}
				c.drop = re
			} else if rawDirective.MatchString(line) {
				c.raw = true
			} else if m := saveDirective.FindStringSubmatch(line); m != nil {
				p := path.Clean(filepath.ToSlash(m[1]))
				if filepath.IsAbs(m[1]) || !strings.HasPrefix(p, "build/") {
					return nil, fmt.Errorf("%s:%d: # save %s: want a path under build/, which is not committed", name, i+1, m[1])
				}
				c.save = p
			}
			continue
		}
		if c.line != "" {
			return nil, fmt.Errorf("%s:%d: a second command line: one command per file", name, i+1)
		}
		words, err := splitWords(line)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, i+1, err)
		}
		c.line = line
		for len(words) > 0 && envWord.MatchString(words[0]) {
			c.env = append(c.env, words[0])
			words = words[1:]
		}
		if len(words) == 0 {
			return nil, fmt.Errorf("%s:%d: no command after the variables", name, i+1)
		}
		c.argv = words
	}
	if c.line == "" {
		return nil, fmt.Errorf("%s: no command line", name)
	}
	return c, nil
}

// splitWords splits a command line on spaces and tabs. Double quotes group words, and inside
// them \" and \\ stand for " and \. There is no other shell syntax.
func splitWords(line string) ([]string, error) {
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

outputs -check runs two commands at a time, but the commands that name a file of build/ or
run the course's own tools (./tools/lab keeps its records in the user's cache folder) run
one after the other, in name order.

chapters/out/NAME.txt is "$ " and the command as written, then its combined stdout and stderr,
with machine paths replaced (the repository by /path/to/gomaps, GOROOT by $GOROOT, the module
cache by $GOMODCACHE, a path in the home folder by ~/...). A chapter includes it with
--8<-- "chapters/out/NAME.txt". The check compares after masking what legitimately varies:
durations, (cached), hex addresses, goroutine numbers, temporary paths and # vary patterns;
the blanks around a masked span collapse, so a padded column cannot differ by its width.`

// Command is the outputs command.
func Command() *cli.Command {
	var check bool
	return &cli.Command{
		Name:  "outputs",
		Usage: "[-check] [NAME...]",
		Short: "run the chapters' commands and write (or -check) their outputs",
		Long:  "run every chapters/out/NAME.cmd and write its output to chapters/out/NAME.txt; with NAME arguments only those; with -check compare instead of writing" + "\n\n" + Format,
		Flags: func(fs *flag.FlagSet) {
			fs.BoolVar(&check, "check", false, "compare with the committed outputs instead of writing them")
		},
		Run: func(_ context.Context, io cli.IO, args []string) error {
			root, err := base.FindRoot()
			if err != nil {
				return err
			}
			// The book's outputs come from the default lane's runtime, whichever Go runs this
			// command.
			r := &Run{Root: root, Go: gocmd.OnLane(lanes.DefaultLane()), Check: check, Stdout: io.Stdout, Stderr: io.Stderr}
			return r.Outputs(args)
		},
	}
}

// Run is one run of the outputs: their commands run from Root with the go command Go (the
// default lane's, whose runtime the book shows). With Check it compares the outputs with the
// committed ones instead of writing them; with a Step (the check's), an output that passed
// before with the same inputs is not run again.
type Run struct {
	Root           string
	Go             gocmd.Go
	Check          bool
	Step           *stepcache.Step
	Stdout, Stderr io.Writer
	sc             *scrub.Scrubber
}

// checkOne runs and checks one output, unless the records say it passed with the same inputs.
// An output whose command names a file of build/ is run every time: it writes a file another
// output reads, or reads one (the check does not watch build/).
func (r *Run) checkOne(name string, stdout io.Writer) error {
	text, _ := os.ReadFile(filepath.Join(r.Root, outDir, name+".cmd"))
	if r.Step == nil || !r.Check || bytes.Contains(text, []byte("build/")) || bytes.Contains(text, []byte("# save")) {
		return r.one(name, stdout)
	}
	found := func(at time.Time, secs float64) {
		fmt.Fprintf(stdout, "ok %s/%s.txt (cached: it passed in %.1fs at %s with the same inputs)\n", outDir, name, secs, at.Format("2006-01-02 15:04"))
	}
	return r.Step.Part("output-"+name, "output "+name, nil, found, func() error {
		return r.one(name, stdout)
	})
}

// Outputs runs the named .cmd files of chapters/out (all of them when names is empty) and
// writes, or compares, their outputs.
func (r *Run) Outputs(names []string) error {
	root, check, stdout, stderr := r.Root, r.Check, r.Stdout, r.Stderr
	if len(names) == 0 {
		files, err := filepath.Glob(filepath.Join(root, outDir, "*.cmd"))
		if err != nil {
			return err
		}
		for _, f := range files {
			names = append(names, strings.TrimSuffix(filepath.Base(f), ".cmd"))
		}
		sort.Strings(names)
		if len(names) == 0 {
			fmt.Fprintf(stdout, "no %s/*.cmd: nothing to run\n", outDir)
			return nil
		}
	}
	for i, name := range names {
		names[i] = strings.TrimSuffix(filepath.Base(name), ".cmd")
	}
	r.sc = scrub.New(root, r.Go)
	// Writing the outputs measures them, on a machine doing nothing else: one at a time.
	// Checking them compares what is left after masking, which no neighbour changes: two at a
	// time, so that a program that runs on one core leaves the other to the next.
	workers := 1
	if check {
		workers = checkWorkers
	}
	results := make([]outputResult, len(names))
	for i := range results {
		results[i].done = make(chan struct{})
	}
	chains := outputChains(root, names)
	next := make(chan []int, len(chains))
	for _, c := range chains {
		next <- c
	}
	close(next)
	for range workers {
		go func() {
			for chain := range next {
				for _, i := range chain {
					res := &results[i]
					res.err = r.checkOne(names[i], &res.out)
					close(res.done)
				}
			}
		}()
	}
	// What each output printed, in the names' order, whichever ended first.
	failed := 0
	for i := range results {
		<-results[i].done
		stdout.Write(results[i].out.Bytes())
		if err := results[i].err; err != nil {
			fmt.Fprintf(stderr, "course: %v\n", err)
			failed++
		}
	}
	if failed > 0 {
		return cli.ErrFailed
	}
	return nil
}

// checkWorkers is how many outputs outputs -check runs at once.
const checkWorkers = 2

// outputResult is what one output printed and how it ended.
type outputResult struct {
	out  bytes.Buffer
	err  error
	done chan struct{}
}

// outputChains groups the outputs (by their index in names) into chains that run one after the
// other, each in the names' order; different chains may run side by side. The outputs that share
// state share a chain: those that name a file of build/ (one saves it, a later one reads it) and
// those that run the course's own commands (the lab runner keeps its results and the hints a
// learner saw in the user's cache folder, which the next command reads). Every other output is a
// chain of its own. The shared chain comes first: it is the longest.
func outputChains(root string, names []string) [][]int {
	var shared []int
	var chains [][]int
	for i, name := range names {
		text, _ := os.ReadFile(filepath.Join(root, outDir, name+".cmd"))
		if sharesState(string(text)) {
			shared = append(shared, i)
		} else {
			chains = append(chains, []int{i})
		}
	}
	if len(shared) > 0 {
		chains = append([][]int{shared}, chains...)
	}
	return chains
}

// sharesState reports whether a .cmd's output depends on what another output did, or changes
// what another sees.
func sharesState(cmdText string) bool {
	for _, s := range []string{"build/", "# save", "./tools/lab", "./tools/course"} {
		if strings.Contains(cmdText, s) {
			return true
		}
	}
	return false
}

func (r *Run) one(name string, stdout io.Writer) error {
	root, sc, check := r.Root, r.sc, r.Check
	cmdFile := outDir + "/" + name + ".cmd"
	txtFile := outDir + "/" + name + ".txt"
	text, err := os.ReadFile(filepath.Join(root, cmdFile))
	if err != nil {
		return fmt.Errorf("read %s: %v", cmdFile, errors.Unwrap(err))
	}
	c, err := parseCmd(cmdFile, string(text))
	if err != nil {
		return err
	}
	start := time.Now()
	out, code, err := c.run(root, r.Go)
	if err != nil {
		return fmt.Errorf("%s: %v", cmdFile, err)
	}
	shown := out
	if c.keep != nil || c.drop != nil {
		var kept []byte
		for _, line := range bytes.SplitAfter(out, []byte("\n")) {
			if (c.keep == nil || c.keep.Match(line)) && (c.drop == nil || !c.drop.Match(line)) {
				kept = append(kept, line...)
			}
		}
		shown = kept
	}
	got := "$ " + c.line + "\n" + sc.Scrub(shown)
	if c.raw {
		got = sc.Scrub(shown)
	}
	if !strings.HasSuffix(got, "\n") {
		got += "\n"
	}
	if code != c.exit {
		return fmt.Errorf("%s: exit status %d, want %d (add or fix a \"# exit N\" line if that is expected); its output:\n%s",
			cmdFile, code, c.exit, tail(got, 20))
	}
	if c.save != "" {
		file := filepath.Join(root, filepath.FromSlash(c.save))
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			return fmt.Errorf("%s: # save: %v", cmdFile, err)
		}
		if err := os.WriteFile(file, out, 0o644); err != nil {
			return fmt.Errorf("%s: # save: %v", cmdFile, err)
		}
	}
	if !check {
		if err := os.WriteFile(filepath.Join(root, txtFile), []byte(got), 0o644); err != nil {
			return fmt.Errorf("write %s: %v", txtFile, errors.Unwrap(err))
		}
		fmt.Fprintf(stdout, "wrote %s (%.1fs)\n", txtFile, time.Since(start).Seconds())
		return nil
	}
	want, err := os.ReadFile(filepath.Join(root, txtFile))
	if err != nil {
		return fmt.Errorf("%s is missing: run go run ./tools/course outputs %s", txtFile, name)
	}
	wantN, gotN := scrub.Normalize(string(want), c.varying), scrub.Normalize(got, c.varying)
	if wantN != gotN {
		return fmt.Errorf("%s", scrub.LineDiff(wantN, gotN, 12)+
			fmt.Sprintf("%s is out of date: run go run ./tools/course outputs", txtFile))
	}
	fmt.Fprintf(stdout, "ok %s (%.1fs)\n", txtFile, time.Since(start).Seconds())
	return nil
}

// run runs the command from the root with its variables set and returns its combined output
// and exit status. An error means it could not run at all.
func (c *outCommand) run(root string, g gocmd.Go) ([]byte, int, error) {
	ctx, cancel := context.WithTimeout(context.Background(), commandTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, c.argv[0], c.argv[1:]...)
	cmd.Dir = root
	cmd.Env = append(g.Environ(), c.env...)
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = &out
	err := cmd.Run()
	if ctx.Err() != nil {
		return nil, 0, fmt.Errorf("%s: still running after %v", c.line, commandTimeout)
	}
	code := 0
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		code = exit.ExitCode()
	} else if err != nil {
		return nil, 0, err
	}
	return dropGoProgress(out.Bytes()), code, nil
}

// goProgress matches what the go command prints on stderr while it fetches a module or a
// toolchain for the first time on a machine: progress, not the output the book shows.
var goProgress = regexp.MustCompile(`(?m)^go: downloading \S+( \S+)?\n`)

// dropGoProgress removes the go command's download lines from a command's output, so that
// an output reads the same on a machine whose module cache is empty.
func dropGoProgress(out []byte) []byte {
	return goProgress.ReplaceAll(out, nil)
}

func tail(s string, n int) string {
	lines := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	if len(lines) > n {
		lines = append([]string{"..."}, lines[len(lines)-n:]...)
	}
	return "\t" + strings.Join(lines, "\n\t")
}

// Lines returns the command line of every chapters/out/*.cmd, as the book shows it.
func Lines(root string) ([]string, error) {
	files, err := filepath.Glob(filepath.Join(root, outDir, "*.cmd"))
	if err != nil {
		return nil, err
	}
	var lines []string
	for _, f := range files {
		text, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		c, err := parseCmd(filepath.Base(f), string(text))
		if err != nil {
			return nil, err
		}
		lines = append(lines, c.line)
	}
	return lines, nil
}
