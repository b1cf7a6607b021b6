# the lines of controller-runtime and client-go (the versions in go.mod) that requeue a failed
# reconcile, rate limited, forget a request whose reconcile returned nil, and back off a watch
go run ./chapters/code/08-operator/requeue
