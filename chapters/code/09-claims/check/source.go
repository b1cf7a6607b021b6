package check

// Where each map runtime's source is in a toolchain's tree, for Find, Has, Lacks and FuncBody.
const (
	// NoSwiss is the file of the classic map (hmap, buckets, evacuate) in Go 1.25's source,
	// the one GOEXPERIMENT=noswissmap builds; Go 1.26 has no such file.
	NoSwiss = "src/runtime/map_noswiss.go"

	// Swiss is the folder of the Swiss tables' runtime (Map, table, group) in Go 1.25's source
	// and later.
	Swiss = "src/internal/runtime/maps"
)
