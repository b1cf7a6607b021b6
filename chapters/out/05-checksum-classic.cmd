# the same on the classic map (Go 1.25, noswissmap)
# vary \d+ different checksums
GOTOOLCHAIN=go1.25.5 GOEXPERIMENT=noswissmap go run ./chapters/code/05-iteration/checksum
