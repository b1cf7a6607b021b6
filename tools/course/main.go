package main

import (
	"gomaps/tools/course/internal/bench"
	"gomaps/tools/course/internal/check"
	"gomaps/tools/course/internal/doctor"
	"gomaps/tools/course/internal/explorer"
	"gomaps/tools/course/internal/lanes"
	"gomaps/tools/course/internal/layout"
	"gomaps/tools/course/internal/outcmd"
	"gomaps/tools/course/internal/outputs"
	"gomaps/tools/course/internal/pack"
	"gomaps/tools/course/internal/prepare"
	"gomaps/tools/course/internal/serve"
	"gomaps/tools/course/internal/zh"
	"gomaps/tools/internal/cli"
)

func main() { program().Main() }

// program is the course command's table of commands, in the order the manual lists them.
// Each call makes a new one, so that a run's flags are its own.
func program() *cli.Program {
	return &cli.Program{
		Name:    "course",
		Path:    "go run ./tools/course",
		Doc:     "Course starts the course and runs the checks CI runs.",
		Default: "serve",
		Commands: []*cli.Command{
			serve.Command(),
			check.Command(),
			lanes.Command(),
			outputs.Command(),
			zh.Command(),
			prepare.Command(),
			doctor.Command(),
			pack.Command(),
			pack.UnpackCommand(),
			layout.Command(),
			bench.Command(),
			explorer.Command(),
		},
		Footer: footer,
	}
}

// footer is the manual's text after the commands.
const footer = `Missing tools are installed when that is possible: as root with apt-get, Debian's packages
(mkdocs mkdocs-material python3-pymdownx, nodejs npm, chromium); otherwise mkdocs goes into a
virtualenv in build/venv with pip. When neither works, course says what to install.

# Command outputs in chapters

` + outcmd.Format + `

Exit status: 0 success, 1 a failure (for check: a step failed), 2 a usage error.`
