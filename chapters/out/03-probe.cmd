# the triangular probe sequence of step 3
go run ./chapters/code/03-swiss/probe
