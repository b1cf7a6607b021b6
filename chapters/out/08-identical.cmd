# envtest's API server skips an update that changes nothing (labs/kubeassets' smoke test)
# vary resourceVersion (still )?\d+( -> \d+)?
go test -count=1 -v -run TestAPIServerSkipsIdenticalUpdate ./labs/kubeassets
