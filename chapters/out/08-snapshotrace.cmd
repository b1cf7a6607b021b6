# the lab's Registry as shipped, raced as in the operator (one writer, one Snapshot) and by two
# writers, then the solution's, each in 5 child processes (Go 1.27, Swiss tables)
go test -count=1 -v ./chapters/code/08-operator/snapshotrace
