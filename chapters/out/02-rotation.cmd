# ranging over a small built-in map on the classic runtime: only rotations
GOTOOLCHAIN=go1.25.5 GOEXPERIMENT=noswissmap go run ./chapters/code/02-buckets/rotation
