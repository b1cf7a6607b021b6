# the waits of client-go's retry.RetryOnConflict between attempts, with each backoff of
# k8s.io/client-go/util/retry; the milliseconds vary a little (jitter, the machine)
# vary : +\d+ ms
go run ./chapters/code/08-operator/backoff
