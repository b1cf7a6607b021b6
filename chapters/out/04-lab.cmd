# the lab as shipped: the runner shows step 1
# exit 1
go run ./tools/lab run 04
