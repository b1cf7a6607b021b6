# Go 1.26 no longer knows the experiment
# exit 2
GOEXPERIMENT=noswissmap go run ./chapters/code/00-setup/whichmap
