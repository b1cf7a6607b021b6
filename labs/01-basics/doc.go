// Package basics is lab 01 of "Go maps under the hood": the semantics of the
// built-in map, one rule per function.
//
// Each function to write has a TODO comment saying what it must do and which
// section of the chapter teaches it. The tests in the *_test.go files are the
// grader: run
//
//	go test ./labs/01-basics
//
// and make them pass without editing the tests. The chapter
// chapters/01-basics.md explains every rule and has hints.
package basics

//course:every-lane the rules it pins (NaN keys, clear, delete during range) are the map runtime's to keep
