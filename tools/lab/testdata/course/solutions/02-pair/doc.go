// Package pair is the second fixture lab.
//
// want.go is the tests' own answer, and the learner does not edit it: the runner checks it
// with the tests.
//
//lab:given want.go
package pair
