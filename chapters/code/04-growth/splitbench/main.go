// Splitbench runs the benchmarks of chapters/code/04-growth/splitgroup on
// both group layouts of Go 1.27, interleaved (the default, lane swiss-1.27)
// and split (GOEXPERIMENT=mapsplitgroup, lane split-1.27), and prints
// benchstat's comparison: the split layout's time as a change from the
// interleaved one's, row by row.
//
// Usage:
//
//	go run ./chapters/code/04-growth/splitbench [-rounds N] [-count N] [-benchtime T] [-wall]
//
// It shows processor time per key (cpu-sec/op, which the benchmarks measure
// with getrusage), and with -wall wall-clock time too (sec/op): on a busy
// machine a benchmark's wall-clock time includes the time it waited for a
// processor, and its confidence intervals are much wider.
//
// It builds one test binary per layout, then runs them in turns, -count
// runs of every benchmark at a time, starting each turn with the next
// column: on a busy machine a slow spell then falls on every column rather
// than on one. benchstat needs at least 6 samples of a row for a confidence
// interval; the default gives 12, each from a process of its own, since
// the runs of one process share its maps and its moment of the machine and
// are not independent samples.
//
// A third column, again, is the interleaved binary run once more in each
// turn, as if it were another layout: nothing differs between it and the
// first column but the moment it ran, so whatever change benchstat reports
// for it is the machine's noise (an A/A comparison), the yardstick for the
// split column's.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"gomaps/chapters/code/internal/benchtab"
	"gomaps/labs/courseroot"
	"gomaps/labs/lanes"
)

const benchPkg = "./chapters/code/04-growth/splitgroup"

// column is one column of the comparison: the lane that builds its binary,
// and its results.
type column struct {
	name    string
	lane    lanes.Lane
	bin     string
	results bytes.Buffer
}

func main() {
	log.SetPrefix("splitbench: ")
	log.SetFlags(0)
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		log.Fatal(err)
	}
}

func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("splitbench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	rounds := fs.Int("rounds", 12, "turns of each column")
	count := fs.Int("count", 1, "runs of every benchmark in each turn")
	benchtime := fs.String("benchtime", "20ms", "time per run of each benchmark")
	wall := fs.Bool("wall", false, "show wall-clock time (sec/op) too, not only processor time (cpu-sec/op)")
	if err := fs.Parse(args); errors.Is(err, flag.ErrHelp) {
		return nil
	} else if err != nil {
		os.Exit(2)
	}
	if fs.NArg() > 0 || *rounds < 1 || *count < 1 {
		fmt.Fprintln(stderr, "usage: go run ./chapters/code/04-growth/splitbench [-rounds N] [-count N] [-benchtime T] [-wall]; see its doc comment")
		os.Exit(2)
	}
	root, _, err := courseroot.Find("")
	if err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "splitbench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)

	interleaved := &column{name: "interleaved", lane: lanes.DefaultLane()}
	split := &column{name: "split", lane: lanes.Experiment()}
	again := &column{name: "again", lane: interleaved.lane}
	columns := []*column{interleaved, split, again}
	fmt.Fprintf(stdout, "benchmarks of %s, -benchtime %s -cpu 1: %d turns of -count %d per column, taking turns\n",
		benchPkg, *benchtime, *rounds, *count)
	for _, c := range []*column{interleaved, split} {
		c.bin = filepath.Join(tmp, c.name+".test")
		if out, err := benchtab.Go(root, c.lane.Environ(), "test", "-c", "-o", c.bin, benchPkg); err != nil {
			return fmt.Errorf("build the %s benchmarks (%s): %v\n%s", c.name, strings.TrimSpace(c.lane.Prefix()), err, out)
		}
		// The binary says which runtime it has: go version reads it.
		version, err := benchtab.Go(root, nil, "version", c.bin)
		if err != nil {
			return fmt.Errorf("go version %s: %v\n%s", c.name, err, version)
		}
		_, built, _ := strings.Cut(strings.TrimSpace(version), ": ")
		if strings.Contains(built, "mapsplitgroup") != (c.lane.Experiment == "mapsplitgroup") {
			return fmt.Errorf("the %s benchmarks were built as %s: the lane's GOEXPERIMENT did not take", c.name, built)
		}
		fmt.Fprintf(stdout, "%-11s  %-46s  built as %s\n", c.name, strings.TrimSpace(c.lane.Prefix()), built)
		// The package's tests check what the benchmarks measure (distinct keys, operations that
		// agree with a reference): a layout whose tests fail has no figures worth printing.
		check := exec.Command(c.bin, "-test.run=^Test")
		check.Dir = filepath.Join(root, benchPkg)
		if out, err := check.CombinedOutput(); err != nil {
			return fmt.Errorf("the %s benchmarks' tests failed: %v\n%s", c.name, err, out)
		}
	}
	again.bin = interleaved.bin
	fmt.Fprintf(stdout, "%-11s  the interleaved binary again, in a column of its own: its changes are noise\n", again.name)

	for r := range *rounds {
		for i := range columns {
			c := columns[(r+i)%len(columns)]
			cmd := exec.Command(c.bin, "-test.run=^$", "-test.bench=^BenchmarkMap$",
				"-test.benchtime="+*benchtime, "-test.count="+strconv.Itoa(*count), "-test.cpu=1")
			cmd.Dir = filepath.Join(root, benchPkg) // where go test would run it
			var errOut bytes.Buffer
			cmd.Stdout, cmd.Stderr = &c.results, &errOut
			if err := cmd.Run(); err != nil {
				return fmt.Errorf("the %s benchmarks failed: %v\n%s", c.name, err, errOut.String())
			}
		}
	}

	var benchstatArgs, shown []string
	for _, c := range columns {
		file := filepath.Join(tmp, c.name)
		if err := os.WriteFile(file, c.results.Bytes(), 0o644); err != nil {
			return err
		}
		benchstatArgs = append(benchstatArgs, c.name+"="+file)
		shown = append(shown, c.name+"=<results>")
	}
	// One table per length, each with its geometric mean; processor time
	// only, unless -wall.
	options := []string{"-table", ".config,/len"}
	if !*wall && strings.Contains(interleaved.results.String(), "cpu-ns/op") {
		options = append(options, "-filter", ".unit:cpu-ns/op")
	} else if !*wall {
		fmt.Fprintln(stdout, "this system has no getrusage: wall-clock time only")
	}
	table, err := benchtab.Go(root, nil, append(append([]string{"tool", "benchstat"}, options...), benchstatArgs...)...)
	if err != nil {
		return fmt.Errorf("go tool benchstat: %v\n%s", err, table)
	}
	fmt.Fprintf(stdout, "go tool benchstat %s %s\n\n", strings.Join(options, " "), strings.Join(shown, " "))
	_, err = io.WriteString(stdout, table)
	return err
}
