# the same on the classic map (Go 1.25, noswissmap)
GOTOOLCHAIN=go1.25.5 GOEXPERIMENT=noswissmap go run ./chapters/code/04-growth/firstinsert
