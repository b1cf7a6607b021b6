//go:build unix

package cputime

import "syscall"

// Now returns the processor time the process has used so far, user and system, in nanoseconds
// (getrusage(RUSAGE_SELF)), or -1 if the system does not say.
func Now() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return -1
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
