package labtest

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"regexp"
	"syscall"
	"testing"
	"time"
)

// Rerun runs this test binary again as a child process that runs no test (-test.run=^$), with
// env added to its environment: the lab's TestMain sees the variable and runs a workload
// instead of the tests. So a workload that the runtime may stop with a fatal error, which no
// recover catches, ends one test with a message instead of the whole test binary.
//
// It returns the child's combined output and exit status. A race can also leave a map so
// broken that an operation never ends: a child still running when a tenth of the time left
// before t's deadline (go test -timeout) remains is stopped with SIGQUIT, which makes it print
// every goroutine, and hung is true.
func Rerun(t testing.TB, env ...string) (out string, code int, hung bool) {
	t.Helper()
	return rerun(t, "^$", env)
}

// RerunTest is [Rerun] for a child process that runs t's own test, once: the test sees the
// variable in env and runs its workload instead of starting another child.
func RerunTest(t testing.TB, env ...string) (out string, code int, hung bool) {
	t.Helper()
	return rerun(t, "^"+regexp.QuoteMeta(t.Name())+"$", env)
}

func rerun(t testing.TB, run string, env []string) (out string, code int, hung bool) {
	t.Helper()
	ctx := context.Background()
	if d, ok := t.(interface{ Deadline() (time.Time, bool) }); ok {
		if deadline, ok := d.Deadline(); ok {
			var cancel context.CancelFunc
			ctx, cancel = context.WithDeadline(ctx, deadline.Add(-time.Until(deadline)/10))
			defer cancel()
		}
	}
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run="+run, "-test.count=1")
	cmd.Cancel = func() error { return cmd.Process.Signal(syscall.SIGQUIT) }
	cmd.Env = append(os.Environ(), env...)
	b, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatalf("could not start this test binary again as a child process: %v", err)
	}
	if exit != nil {
		code = exit.ExitCode()
	}
	return string(b), code, ctx.Err() != nil
}
