//go:build !unix

package outcmd

import "os/exec"

// inGroup does nothing where there are no process groups: cancelling cmd kills it alone.
func inGroup(cmd *exec.Cmd) {}
