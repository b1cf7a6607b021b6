// Go 1.27 with GOEXPERIMENT=mapsplitgroup, which sets this build tag
// (internal/goexperiment/exp_mapsplitgroup_on.go).

//go:build goexperiment.mapsplitgroup

package inspect

// splitGroups says that a Swiss group holds its control word, then its 8
// keys, then its 8 values.
const splitGroups = true
