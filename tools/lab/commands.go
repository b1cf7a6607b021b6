package main

import (
	"context"
	"flag"

	"gomaps/tools/internal/cli"
	"gomaps/tools/lab/internal/course"
)

// doc and footer are the manual's text around the commands (see doc.go, made from them).
const doc = `Lab is the course's lab runner: it runs the labs' tests and speaks to a learner.`

const footer = `A lab is named by its number (01, 1) or its folder (01-basics). The runner
works from the course's root folder, found by walking up from the current
folder, or from the folder given with -C.

-lane NAME runs the labs' go commands on one of the course's map runtimes, its lanes (listed
by go run ./tools/course lanes; labs/lanes holds the table): -lane classic runs them on the
classic bucketed map, with that lane's GOTOOLCHAIN and GOEXPERIMENT. Without it, the go
command runs as your environment sets it.

A step whose test files need a newer Go than the go command in use (//go:build go1.27, for lab
03's step 10) is not counted: run, list, hint and verify say which Go it needs and the command
that runs it on the course's lane of that Go. A step that a lab's doc.go names with //lab:first
comes before the others where its tests are built: there its files are under every other step's
code (lab 03's step 11, with GOEXPERIMENT=simd).

-lang en|zh is the language of the runner's messages and of the chapters they name: zh for a
reader of the Chinese edition, whose chapters are in chapters/zh/ (hints come from them). It
may also follow the name of any command but verify, as in hint -lang zh 01. Without it, the
locale decides: zh when the first of LC_ALL, LC_MESSAGES and LANG that is set starts with zh.
What the runner quotes stays as written: the labs' test messages, the compiler's, the TODO
comments. verify, which checks the course for its authors and CI, speaks English.

Exit status: 0 when the command succeeded (for run: the lab passes), 1 when
it ran and found a failure, 2 for a usage error.`

func listCommand(open course.Opener) *cli.Command {
	return &cli.Command{
		Name:  "list",
		Short: "every lab with its state, and the next lab to do",
		Long:  "every lab with its state, and the next lab to do",
		Run: open.Run(func(ctx context.Context, c *course.Course, io cli.IO, args []string) error {
			if len(args) > 0 {
				return cli.Usagef("%s", c.Lang.Pick("list takes no arguments", "list 不接受参数"))
			}
			return list(ctx, c, io.Stdout)
		}),
	}
}

func runCommand(open course.Opener) *cli.Command {
	return &cli.Command{
		Name:  "run",
		Usage: "NN",
		Short: "run one lab: which tests fail, and the first message of each",
		Long:  "run one lab: which tests fail, and the first message of each",
		Run: open.Run(func(ctx context.Context, c *course.Course, io cli.IO, args []string) error {
			l, err := c.OneLab("run", args)
			if err != nil {
				return err
			}
			return runLab(ctx, c, l, io.Stdout)
		}),
	}
}

func watchCommand(open course.Opener) *cli.Command {
	return &cli.Command{
		Name:  "watch",
		Usage: "[NN]",
		Short: "run a lab again on every save",
		Long:  "run a lab again on every save (NN defaults to the next lab to do)",
		Run: open.Run(func(ctx context.Context, c *course.Course, io cli.IO, args []string) error {
			var l *course.Lab
			if len(args) > 0 {
				var err error
				if l, err = c.OneLab("watch", args); err != nil {
					return err
				}
			}
			return watch(ctx, c, l, io.Stdout)
		}),
	}
}

func progressCommand(open course.Opener) *cli.Command {
	var asJSON bool
	return &cli.Command{
		Name:  "progress",
		Usage: "[-json]",
		Short: "one line for the room's chat, lab by lab",
		Long: `one line for the room's chat, "01 ok · 02 ok · 03 step 5/8 · 04 - · ...", from the ` +
			"states list shows (- is not started); with -json, an array of {lab, state, step, steps} for scripts",
		Flags: func(fs *flag.FlagSet) {
			fs.BoolVar(&asJSON, "json", false, "print a JSON array")
		},
		Run: open.Run(func(ctx context.Context, c *course.Course, io cli.IO, args []string) error {
			if len(args) > 0 {
				return cli.Usagef("%s", c.Lang.Pick("progress takes no lab: it reports every lab", "progress 不接受实验：它报告每一个实验"))
			}
			c.Progress = io.Stderr // stdout is the line (or the JSON) alone
			return progressReport(ctx, c, asJSON, io.Stdout)
		}),
	}
}
