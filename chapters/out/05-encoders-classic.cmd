# the same on the classic map (Go 1.25, noswissmap): a map of 10 keys has 2 buckets, so up
# to 16 orders
# vary \d+ different outputs
GOTOOLCHAIN=go1.25.5 GOEXPERIMENT=noswissmap go run ./chapters/code/05-iteration/encoders
