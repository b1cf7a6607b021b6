# the lab as shipped: the runner shows step 1
# drop ^still running the tests of 
# exit 1
go run ./tools/lab run 02
