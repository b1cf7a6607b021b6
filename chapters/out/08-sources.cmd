# the lines of controller-runtime and client-go (the versions in go.mod) that chapter 08 explains:
# a failed reconcile requeued, rate limited, or forgotten; the rate limiter a controller gets when
# it sets none, with the priority queue (the default) and without it; how its delay grows
go run ./chapters/code/08-operator/sources queue
