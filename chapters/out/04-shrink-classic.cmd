# the same on the classic map (Go 1.25, noswissmap). The slots of the bucket arrays follow from
# the count alone and are compared on every row. The overflow buckets depend on where the hash
# seed sends the keys (10 keys in 2 buckets need one when 9 or more share a bucket): that column
# is masked on every row, and the live heap on every row but the last, which is 0.0 MiB on every
# run and compared.
# vary (?m) (?P<v>[0-9]+ +[0-9]{2,}\.[0-9]) MiB$
# vary (?m) (?P<v>[0-9]+) +0\.0 MiB$
GOTOOLCHAIN=go1.25.5 GOEXPERIMENT=noswissmap go run ./chapters/code/04-growth/shrink
