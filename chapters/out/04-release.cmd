# delete frees the values, not the slots (Go 1.27). The program runs with one P, so that the live
# heap is the same on every run: nothing is masked.
go run ./chapters/code/04-growth/release
