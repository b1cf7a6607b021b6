// Package cli is what the course's four commands (lab, course, inspect, envtest) share: one
// main, one way to say a usage error, one set of exit statuses. A usage error is one line and
// the usage, exit 2; a command that ran and found something broken has already said what, and
// exits 1; any other error is one sentence saying what to do, exit 1.
package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
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

// A Command is one of the course's commands: its name (the prefix of its messages), its usage
// line, and the whole program, with its inputs passed in so that tests can drive it. Run's ctx
// ends on Ctrl-C.
type Command struct {
	Name  string
	Usage string
	Run   func(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error
}

// Main runs the command with the process's arguments and exits with its status.
func Main(c Command) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := c.Exec(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// Exec runs the command and turns its error into what the reader sees on stderr and the exit
// status: 0 success, 1 a failure, 2 a usage error.
func (c Command) Exec(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	err := c.Run(ctx, args, stdin, stdout, stderr)
	var usage *UsageError
	switch {
	case err == nil:
		return 0
	case errors.Is(err, ErrFailed):
		return 1
	case errors.As(err, &usage):
		fmt.Fprintf(stderr, "%s: %s\n%s\n", c.Name, usage.Msg, c.Usage)
		return 2
	}
	fmt.Fprintf(stderr, "%s: %v\n", c.Name, err)
	return 1
}
