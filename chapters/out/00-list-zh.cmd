# the state of every lab, in a fresh clone, for a reader of the Chinese edition
# drop ^仍在运行
go run ./tools/lab list -lang zh
