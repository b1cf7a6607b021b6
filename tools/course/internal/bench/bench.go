// Package bench is the bench command of tools/course: the benchmark of chapters 02 and 03, the
// solutions of labs 02 and 03, two public Swiss tables and the built-in map, side by side, as
// ratios. It builds labs/internal/mapbench on the Swiss lanes and the classic one, runs the
// builds in turn, reads the results with benchstat, and writes the tables (package gomaps/labs/benchtables) into
// chapters/out; the chapters' sentences that read them are written by the chapter program
// chapters/code/03-swiss/readings. bench -check runs every benchmark once and compares the
// tables' rows; bench -mine measures a learner's own maps.
package bench

import (
	"cmp"
	"context"
	"flag"
	"io"

	"gomaps/tools/course/internal/base"
	"gomaps/tools/internal/cli"
	"gomaps/tools/internal/gocmd"
)

// options are the command's flags.
type options struct {
	count              int
	benchtime          string
	check, write, mine bool
}

func (o *options) flags(fs *flag.FlagSet) {
	fs.IntVar(&o.count, "count", 0, "runs of each benchmark: 10 by default (the chapters' tables), 6 with -mine (benchstat gives a confidence interval from 6)")
	fs.StringVar(&o.benchtime, "benchtime", "", "time (or Nx iterations) per run: 100ms by default, 50ms with -mine")
	fs.BoolVar(&o.check, "check", false, "run each benchmark once and check that the committed tables have the same rows")
	fs.BoolVar(&o.write, "write", false, "write the chapters' tables (chapters/out/bench-*.txt); without it, bench prints them and writes nothing")
	fs.BoolVar(&o.mine, "mine", false, "measure your own maps of labs 02 and 03, as they are in labs/, against the built-in map (about 2 minutes); writes nothing")
}

// Command is the bench command.
func Command() *cli.Command {
	var o options
	return &cli.Command{
		Name:  "bench",
		Usage: "[-count N] [-benchtime D] [-check] [-write] [-mine]",
		Short: "measure the lab maps against the built-in map and two Swiss tables: the tables of chapters 02 and 03",
		Long: "run labs/internal/mapbench with the solutions of labs 02 and 03 in place (each also on its " +
			"generic path, as without step 9, in the same binary), the peers github.com/cockroachdb/swiss " +
			"and github.com/dolthub/swiss, and the built-in map on every runtime, 10 runs each taking turns, " +
			"then benchstat; prints the tables, and with -write writes chapters/out/bench-table.txt, " +
			"bench-ratios.txt (each map's time per operation over the built-in map's, against the course's " +
			"targets), bench-fastpath.txt (each lab map without and with step 9), bench-hash.txt (each hash " +
			"alone), bench-hasher.txt (lookups in lab 03's map made by NewWithHasher, step 10), " +
			"bench-runtimes.txt (the built-in map on the classic lane against each Swiss lane), " +
			"bench-runtimes-127.txt and bench-ratios-127.txt (the default lane's release against the one " +
			"before it) and bench-profile.txt; the sentences of chapters 02 and 03 that read them are " +
			"outputs of the book (bench-reading-*, made by chapters/code/03-swiss/readings from the " +
			"committed tables: go run ./tools/course outputs writes them again); -check runs every " +
			"benchmark once and checks that the committed tables still have the same rows; -mine measures your " +
			"own maps of labs 02 and 03, as they are in labs/, against the built-in map, and writes nothing",
		Flags: o.flags,
		Run: func(ctx context.Context, io cli.IO, args []string) error {
			return o.run(ctx, args, io.Stdout)
		},
	}
}

// defaults fills in the count and benchtime left unset: the chapters' tables take 10 runs of
// 100ms; -mine, which a learner waits for, 6 rounds of 50ms.
func (o *options) defaults() {
	count, benchtime := 10, "100ms"
	if o.mine {
		count, benchtime = mineRounds, mineBenchtime
	}
	o.count, o.benchtime = cmp.Or(o.count, count), cmp.Or(o.benchtime, benchtime)
}

func (o *options) run(ctx context.Context, args []string, stdout io.Writer) error {
	if len(args) > 0 {
		return cli.Usagef("bench: unexpected argument %q", args[0])
	}
	o.defaults()
	if o.count < 6 && !o.check {
		return cli.Usagef("bench: -count %d: want at least 6, the fewest runs benchstat gives a confidence interval for", o.count)
	}
	root, err := base.FindRoot()
	if err != nil {
		return err
	}
	// From the command line, benchstat and pprof run as the environment sets the go command.
	g := gocmd.Machine()
	switch {
	case o.mine:
		if o.check || o.write {
			return cli.Usagef("bench: -mine measures your own maps and writes nothing: it takes neither -check nor -write")
		}
		return Mine(ctx, root, g, MineRun{Rounds: o.count, Benchtime: o.benchtime}, stdout)
	case o.check:
		return Check(ctx, root, g, stdout)
	}
	return measure(ctx, root, g, *o, stdout)
}

// Check runs every benchmark once, as bench -check does, and checks that the committed tables
// of the course at root still have the same rows. g is the go command that runs benchstat;
// the builds run on their lanes. When a table's rows changed, it says which and returns
// cli.ErrFailed.
func Check(ctx context.Context, root string, g gocmd.Go, stdout io.Writer) error {
	return measure(ctx, root, g, options{count: 1, benchtime: "1x", check: true}, stdout)
}
