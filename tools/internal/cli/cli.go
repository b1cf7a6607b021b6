// Package cli is what the course's programs (lab, course, inspect, envtest) share: a table of
// commands, in the manner of cmd/go's base.Command, from which the usage line, the help and the
// manual are generated; one way to say a usage error; one set of exit statuses. A usage error
// is one line and the usage, exit 2; a command that ran and found something broken has already
// said what, and exits 1; any other error is one sentence saying what to do, exit 1.
package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strings"
	"syscall"
)

// UsageError is a mistake in the command line.
type UsageError struct{ Msg string }

func (e *UsageError) Error() string { return e.Msg }

// Usagef returns a UsageError.
func Usagef(format string, args ...any) error {
	return &UsageError{fmt.Sprintf(format, args...)}
}

// ErrFailed reports that a command ran and found something broken; what broke
// has already been printed, so main only sets the exit status.
var ErrFailed = errors.New("failed")

// IO is where a command reads and writes, passed in so that tests can drive it.
type IO struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
}

// A Command is one command of a program.
type Command struct {
	Name  string // the word that runs it: "check"
	Usage string // what follows the name in the usage line: its flags and arguments, "[-check] [NAME...]"
	Short string // one line for the list of commands
	Long  string // what it does, every flag, as sentences: help prints it; the manual its first paragraph
	// Flags defines the command's flags; it is called on a new flag set for each run, so the
	// variables it binds are the run's own.
	Flags func(fs *flag.FlagSet)
	// NoArgs refuses arguments after the flags, with a usage error.
	NoArgs bool
	// Run runs the command with the arguments that follow its flags. Its ctx ends on Ctrl-C.
	Run func(ctx context.Context, io IO, args []string) error
}

// A Program is a command-line program: its commands, and what its manual says around them.
type Program struct {
	Name    string // the prefix of its messages: "course"
	Path    string // how a reader runs it: "go run ./tools/course"
	Doc     string // the manual's first paragraph: what the program is
	Default string // the command that runs when none is named
	// Flags defines the flags that come before the command (lab's -C and -lane), and
	// FlagsUsage shows them in the usage line.
	Flags      func(fs *flag.FlagSet)
	FlagsUsage string
	Commands   []*Command
	Footer     string // the manual's text after the commands
}

// Main runs the program with the process's arguments and exits with its status.
func (p *Program) Main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := p.Exec(ctx, os.Args[1:], IO{os.Stdin, os.Stdout, os.Stderr})
	stop()
	os.Exit(code)
}

// Exec runs the program and turns its error into what the reader sees on stderr and the exit
// status: 0 success, 1 a failure, 2 a usage error.
func (p *Program) Exec(ctx context.Context, args []string, io IO) int {
	err := p.Run(ctx, args, io)
	var usage *UsageError
	switch {
	case err == nil:
		return 0
	case errors.Is(err, ErrFailed):
		return 1
	case errors.As(err, &usage):
		fmt.Fprintf(io.Stderr, "%s: %s\n%s\n", p.Name, usage.Msg, p.UsageLine())
		return 2
	}
	fmt.Fprintf(io.Stderr, "%s: %v\n", p.Name, err)
	return 1
}

// Run parses the program's flags, finds the command and runs it. "help" prints the usage
// line and the commands, "help NAME" one command's help.
func (p *Program) Run(ctx context.Context, args []string, io IO) error {
	if p.Flags != nil {
		fs := newFlagSet(p.Name, p.Flags)
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return p.help(io.Stdout, nil)
			}
			return Usagef("%v", err)
		}
		args = fs.Args()
	}
	if p.single() {
		return p.runCommand(ctx, p.Commands[0], args, io)
	}
	name := p.Default
	if len(args) > 0 && (!strings.HasPrefix(args[0], "-") || isHelp(args[0])) {
		name, args = args[0], args[1:]
	}
	if name == "help" || isHelp(name) {
		return p.help(io.Stdout, args)
	}
	c := p.Lookup(name)
	if c == nil {
		return Usagef("unknown command %q", name)
	}
	return p.runCommand(ctx, c, args, io)
}

func (p *Program) runCommand(ctx context.Context, c *Command, args []string, io IO) error {
	fs := newFlagSet(c.Name, c.Flags)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return p.help(io.Stdout, []string{c.Name})
		}
		if p.single() {
			return Usagef("%v", err)
		}
		return Usagef("%s: %v", c.Name, err)
	}
	if c.NoArgs && fs.NArg() > 0 {
		return Usagef("%s: unexpected argument %q", c.Name, fs.Arg(0))
	}
	return c.Run(ctx, io, fs.Args())
}

// isHelp reports whether arg asks for the program's help: -h, -help or --help.
func isHelp(arg string) bool { return arg == "-h" || arg == "-help" || arg == "--help" }

// newFlagSet is a flag set that prints nothing, with the flags define defines (none if nil).
func newFlagSet(name string, define func(fs *flag.FlagSet)) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	if define != nil {
		define(fs)
	}
	return fs
}

// single reports whether the program is one command, named "": its arguments follow the
// program's path directly.
func (p *Program) single() bool { return len(p.Commands) == 1 && p.Commands[0].Name == "" }

// Lookup returns the command named name, or nil.
func (p *Program) Lookup(name string) *Command {
	if i := slices.IndexFunc(p.Commands, func(c *Command) bool { return c.Name == name }); i >= 0 {
		return p.Commands[i]
	}
	return nil
}

// UsageLine is the one line that says how to run the program: "usage: go run ./tools/lab
// [-C dir] [list | run NN | ...]".
func (p *Program) UsageLine() string {
	if p.single() {
		return fmt.Sprintf("usage: %s %s", p.Path, p.Commands[0].Usage)
	}
	var cmds []string
	for _, c := range p.Commands {
		cmds = append(cmds, c.usage())
	}
	return fmt.Sprintf("usage: %s [%s]", p.pathFlags(), strings.Join(cmds, " | "))
}

// pathFlags is the program's path and the usage of its own flags: "go run ./tools/lab [-C dir]".
func (p *Program) pathFlags() string {
	return strings.TrimSpace(p.Path + " " + p.FlagsUsage)
}

func (c *Command) usage() string {
	if c.Usage == "" {
		return c.Name
	}
	return c.Name + " " + c.Usage
}

// help prints the usage line and the list of commands, or with a command's name, its usage,
// its manual text and its flags.
func (p *Program) help(w io.Writer, args []string) error {
	if p.single() || len(args) == 0 {
		fmt.Fprintln(w, p.UsageLine())
		if p.single() {
			return nil
		}
		fmt.Fprintln(w)
		for _, c := range p.Commands {
			fmt.Fprintf(w, "\t%-10s %s\n", c.Name, c.Short)
		}
		fmt.Fprintf(w, "\n%s help COMMAND says more about one.\n", p.Path)
		return nil
	}
	c := p.Lookup(args[0])
	switch {
	case len(args) > 1:
		return Usagef("help takes one command's name")
	case c == nil:
		var names []string
		for _, c := range p.Commands {
			names = append(names, c.Name)
		}
		return Usagef("there is no command %q: the commands are %s", args[0], strings.Join(names, ", "))
	}
	fmt.Fprintf(w, "usage: %s %s\n\n%s\n", p.Path, c.usage(), wrap(c.Long, 96, ""))
	fs := newFlagSet(c.Name, c.Flags)
	fs.SetOutput(w)
	fs.PrintDefaults()
	return nil
}
