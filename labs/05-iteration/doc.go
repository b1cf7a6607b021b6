// Package iteration is lab 05 of "Go maps under the hood": output that does
// not depend on the order in which a map is ranged over.
//
// Ranging over a map starts at a random place on every range statement, so
// code that writes, hashes or rewrites a map in range order gives a different
// answer from one call to the next. The three functions of this lab do, as
// shipped. Make each one deterministic:
//
//   - Render (render.go) writes a configuration file: the same text for the
//     same configuration, every time;
//   - Checksum (checksum.go) hashes a map: the same number for the same
//     entries, whatever the order, in every process, and different numbers
//     for different maps;
//   - AddPrefix (prefix.go) renames every key of a map in place: each key
//     exactly once.
//
// The tests named TestStep<N>... grade step N, and call each function many
// times, because a wrong answer here is a matter of luck. Run
//
//	go test ./labs/05-iteration
//
// and make them pass without editing the tests. The chapter
// chapters/05-iteration.md explains why each one fails and has hints.
package iteration

//course:every-lane its tests lean on the runtime's randomized iteration order
