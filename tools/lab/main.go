// Lab is the course's lab runner: it runs the labs' tests and speaks to a learner.
//
// Usage:
//
//	go run ./tools/lab [-C dir] [-lane NAME] [command] [arguments]
//
// The commands are:
//
//	list            every lab with its state, and the next lab to do (the default)
//	run NN          run one lab: which tests fail, and the first message of each
//	watch [NN]      run a lab again on every save (NN defaults to the next lab to do)
//	hint NN [K]     show the next hint for the step you are on (the lowest failing step), one
//	                at a time, from a nudge to nearly the answer; with K, hint K; with
//	                -lang zh (or a locale whose LANG starts with zh), from the Chinese chapter
//	verify [-fuzztime 5000x] [NN...]  check the lab contract for the labs named, or every lab (CI runs this)
//	reset [-y] [-tests] NN  put a lab's files back to their shipped state; with -tests, only
//	                its *_test.go files (the grader), keeping the learner's own files
//	solution NN     show the diff between the learner's files and the solution
//	checkpoint NN [K]  bring a learner who fell behind to step K of lab NN: the solution of
//	                every step before K is put in place, func by func, and the code of step K
//	                and later stays the learner's; a lab without steps takes no K and gets its
//	                whole solution. The learner's files are saved first, outside the course
//	restore NN [K]  put back the learner's files of lab NN as the last checkpoint that changed
//	                them found them (or version K of the saved files), saving the ones there now
//	                as a version of their own; it says the folder every version is kept in
//	progress [-json]  one line for the room's chat, "01 ok · 02 ok · 03 step 5/8 · 04 - · ...",
//	                from the states list shows (- is not started); with -json, an array of
//	                {lab, state, step, steps} for scripts
//
// A lab is named by its number (01, 1) or its folder (01-basics). The runner
// works from the course's root folder, found by walking up from the current
// folder, or from the folder given with -C.
//
// -lane NAME runs the labs' go commands on one of the course's map runtimes, its lanes (listed
// by go run ./tools/course lanes; labs/lanes holds the table): -lane classic runs them on the
// classic bucketed map, with that lane's GOTOOLCHAIN and GOEXPERIMENT. Without it, the go
// command runs as your environment sets it.
//
// A step whose test files need a newer Go than the go command in use (//go:build go1.27, for lab
// 03's step 10) is not counted: run, list, hint and verify say which Go it needs and the command
// that runs it on the course's lane of that Go.
//
// Exit status: 0 when the command succeeded (for run: the lab passes), 1 when
// it ran and found a failure, 2 for a usage error.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"gomaps/labs/lanes"
	"gomaps/tools/internal/cli"
)

const usageLine = "usage: go run ./tools/lab [-C dir] [-lane NAME] [list | run NN | watch [NN] | hint [-lang en|zh] NN [K] | verify [-fuzztime Nx|D] [NN...] | reset [-y] [-tests] NN | solution NN | checkpoint NN [K] | restore NN [K] | progress [-json]]"

// command is the lab runner as package cli runs it.
var command = cli.Command{Name: "lab", Usage: usageLine, Run: run}

func main() { cli.Main(command) }

// runMain runs the program as main does, for the tests.
func runMain(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return command.Exec(ctx, args, stdin, stdout, stderr)
}

