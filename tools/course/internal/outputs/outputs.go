// Package outputs is the outputs command: it runs the chapters' commands (chapters/out/NAME.cmd,
// through outcmd) and writes their outputs, or checks them against the committed ones.
package outputs

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"gomaps/labs/lanes"
	"gomaps/tools/course/internal/base"
	"gomaps/tools/course/internal/outcmd"
	"gomaps/tools/course/internal/scrub"
	"gomaps/tools/course/internal/stepcache"
	"gomaps/tools/internal/cli"
	"gomaps/tools/internal/gocmd"
)

// outDir holds the .cmd files and the outputs generated from them, relative to the root.
const outDir = outcmd.Dir

// Command is the outputs command.
func Command() *cli.Command {
	var check bool
	return &cli.Command{
		Name:  "outputs",
		Usage: "[-check] [NAME...]",
		Short: "run the chapters' commands and write (or -check) their outputs",
		Long:  "run every chapters/out/NAME.cmd and write its output to chapters/out/NAME.txt; with NAME arguments only those; with -check compare instead of writing" + "\n\n" + outcmd.Format,
		Flags: func(fs *flag.FlagSet) {
			fs.BoolVar(&check, "check", false, "compare with the committed outputs instead of writing them")
		},
		Run: base.Run(func(ctx context.Context, env *base.Env, args []string) error {
			// The book's outputs come from the default lane's runtime, whichever Go runs this.
			return (&Run{Env: env.WithGo(gocmd.OnLane(lanes.DefaultLane())), Check: check}).Outputs(ctx, args)
		}),
	}
}

// Run is one run of the outputs, with its Env's go command. With Check it compares the outputs
// with the committed ones instead of writing them; with a Step (the check's), an output (or a
// family of them, checkFamily) that passed before with the same inputs is not run again.
type Run struct {
	*base.Env
	Check bool
	Step  *stepcache.Step
	sc    *scrub.Scrubber
}

// Outputs runs the named .cmd files of chapters/out (all of them when names is empty) and
// writes, or compares, their outputs. Writing measures them: one at a time. Checking compares
// what is left after masking, which no neighbour changes: two at a time (a program on one core
// leaves the other to the next), the outputs that share state one after the other (chains).
func (r *Run) Outputs(ctx context.Context, names []string) error {
	if len(names) == 0 {
		names, _ = outcmd.Names(r.Root)
		if len(names) == 0 {
			fmt.Fprintf(r.Stdout, "no %s/*.cmd: nothing to run\n", outDir)
			return nil
		}
	}
	for i, name := range names {
		names[i] = strings.TrimSuffix(filepath.Base(name), ".cmd")
	}
	r.sc = scrub.New(r.Root, r.Go)
	workers := 1
	if r.Check {
		workers = 2
	}
	results := make([]result, len(names))
	for i := range results {
		results[i] = result{name: names[i], done: make(chan struct{})}
	}
	next := make(chan [][]int, len(names))
	for _, chain := range r.chains(names) {
		next <- chain
	}
	close(next)
	for range workers {
		go func() {
			for chain := range next {
				for _, family := range chain {
					r.checkFamily(ctx, results, family)
				}
			}
		}()
	}
	// What each output printed, in the names' order, whichever ended first.
	var failed error
	for i := range results {
		<-results[i].done
		r.Stdout.Write(results[i].out.Bytes())
		if err := results[i].err; err != nil {
			fmt.Fprintf(r.Stderr, "course: %v\n", err)
			failed = cli.ErrFailed
		}
	}
	return failed
}

// A result is what one output printed, and its error; done is closed when it ran.
type result struct {
	name string
	out  bytes.Buffer
	err  error
	done chan struct{}
}

// chains groups the outputs' indexes into families (families), and those into chains run side
// by side: the families that share state (outcmd.Cmd.SharesState) the first, the longest; every
// other one a chain of its own.
func (r *Run) chains(names []string) [][][]int {
	chains := [][][]int{nil}
	for _, family := range r.families(names) {
		if c, err := outcmd.Read(r.Root, names[family[0]]); err == nil && c.SharesState() {
			chains[0] = append(chains[0], family)
		} else {
			chains = append(chains, [][]int{family})
		}
	}
	if len(chains[0]) == 0 {
		return chains[1:]
	}
	return chains
}

