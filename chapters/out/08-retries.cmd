# when a controller tries again a request whose reconcile fails from the start of an outage,
# with the rate limiter controller-runtime gives it when its options set none (the priority
# queue's, the default), and with UsePriorityQueue false
go run ./chapters/code/08-operator/retries
