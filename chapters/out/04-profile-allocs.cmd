# step 1 of the heap walkthrough: every allocation recorded (MemProfileRate = 1), on Go 1.27
go run ./chapters/code/04-growth/profile -memprofile build/04-growth/allocs.pprof
