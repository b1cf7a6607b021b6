# page "What you may have read elsewhere", R5 (Dave Cheney, 2017): the post's program, the size
# of a map value and of a uintptr, rerun on the classic map (Go 1.25.5, GOEXPERIMENT=noswissmap)
GOTOOLCHAIN=go1.25.5 GOEXPERIMENT=noswissmap go run ./chapters/code/09-claims/r5/sizeof
