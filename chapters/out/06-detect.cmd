# two goroutines each write one key of a map, once: the runtime's check misses it
go test -count=1 -v -run TestOneWriteEach ./chapters/code/06-races/detect
