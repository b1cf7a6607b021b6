# two goroutines each write one key of a map, once: the runtime's check misses it
# (GOMAXPROCS=1: one thread runs Go code, so the two writes never overlap and the output is the
# same every time; with more threads they overlap, and the check fires, on rare runs)
GOMAXPROCS=1 go test -count=1 -v -run TestOneWriteEach ./chapters/code/06-races/detect
