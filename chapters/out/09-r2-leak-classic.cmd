# page "What you may have read elsewhere", R2 (100 Go Mistakes #28): the text's program rerun
# on the classic map (Go 1.25.5, GOEXPERIMENT=noswissmap), where it prints the text's figures.
GOTOOLCHAIN=go1.25.5 GOEXPERIMENT=noswissmap go run ./chapters/code/09-claims/r2/leak
