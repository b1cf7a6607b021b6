# a map in the middle of doubling from 4 to 8 buckets, as a diagram
# raw
go run ./tools/course layout 02-buckets growing mermaid
