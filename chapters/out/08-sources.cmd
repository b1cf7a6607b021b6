# the lines of controller-runtime and client-go (the versions in go.mod) that chapter 08 explains:
# a failed reconcile requeued, rate limited, or forgotten; a watch backing off; a relist's tombstones
go run ./chapters/code/08-operator/sources
