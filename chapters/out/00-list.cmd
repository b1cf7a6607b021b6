# the state of every lab, in a fresh clone
# drop ^still running the tests of 
go run ./tools/lab list
