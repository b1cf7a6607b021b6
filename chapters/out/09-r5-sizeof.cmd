# page "What you may have read elsewhere", R5 (Dave Cheney, 2017): the post's program, the size
# of a map value and of a uintptr, rerun on Go 1.27.3, Swiss tables
GOTOOLCHAIN=go1.27.3 go run ./chapters/code/09-claims/r5/sizeof
