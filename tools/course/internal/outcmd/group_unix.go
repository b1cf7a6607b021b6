//go:build unix

package outcmd

import (
	"os/exec"
	"syscall"
)

// inGroup makes cmd the leader of a process group of its own, and its cancellation kill that
// group: the go command and the program it runs.
func inGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
}
