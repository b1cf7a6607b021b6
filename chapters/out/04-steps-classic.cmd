# the same on the classic map (Go 1.25, noswissmap); overflow buckets and the end of each
# evacuation depend on the hash seed
# vary allocated +[0-9]+ bytes in [0-9]+ object
# vary len +[0-9]+: B [0-9]+, [0-9]+ buckets +the insert
# vary now holds [0-9]+ bytes
GOTOOLCHAIN=go1.25.5 GOEXPERIMENT=noswissmap go run ./chapters/code/04-growth/steps
