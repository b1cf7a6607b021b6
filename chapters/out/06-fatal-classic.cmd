# the same races on the classic map (Go 1.25, noswissmap): the same messages and exit status
GOTOOLCHAIN=go1.25.5 GOEXPERIMENT=noswissmap go test -count=1 -v -run TestFatal ./chapters/code/06-races/fatal
