// Package inspect reads the layout of a live built-in map: the runtime's own
// structures, through unsafe, without changing them.
//
// Two map implementations exist, and a build has exactly one of them:
//
//   - Swiss tables (Go 1.26; Go 1.25 by default), in internal/runtime/maps:
//     a Map header (used, seed, a directory of tables, globalDepth), tables of
//     at most 1024 slots (capacity, used, growthLeft, localDepth) made of
//     groups of 8 slots with one control byte each; a map of at most 8
//     entries is a single group with no table (dirLen == 0).
//   - Classic buckets (Go 1.25 with GOEXPERIMENT=noswissmap), in
//     runtime/map_noswiss.go: an hmap header (count, flags, B, noverflow,
//     hash0, buckets, oldbuckets, nevacuate), 2^B buckets of 8 slots with one
//     tophash byte each, and overflow chains.
//
// [Inspect] returns a [Layout] whose Swiss or Classic part is filled,
// matching the build; [Layout.Text] and [Layout.SVG] draw it. [Entries] and
// [Locate] say in which slot each key sits, and [Hash] computes the runtime's
// own hash of a key with the map's seed.
//
// The package knows the layouts of Go 1.25 and Go 1.26 on 64-bit platforms
// (checked on linux/amd64). On any other runtime every function returns an
// error saying so instead of reading memory it does not understand.
//
// # Rules
//
// Nothing here writes to the map. The map must not be written while it is
// being inspected: like any read of a Go map, inspecting a map that another
// goroutine is writing is a data race, and what is read may be half-updated.
// Inspect starts with an ordinary lookup in the map, so the race detector
// (-race) and the runtime's own check report such a writer as they would for
// any other read.
//
// A Layout is a copy: it does not change when the map does. Inspect again
// after writing.
package inspect
