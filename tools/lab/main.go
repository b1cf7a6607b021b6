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

// options are the flags that come before the command (and -lang, which may also follow it).
type options struct {
	dir, lane, lang string
}

// open opens the course the options name, with the go command on the lane they name, speaking
// the language they name (see course.Lang).
func (o *options) open(io cli.IO) (*course.Course, error) {
	lang, err := course.ParseLang(o.lang)
	if err != nil {
		return nil, err
	}
	g, err := gocmd.Named(o.lane)
	if err != nil {
		return nil, cli.Usagef("-lane: %v", err)
	}
	c, err := course.Open(o.dir, lang)
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
			langFlag(fs, o)
		},
		FlagsUsage: "[-C dir] [-lane NAME] [-lang en|zh]",
		Commands: []*cli.Command{
			speaks(o, listCommand(o.open)),
			speaks(o, runCommand(o.open)),
			speaks(o, watchCommand(o.open)),
			speaks(o, hint.Command(o.open)),
			verify.Command(o.open),
			speaks(o, checkpoint.ResetCommand(o.open)),
			speaks(o, checkpoint.SolutionCommand(o.open)),
			speaks(o, checkpoint.Command(o.open)),
			speaks(o, checkpoint.RestoreCommand(o.open)),
			speaks(o, progressCommand(o.open)),
		},
		Footer: footer,
	}
}

// langFlag defines -lang, the language the runner speaks (see course.Lang). Its default is the
// value it has: a command's -lang keeps the program's when the command has none.
func langFlag(fs *flag.FlagSet, o *options) {
	fs.StringVar(&o.lang, "lang", o.lang, "the language of the runner's messages and of the chapters they name: en, or zh for the Chinese edition (chapters/zh/); without it, the locale's")
}

// speaks gives a command that speaks to a learner the program's -lang after its name too, so
// that hint -lang zh 01 is go run ./tools/lab -lang zh hint 01.
func speaks(o *options, cmd *cli.Command) *cli.Command {
	own := cmd.Flags
	cmd.Flags = func(fs *flag.FlagSet) {
		langFlag(fs, o)
		if own != nil {
			own(fs)
		}
	}
	return cmd
}
