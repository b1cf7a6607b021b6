go run ./tools/course layout 02-buckets overflow
