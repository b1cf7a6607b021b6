# step 5 of lab 08 on three wrong Snapshots, 10 runs each (go test -overlay): refused every time
go test -count=1 -v ./chapters/code/08-operator/latecopy
