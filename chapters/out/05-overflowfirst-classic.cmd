# on the classic map (Go 1.25, noswissmap): a key of an overflow bucket comes first once deletes
# have emptied its bucket's own slots; the bucket and the counts depend on the hash seed
# vary bucket \d+
# vary \d+ in \d+ overflow bucket
# vary \d+ \(\d+\.\d%\)
# vary \(\d+ ranges\)
GOTOOLCHAIN=go1.25.5 GOEXPERIMENT=noswissmap go run ./chapters/code/05-iteration/overflowfirst
