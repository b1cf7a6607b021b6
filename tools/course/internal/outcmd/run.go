package outcmd

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"gomaps/tools/course/internal/scrub"
	"gomaps/tools/internal/gocmd"
)

// ErrTimeLimit is what Run returns when ctx's deadline stopped the command.
var ErrTimeLimit = errors.New("stopped at its time limit")

// A Runner runs commands of chapters/out from the course's root with a go command.
type Runner struct {
	Root string
	Go   gocmd.Go  // whose environment the command runs in; the .cmd's own variables win
	Live io.Writer // when set, receives what the command prints as it prints it
	// Group runs the command in a process group of its own, killed whole when ctx ends (a go
	// run's program dies with the go command); a terminal's Ctrl-C then no longer reaches it.
	Group bool
}

// Run runs c's command and returns its combined output, without the go command's download
// lines, and its exit status; an error when it could not run, or ctx ended (ErrTimeLimit).
func (r Runner) Run(ctx context.Context, c *Cmd) ([]byte, int, error) {
	// In a neutral locale, so that the lab runner prints the book's text whatever the machine's
	// locale; c's variables win, so that a go command runs the toolchain they name.
	cmd := r.Go.With("LC_ALL=C.UTF-8", "LC_MESSAGES=", "LANG=C.UTF-8").With(c.Env...).In(r.Root).Tool(ctx, c.Argv[0], c.Argv[1:]...)
	var out bytes.Buffer
	cmd.Stdout = &out
	if r.Live != nil {
		cmd.Stdout = io.MultiWriter(&out, r.Live)
	}
	cmd.Stderr = cmd.Stdout
	cmd.WaitDelay = 5 * time.Second // a child that keeps the output open does not hold Wait longer
	if r.Group {
		inGroup(cmd)
	}
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		return nil, 0, ErrTimeLimit
	case ctx.Err() != nil:
		return nil, 0, ctx.Err()
	case errors.As(err, &exit):
		return DropGoProgress(out.Bytes()), exit.ExitCode(), nil
	case err != nil:
		return nil, 0, err
	}
	return DropGoProgress(out.Bytes()), 0, nil
}

// Shown is what chapters/out/NAME.txt holds for the output out: "$ " and the command line (but
// for # raw), then the lines # keep and # drop leave, scrubbed, ending in a newline.
func (c *Cmd) Shown(out []byte, sc *scrub.Scrubber) string {
	var kept []byte
	for _, line := range bytes.SplitAfter(out, []byte("\n")) {
		if (c.Keep == nil || c.Keep.Match(line)) && (c.Drop == nil || !c.Drop.Match(line)) {
			kept = append(kept, line...)
		}
	}
	got := sc.Scrub(kept)
	if !c.Raw {
		got = "$ " + c.Line + "\n" + got
	}
	if !strings.HasSuffix(got, "\n") {
		got += "\n"
	}
	return got
}

// SaveOutput writes out to c's # save file, when it has one.
func (c *Cmd) SaveOutput(root string, out []byte) error {
	if c.Save == "" {
		return nil
	}
	file := filepath.Join(root, filepath.FromSlash(c.Save))
	err := os.MkdirAll(filepath.Dir(file), 0o755)
	if err == nil {
		err = os.WriteFile(file, out, 0o644)
	}
	if err != nil {
		return fmt.Errorf("%s: # save: %v", c.File, err)
	}
	return nil
}

// Printed returns the committed output of c, chapters/out/NAME.txt.
func (c *Cmd) Printed(root string) (string, error) {
	txt := Dir + "/" + c.Name + ".txt"
	want, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(txt)))
	if err != nil {
		return "", fmt.Errorf("%s is missing: run go run ./tools/course outputs %s", txt, c.Name)
	}
	return string(want), nil
}

// Same reports whether two texts of c's output match once normalized, and returns them normalized.
func (c *Cmd) Same(want, got string) (bool, string, string) {
	wantN, gotN := scrub.Normalize(want, c.Varying), scrub.Normalize(got, c.Varying)
	return wantN == gotN, wantN, gotN
}

// goProgress matches the go command's lines while it fetches a module or a toolchain.
var goProgress = regexp.MustCompile(`(?m)^go: downloading \S+( \S+)?\n`)

// DropGoProgress removes them, so that an output reads the same on a machine with an empty cache.
func DropGoProgress(out []byte) []byte {
	return goProgress.ReplaceAll(out, nil)
}
