package main

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"gomaps/tools/internal/cli"
)

// parseFlags parses a command's flags; it turns flag errors into usage errors and reports
// whether -h asked for the usage, which it prints.
func parseFlags(fs *flag.FlagSet, args []string, stdout io.Writer) (help bool, err error) {
	fs.SetOutput(io.Discard)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(stdout, usageLine)
			return true, nil
		}
		return false, cli.Usagef("%s: %v", fs.Name(), err)
	}
	return false, nil
}
