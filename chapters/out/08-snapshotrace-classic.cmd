# the same on the classic map (Go 1.25, noswissmap)
GOTOOLCHAIN=go1.25.5 GOEXPERIMENT=noswissmap go test -count=1 -v ./chapters/code/08-operator/snapshotrace
