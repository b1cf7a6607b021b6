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

// Format is what a chapters/out/NAME.cmd holds, and how its output is compared (outcmd owns it).
const Format = outcmd.Format

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
		var err error
		if names, err = outcmd.Names(root); err != nil {
			return err
		}
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
		if outcmd.SharesState(string(text)) {
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

func (r *Run) one(name string, stdout io.Writer) error {
	root, sc, check := r.Root, r.sc, r.Check
	c, err := outcmd.Read(root, name)
	if errors.Is(err, outcmd.ErrNoOutput) {
		return fmt.Errorf("read %s/%s.cmd: no such file", outDir, name)
	} else if err != nil {
		return err
	}
	txtFile := outDir + "/" + name + ".txt"
	start := time.Now()
	ctx, cancel := context.WithTimeout(context.Background(), outcmd.Timeout)
	defer cancel()
	out, code, err := outcmd.Runner{Root: root, Go: r.Go}.Run(ctx, c)
	if errors.Is(err, outcmd.ErrTimeLimit) {
		return fmt.Errorf("%s: %s: still running after %v", c.File, c.Line, outcmd.Timeout)
	} else if err != nil {
		return fmt.Errorf("%s: %v", c.File, err)
	}
	got := c.Shown(out, sc)
	if code != c.Exit {
		return fmt.Errorf("%s: exit status %d, want %d (add or fix a \"# exit N\" line if that is expected); its output:\n%s",
			c.File, code, c.Exit, outcmd.Tail(got, 20))
	}
	if err := c.SaveOutput(root, out); err != nil {
		return err
	}
	if !check {
		if err := os.WriteFile(filepath.Join(root, txtFile), []byte(got), 0o644); err != nil {
			return fmt.Errorf("write %s: %v", txtFile, errors.Unwrap(err))
		}
		fmt.Fprintf(stdout, "wrote %s (%.1fs)\n", txtFile, time.Since(start).Seconds())
		return nil
	}
	want, err := c.Printed(root)
	if err != nil {
		return err
	}
	if same, wantN, gotN := c.Same(want, got); !same {
		return fmt.Errorf("%s", scrub.LineDiff(wantN, gotN, 12)+
			fmt.Sprintf("%s is out of date: run go run ./tools/course outputs", txtFile))
	}
	fmt.Fprintf(stdout, "ok %s (%.1fs)\n", txtFile, time.Since(start).Seconds())
	return nil
}

// Lines returns the command line of every chapters/out/*.cmd, as the book shows it.
func Lines(root string) ([]string, error) {
	names, err := outcmd.Names(root)
	if err != nil {
		return nil, err
	}
	var lines []string
	for _, name := range names {
		c, err := outcmd.Read(root, name)
		if err != nil {
			return nil, err
		}
		lines = append(lines, c.Line)
	}
	return lines, nil
}
