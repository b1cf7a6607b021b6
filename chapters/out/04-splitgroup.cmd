# Go 1.27's default group layout (interleaved key, value slots): the group of five map types, its
# arithmetic, and the bytes a full map holds per slot and per entry, by the inspector and by MemStats.
# 04-splitgroup-split runs the same with GOEXPERIMENT=mapsplitgroup. Nothing is masked: every map
# has one table whatever the hash seed, and the program runs with one P, so that the allocator's
# counters count the maps' allocations (a few bytes the runtime allocates for itself meanwhile do
# not show once divided by the 1000 maps).
GOTOOLCHAIN=go1.27.3 go run ./chapters/code/04-growth/splitgroup
