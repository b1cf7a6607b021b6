// Package growth is lab 04 of "Go maps under the hood": memory and
// allocation bugs of programs that use the built-in map well in every other
// way.
//
// The code works: every function returns the right answer. What is wrong is
// what it costs. A builder lets its map grow when it knows the final size, a
// cache keeps what it was asked to forget, a purge leaves the map as big as
// it ever was, and a loop makes a new map for every batch. Each function to
// fix has a TODO comment saying what it must do, what is wrong with it as
// shipped, and which section of the chapter teaches it. The tests in the
// *_test.go files are the grader: they count allocations
// (testing.AllocsPerRun), read the map's layout with the course's inspector
// (package gomaps/labs/inspect) and measure the heap after a garbage
// collection; never the time. Run
//
//	go test ./labs/04-growth
//
// (Swiss tables, with any Go that the course runs on: go run ./tools/course
// lanes lists them) and, for the classic map,
//
//	env $(go run ./tools/course lanes -env classic) go test ./labs/04-growth
//
// and make them pass without editing the tests. The chapter
// chapters/04-growth.md explains what each number means and has hints.
package growth

//course:every-lane its tests count the runtime's allocations and read its layout through the inspector
