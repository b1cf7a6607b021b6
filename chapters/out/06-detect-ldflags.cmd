# -ldflags=-race passes -race to the linker only: nothing is instrumented, nothing is detected
GOMAXPROCS=1 go test -count=1 -ldflags=-race -v -run TestOneWriteEach ./chapters/code/06-races/detect
