# the real classic map growing, read from its own header (Go 1.25, noswissmap)
# vary nevacuate [0-9]+ of
# vary after [0-9]+ more writes
# vary noverflow [0-9]+
# vary after [0-9]+ writes
GOTOOLCHAIN=go1.25.5 GOEXPERIMENT=noswissmap go run ./chapters/code/02-buckets/growth
