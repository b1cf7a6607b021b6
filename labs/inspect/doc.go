// Package inspect reads the layout of a live built-in map: the runtime's own
// structures, through unsafe, without changing them.
//
// Two map implementations exist, and a build has exactly one of them:
//
//   - Swiss tables (Go 1.27 and Go 1.26; Go 1.25 by default), in
//     internal/runtime/maps: a Map header (used, seed, a directory of tables,
//     globalDepth), tables of at most 1024 slots (capacity, used,
//     growthLeft, localDepth) made of groups of 8 slots with one control
//     byte each; a map of at most 8 entries is a single group with no table
//     (dirLen == 0). A group is its 8-byte control word then 8 slots of a
//     key followed by its value, except on Go 1.27 with
//     GOEXPERIMENT=mapsplitgroup, where it is the control word, then the 8
//     keys, then the 8 values ([SwissLayout.Split]). The package reads
//     where keys and values sit from the map type, as the runtime does:
//     slot size and value offset on Go 1.25 and 1.26, KeysOff, KeyStride,
//     ElemsOff and ElemStride on Go 1.27.
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
// The package knows the layouts of Go 1.25 (Swiss, or classic with
// GOEXPERIMENT=noswissmap), Go 1.26 and Go 1.27 (interleaved, or split with
// GOEXPERIMENT=mapsplitgroup) on 64-bit platforms, checked on linux/amd64. A
// build mirrors the structures of the toolchain that compiled it, so it
// reads only that release: built with Go 1.27 it knows go1.27.x, with Go
// 1.25 or 1.26 it knows go1.25.x and go1.26.x, whose Swiss structures are the
// same. On any other runtime (a newer release, a release candidate, a
// development build) every function returns an error saying so instead of
// reading memory it does not understand.
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

//course:every-lane it reads the map runtime's own structures, which differ from one lane to the next
