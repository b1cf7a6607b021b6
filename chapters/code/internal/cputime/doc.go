// Package cputime reads the processor time a process has used, for the course's benchmarks: on
// a busy machine a benchmark's wall-clock time includes the time it waited for a processor,
// and its processor time (cpu-ns/op) does not.
package cputime
