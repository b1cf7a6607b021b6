// Inspect builds a named sample map and prints the layout the runtime gave
// it: control bytes of Swiss-table groups, or tophash bytes of classic
// buckets.
//
// Usage:
//
//	go run ./tools/inspect [-format text|svg] [-noseed] [-rows N] SAMPLE
//	go run ./tools/inspect list
//
// Swiss samples run on Go 1.26 and Go 1.25; classic samples need
// GOTOOLCHAIN=go1.25.5 GOEXPERIMENT=noswissmap. A sample of the other
// implementation says so and exits 1.
//
// -noseed leaves out the hash seed and the control bytes or tophash values
// that depend on it, so the output is the same on every run.
//
// Exit status: 0 when the layout was printed, 1 when the sample does not
// apply to this runtime or the map could not be read, 2 for a usage error.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"gomaps/labs/inspect"
	"gomaps/tools/internal/cli"
)

const usageLine = "usage: go run ./tools/inspect [-format text|svg] [-noseed] [-rows N] SAMPLE (or: list)"

// command is inspect as package cli runs it.
var command = cli.Command{Name: "inspect", Usage: usageLine, Run: func(_ context.Context, args []string, _ io.Reader, stdout, _ io.Writer) error {
	return runErr(args, stdout)
}}

func main() { cli.Main(command) }

// run runs inspect as main does, for the tests.
func run(args []string, stdout, stderr io.Writer) int {
	return command.Exec(context.Background(), args, nil, stdout, stderr)
}

func runErr(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("inspect", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	format := fs.String("format", "text", "text or svg")
	noSeed := fs.Bool("noseed", false, "leave out the seed and the values that depend on it")
	rows := fs.Int("rows", 0, "groups or buckets drawn per table or array (0: default, -1: all)")
	if err := fs.Parse(args); err != nil {
		return cli.Usagef("%v", err)
	}
	if *format != "text" && *format != "svg" {
		return cli.Usagef("-format is text or svg, not %q", *format)
	}
	if fs.NArg() != 1 {
		return cli.Usagef("name one sample (go run ./tools/inspect list shows them)")
	}
	name := fs.Arg(0)
	if name == "list" {
		return list(stdout)
	}
	var s *sample
	for i := range samples {
		if samples[i].name == name {
			s = &samples[i]
		}
	}
	if s == nil {
		return cli.Usagef("no sample %q (go run ./tools/inspect list shows them)", name)
	}
	if err := inspect.Check(); err != nil {
		return err
	}
	if build := inspect.Build(); s.kind != build {
		return fmt.Errorf("inspect: sample %q shows %s, but this program was built with %s, so it does not apply here; run it with %s",
			s.name, s.kind, build, howToRun(s.kind))
	}
	l, err := s.build()
	if err != nil {
		return err
	}
	opts := inspect.Options{MaxRows: *rows, NoSeed: *noSeed}
	out := l.TextWith(opts)
	if *format == "svg" {
		out = l.SVGWith(opts)
	}
	_, err = io.WriteString(stdout, out)
	return err
}

func howToRun(k inspect.Kind) string {
	if k == inspect.Classic {
		return "GOTOOLCHAIN=go1.25.5 GOEXPERIMENT=noswissmap go run ./tools/inspect"
	}
	return "Go 1.26, or Go 1.25 without GOEXPERIMENT=noswissmap"
}

func list(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "this build: %s\n", inspect.Build())
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
