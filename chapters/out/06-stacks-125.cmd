# the same on Go 1.25 (classic map): every goroutine, with or without GOTRACEBACK=all
GOTOOLCHAIN=go1.25.5 GOEXPERIMENT=noswissmap go test -count=1 -v -run TestStacks ./chapters/code/06-races/stacks
