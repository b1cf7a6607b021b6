# the same test on the classic map
# exit 1
GOTOOLCHAIN=go1.25.5 GOEXPERIMENT=noswissmap go test -count=1 -run TestHistogramNaNKeys ./labs/01-basics
