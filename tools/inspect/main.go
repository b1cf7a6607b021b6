// Inspect builds a named sample map and prints the layout the runtime gave it: control bytes of
// Swiss-table groups, or tophash bytes of classic buckets.
//
// Usage:
//
//	go run ./tools/inspect [-format text|svg] [-noseed] [-rows N] SAMPLE
//	go run ./tools/inspect list
//
// Swiss samples run on Go 1.27, Go 1.26 and Go 1.25; classic samples need the classic lane (env
// $(go run ./tools/course lanes -env classic) go run ./tools/inspect ...). A sample of the
// other implementation says so and exits 1. On Go 1.27 with GOEXPERIMENT=mapsplitgroup the
// Swiss samples show split groups (the 8 keys, then the 8 values); elsewhere interleaved slots;
// the output says which.
//
// -noseed leaves out the hash seed and the control bytes or tophash values that depend on it,
// so the output is the same on every run.
//
// Exit status: 0 when the layout was printed, 1 when the sample does not apply to this runtime
// or the map could not be read, 2 for a usage error.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"

	"gomaps/labs/inspect"
	"gomaps/labs/lanes"
	"gomaps/tools/internal/cli"
)

// program returns inspect as package cli runs it, with flags of its own.
func program() *cli.Program {
	var format string
	var opts inspect.Options
	return &cli.Program{Name: "inspect", Path: "go run ./tools/inspect", Commands: []*cli.Command{{
		Usage: "[-format text|svg] [-noseed] [-rows N] SAMPLE (or: list)",
		Flags: func(fs *flag.FlagSet) {
			fs.StringVar(&format, "format", "text", "text or svg")
			fs.BoolVar(&opts.NoSeed, "noseed", false, "leave out the seed and the values that depend on it")
			fs.IntVar(&opts.MaxRows, "rows", 0, "groups or buckets drawn per table or array (0: default, -1: all)")
		},
		Run: func(_ context.Context, io cli.IO, args []string) error { return show(args, format, opts, io.Stdout) },
	}}}
}

func main() { program().Main() }

//course:every-lane it prints the map runtime's own structures, which differ from one lane to the next

// show writes the layout of the sample args name, or with list, the samples.
func show(args []string, format string, opts inspect.Options, stdout io.Writer) error {
	if format != "text" && format != "svg" {
		return cli.Usagef("-format is text or svg, not %q", format)
	}
	if len(args) != 1 {
		return cli.Usagef("name one sample (go run ./tools/inspect list shows them)")
	}
	if args[0] == "list" {
		return list(stdout)
	}
	i := slices.IndexFunc(samples, func(s sample) bool { return s.name == args[0] })
	if i < 0 {
		return cli.Usagef("no sample %q (go run ./tools/inspect list shows them)", args[0])
	}
	s := samples[i]
	if err := inspect.Check(); err != nil {
		return unprefixed(err)
	}
	if build := inspect.Build(); s.kind != build {
		return fmt.Errorf("sample %q shows %s, but this program was built with %s, so it does not apply here; run it with %s",
			s.name, s.kind, build, howToRun(s.kind))
	}
	l, err := s.build()
	if err != nil {
		return unprefixed(err)
	}
	out := l.TextWith(opts)
	if format == "svg" {
		out = l.SVGWith(opts)
	}
	_, err = io.WriteString(stdout, out)
	return err
}

// unprefixed drops the "inspect: " the package's errors start with: package cli already writes
// the command's name before the error.
func unprefixed(err error) error {
	return errors.New(strings.TrimPrefix(err.Error(), "inspect: "))
}

func howToRun(k inspect.Kind) string {
	if k == inspect.Classic {
		return lanes.Classic().Prefix() + "go run ./tools/inspect"
	}
	return lanes.DefaultLane().Prefix() + "go run ./tools/inspect, or on another lane of Swiss tables (go run ./tools/course lanes lists them)"
}

// buildText names the map implementation of this build and, for Swiss tables, its group layout.
func buildText() string {
	switch {
	case inspect.Build() != inspect.Swiss:
		return inspect.Build().String()
	case inspect.SplitGroups():
		return "Swiss tables, split groups (keys, then values: GOEXPERIMENT=mapsplitgroup)"
	}
	return "Swiss tables, interleaved groups (key, value slots)"
}

func list(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "this build: %s\n", buildText())
	for _, s := range samples {
		mark := " "
		if s.kind != inspect.Build() {
			mark = "-"
		}
		fmt.Fprintf(tw, "%s %s\t%s\t%s\n", mark, s.name, strings.ToLower(s.kind.String()), s.about)
	}
	fmt.Fprintln(tw, "(- : not on this build)")
	return tw.Flush()
}
