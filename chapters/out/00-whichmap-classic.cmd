# Go 1.25 with the experiment turned off: the classic map
GOTOOLCHAIN=go1.25.5 GOEXPERIMENT=noswissmap go run ./chapters/code/00-setup/whichmap
