# filling a map with and without a size hint (Go 1.27): the four measured columns vary
# vary (?m)( +[0-9.]+){4}$
go run ./chapters/code/04-growth/presize
