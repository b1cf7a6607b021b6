# Go 1.26 and newer no longer know the experiment
# exit 2
GOEXPERIMENT=noswissmap go run ./chapters/code/00-setup/whichmap
