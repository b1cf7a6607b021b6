# the same as 04-splitgroup with Go 1.27's GOEXPERIMENT=mapsplitgroup: groups of 8 keys, then 8 values
GOTOOLCHAIN=go1.27.3 GOEXPERIMENT=mapsplitgroup go run ./chapters/code/04-growth/splitgroup
