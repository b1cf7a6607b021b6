# a lab that does not exist, for a reader of the Chinese edition: one sentence, and the usage
# exit 1
go run ./tools/lab run -lang zh 99
