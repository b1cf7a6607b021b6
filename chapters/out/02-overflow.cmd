# two buckets, one with an emptyOne slot and an overflow bucket, as a diagram
# raw
go run ./tools/course layout 02-buckets overflow mermaid
