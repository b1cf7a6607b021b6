// Package cli holds what the course's commands share about errors and exit
// statuses: a usage error is one line and exit 2; a command that ran and
// found something broken has already said what, and exits 1.
package cli

import (
	"errors"
	"fmt"
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
