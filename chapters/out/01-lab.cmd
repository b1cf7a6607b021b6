# the lab as shipped: every test fails and says which rule is broken
# exit 1
go test -count=1 ./labs/01-basics
