# how many goroutine stacks a fatal error prints on Go 1.27: only the one that hit the check,
# unless GOTRACEBACK=all
go test -count=1 -v -run TestStacks ./chapters/code/06-races/stacks
