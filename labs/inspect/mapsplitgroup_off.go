// Every build without GOEXPERIMENT=mapsplitgroup: Go 1.25 and Go 1.26, which
// have no such experiment, and Go 1.27 by default.

//go:build !goexperiment.mapsplitgroup

package inspect

// splitGroups says that a Swiss group holds its control word, then 8 slots
// of a key followed by its value (false), not all keys then all values.
const splitGroups = false
