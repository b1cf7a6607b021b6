# the same test under the race detector
# exit 1
# vary \((running|finished)\) created at
GOMAXPROCS=1 go test -count=1 -race -run TestOneWriteEach ./chapters/code/06-races/detect
