# two goroutines on one map, in a child process: the runtime's fatal error, exit status 2, no recover (Go 1.27, Swiss tables)
go test -count=1 -v -run TestFatal ./chapters/code/06-races/fatal