// run is the whole program, with its inputs and outputs passed in so the
// tests can drive it.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("lab", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	dir := fs.String("C", "", "the course's root folder")
	lane := fs.String("lane", "", "the map runtime to run the labs on: "+strings.Join(lanes.Names(), ", "))
	if err := fs.Parse(args); err != nil {
		return cli.Usagef("%v", err)
	}
	if *lane != "" {
		l, err := lanes.Get(*lane)
		if err != nil {
			return cli.Usagef("-lane: %v", err)
		}
		for _, kv := range l.Env() {
			k, v, _ := strings.Cut(kv, "=")
			os.Setenv(k, v)
		}
	}
	args = fs.Args()
	cmd := "list"
	if len(args) > 0 {
		cmd, args = args[0], args[1:]
	}
	if cmd == "help" || cmd == "-h" || cmd == "--help" {
		fmt.Fprintln(stdout, usageLine)
		return nil
	}
	c, err := openCourse(*dir)
	if err != nil {
		return err
	}
	c.progress = stdout
	switch cmd {
	case "list":
		if len(args) > 0 {
			return cli.Usagef("list takes no arguments")
		}
		return c.list(ctx, stdout)
	case "run":
		l, err := c.oneLab("run", args)
		if err != nil {
			return err
		}
		return c.runLab(ctx, l, stdout)
	case "watch":
		var l *lab
		if len(args) > 0 {
			if l, err = c.oneLab("watch", args); err != nil {
				return err
			}
		}
		return c.watch(ctx, l, stdout)
	case "hint":
		hs := flag.NewFlagSet("hint", flag.ContinueOnError)
		hs.SetOutput(io.Discard)
		lang := hs.String("lang", localeLang(), "the language of the chapter the hints come from: en, or zh for the Chinese edition (chapters/zh/)")
		if err := hs.Parse(args); err != nil {
			return cli.Usagef("hint: %v", err)
		}
		if *lang != "en" && *lang != "zh" {
			return cli.Usagef("hint: -lang %s: the book has en (English) and zh (Chinese)", *lang)
		}
		l, k, err := c.labAndNumber(hs.Args(), "hint takes a lab and an optional hint number, as in: hint 01 2 (or hint -lang zh 01 2)")
		if err != nil {
			return err
		}
		return c.hint(ctx, l, k, *lang, stdout)
	case "verify":
		vs := flag.NewFlagSet("verify", flag.ContinueOnError)
		vs.SetOutput(io.Discard)
		fuzzTime := vs.String("fuzztime", defaultFuzzTime, "how much to fuzz each fuzz target with its solution: a count of inputs (5000x) or a duration (10s); 0 for none")
		if err := vs.Parse(args); err != nil {
			return cli.Usagef("verify: %v", err)
		}
		if !validFuzzTime(*fuzzTime) {
			return cli.Usagef("verify: -fuzztime %s: want a count of inputs such as 5000x, or a duration such as 10s", *fuzzTime)
		}
		labs := c.labs
		if vs.NArg() > 0 {
			labs = nil
			for _, arg := range vs.Args() {
				l, err := c.lab(arg)
				if err != nil {
					return err
				}
				labs = append(labs, l)
			}
		}
		return c.verify(ctx, labs, *fuzzTime, stdout)
	case "reset":
		rs := flag.NewFlagSet("reset", flag.ContinueOnError)
		rs.SetOutput(io.Discard)
		yes := rs.Bool("y", false, "do not ask for confirmation")
		tests := rs.Bool("tests", false, "restore only the lab's tests, keeping the learner's files")
		if err := rs.Parse(args); err != nil {
			return cli.Usagef("reset: %v", err)
		}
		l, err := c.oneLab("reset", rs.Args())
		if err != nil {
			return err
		}
		if *tests {
			return c.resetTests(l, *yes, stdin, stdout)
		}
		return c.reset(l, *yes, stdin, stdout)
	case "solution":
		l, err := c.oneLab("solution", args)
		if err != nil {
			return err
		}
		return c.solution(l, stdout)
	case "checkpoint":
		l, k, err := c.labAndNumber(args, "checkpoint takes a lab and the step to reach, as in: checkpoint 03 5 (a lab without steps takes no step)")
		if err != nil {
			return err
		}
		return c.checkpoint(ctx, l, k, stdout)
	case "restore":
		l, k, err := c.labAndNumber(args, "restore takes a lab, and the number of a saved version if you want an older one, as in: restore 03")
		if err != nil {
			return err
		}
		return c.restore(l, k, stdout)
	case "progress":
		ps := flag.NewFlagSet("progress", flag.ContinueOnError)
		ps.SetOutput(io.Discard)
		asJSON := ps.Bool("json", false, "print a JSON array")
		if err := ps.Parse(args); err != nil {
			return cli.Usagef("progress: %v", err)
		}
		if ps.NArg() > 0 {
			return cli.Usagef("progress takes no lab: it reports every lab")
		}
		c.progress = stderr // stdout is the line (or the JSON) alone
		return c.progressReport(ctx, *asJSON, stdout)
	}
	return cli.Usagef("unknown command %q", cmd)
}
