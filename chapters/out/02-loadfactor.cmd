# the runtime's load factor table, measured on the lab's map
go run ./tools/course layout 02-buckets loadfactor
