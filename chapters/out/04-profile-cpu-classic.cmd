# step 1 on the classic map (Go 1.25, noswissmap)
GOTOOLCHAIN=go1.25.5 GOEXPERIMENT=noswissmap go run ./chapters/code/04-growth/profile -cpuprofile build/04-growth/cpu-classic.pprof
