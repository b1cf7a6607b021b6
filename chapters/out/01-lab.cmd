# the lab as shipped: every test fails and says which rule is broken
# drop ^still running the tests of 
# exit 1
go test -count=1 ./labs/01-basics
