# a lab that does not exist: one sentence, and the usage
# exit 1
go run ./tools/lab run 99
