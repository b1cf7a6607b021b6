package main

import (
	"context"
	"flag"
	"io"
	"strings"

	"gomaps/labs/lanes"
	"gomaps/tools/internal/cli"
	"gomaps/tools/internal/gocmd"
	"gomaps/tools/lab/internal/checkpoint"
	"gomaps/tools/lab/internal/course"
	"gomaps/tools/lab/internal/hint"
	"gomaps/tools/lab/internal/verify"
)

func main() { program().Main() }

// runMain runs the program as main does, for the tests.
func runMain(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return program().Exec(ctx, args, cli.IO{Stdin: stdin, Stdout: stdout, Stderr: stderr})
}

// options are the flags that come before the command.
type options struct {
	dir, lane string
}

// open opens the course the options name, with the go command on the lane they name.
func (o *options) open(io cli.IO) (*course.Course, error) {
	g, err := gocmd.Named(o.lane)
	if err != nil {
		return nil, cli.Usagef("-lane: %v", err)
	}
	c, err := course.Open(o.dir)
	if err != nil {
		return nil, err
	}
	c.Go = g.In(c.Root)
	c.Progress = io.Stdout
	return c, nil
}

// program is the lab runner's table of commands, in the order the manual lists them: list, run,
// watch and progress are in this package (commands.go), the others are packages of
// internal/. Each call makes a new one, so that a run's flags are its own.
func program() *cli.Program {
	o := &options{}
	return &cli.Program{
		Name:    "lab",
		Path:    "go run ./tools/lab",
		Doc:     doc,
		Default: "list",
		Flags: func(fs *flag.FlagSet) {
			fs.StringVar(&o.dir, "C", "", "the course's root folder")
			fs.StringVar(&o.lane, "lane", "", "the map runtime to run the labs on: "+strings.Join(lanes.Names(), ", "))
		},
		FlagsUsage: "[-C dir] [-lane NAME]",
		Commands: []*cli.Command{
			listCommand(o.open),
			runCommand(o.open),
			watchCommand(o.open),
			hint.Command(o.open),
			verify.Command(o.open),
			checkpoint.ResetCommand(o.open),
			checkpoint.SolutionCommand(o.open),
			checkpoint.Command(o.open),
			checkpoint.RestoreCommand(o.open),
			progressCommand(o.open),
		},
		Footer: footer,
	}
}
