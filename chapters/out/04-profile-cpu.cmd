# step 1 of the CPU walkthrough: a CPU profile of maps growing, on Go 1.27
go run ./chapters/code/04-growth/profile -cpuprofile build/04-growth/cpu.pprof