// families groups the outputs that name the same file of build/ (one writes it, the others
// read it: they come after it in name order), and those that share a file with one of them in
// turn, into one family, in the order of its first output; every other output is a family of
// its own.
func (r *Run) families(names []string) [][]int {
	up := make([]int, len(names)) // an output → one before it in its family, or itself (the first)
	first := func(i int) int {
		for up[i] != i {
			i = up[i]
		}
		return i
	}
	namedBy := map[string]int{} // a file of build/ → the first output that names it
	for i, name := range names {
		up[i] = i
		c, err := outcmd.Read(r.Root, name)
		if err != nil {
			continue
		}
		for _, file := range c.BuildFiles() {
			if j, ok := namedBy[file]; !ok {
				namedBy[file] = i
			} else if a, b := first(j), first(i); a != b {
				up[max(a, b)] = min(a, b)
			}
		}
	}
	var families [][]int
	at := map[int]int{} // a family's first output → its index in families
	for i := range names {
		if k, ok := at[first(i)]; ok {
			families[k] = append(families[k], i)
		} else {
			at[i], families = len(families), append(families, []int{i})
		}
	}
	return families
}

// checkFamily runs a family of outputs, unless the check's records say it passed with the same
// inputs. A family whose outputs share files of build/ runs, and has its record, as a whole:
// the check does not watch build/, and what its outputs read there its first ones write.
func (r *Run) checkFamily(ctx context.Context, results []result, family []int) {
	run := func() error {
		var errs []error
		for _, i := range family {
			results[i].err = r.one(ctx, results[i].name, &results[i].out)
			errs = append(errs, results[i].err)
		}
		return errors.Join(errs...)
	}
	var names []string
	for _, i := range family {
		names = append(names, results[i].name)
	}
	found := func(rec stepcache.Record) {
		for _, i := range family {
			fmt.Fprintf(&results[i].out, "ok %s/%s.txt (%v)\n", outDir, results[i].name, rec)
		}
	}
	first, _ := outcmd.Read(r.Root, names[0])
	// A family of one that names a file of build/ reads what no output of it writes: it runs.
	alone := len(family) == 1 && first != nil && len(first.BuildFiles()) > 0
	if r.Step != nil && r.Check && !alone {
		r.Step.Part("output-"+names[0], "output "+strings.Join(names, " "), nil, found, run)
	} else {
		run()
	}
	for _, i := range family {
		close(results[i].done)
	}
}

// one runs one output, then writes its .txt, or with Check compares it with the committed one.
func (r *Run) one(ctx context.Context, name string, stdout io.Writer) error {
	c, err := outcmd.Read(r.Root, name)
	if errors.Is(err, outcmd.ErrNoOutput) {
		return fmt.Errorf("read %s/%s.cmd: no such file", outDir, name)
	} else if err != nil {
		return err
	}
	txtFile := outDir + "/" + name + ".txt"
	start := time.Now()
	ctx, cancel := context.WithTimeout(ctx, outcmd.Timeout)
	defer cancel()
	out, code, err := outcmd.Runner{Root: r.Root, Go: r.Go}.Run(ctx, c)
	if errors.Is(err, outcmd.ErrTimeLimit) {
		return fmt.Errorf("%s: %s: still running after %v", c.File, c.Line, outcmd.Timeout)
	} else if err != nil {
		return fmt.Errorf("%s: %v", c.File, err)
	}
	got := c.Shown(out, r.sc)
	if code != c.Exit {
		return fmt.Errorf("%s: exit status %d, want %d (add or fix a \"# exit N\" line if that is expected); its output:\n\t%s",
			c.File, code, c.Exit, strings.ReplaceAll(base.LastLines(got, 20), "\n", "\n\t"))
	}
	if err := c.SaveOutput(r.Root, out); err != nil {
		return err
	}
	done := "ok"
	if !r.Check {
		done = "wrote"
		if err := os.WriteFile(filepath.Join(r.Root, txtFile), []byte(got), 0o644); err != nil {
			return fmt.Errorf("write %s: %v", txtFile, errors.Unwrap(err))
		}
	} else if want, err := c.Printed(r.Root); err != nil {
		return err
	} else if same, wantN, gotN := c.Same(want, got); !same {
		return errors.New(scrub.LineDiff(wantN, gotN, 12) + txtFile + " is out of date: run go run ./tools/course outputs")
	}
	fmt.Fprintf(stdout, "%s %s (%.1fs)\n", done, txtFile, time.Since(start).Seconds())
	return nil
}

// Lines returns the command line of every chapters/out/*.cmd that parses, as the book shows it.
func Lines(root string) ([]string, error) {
	var lines []string
	for _, c := range outcmd.All(root) {
		lines = append(lines, c.Line)
	}
	return lines, nil
}
