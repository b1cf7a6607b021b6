# the state of every lab, in a fresh clone
go run ./tools/lab list
