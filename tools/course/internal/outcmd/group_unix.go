//go:build unix

package outcmd

import (
	"os/exec"
	"syscall"
)

// inGroup makes cmd lead a process group of its own, which its cancellation kills whole.
func inGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
}
