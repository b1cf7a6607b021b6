# on Linux, the race detector needs cgo: without it the go command refuses -race
# exit 2
CGO_ENABLED=0 go test -race ./chapters/code/06-races/detect
