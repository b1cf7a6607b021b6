# NaN keys on the classic runtime: the same semantics
GOTOOLCHAIN=go1.25.5 GOEXPERIMENT=noswissmap go run ./chapters/code/01-basics/nan
