# writes per minute of the registry ConfigMap, with nothing changing: the lab's operator as
# shipped (hot loop), then the solution's, against envtest's kube-apiserver and etcd
# vary labs/08-operator +20s +\d+ +\d+ +\d+
# a window that saw only a late reconcile is measured again, with a line that says so
# drop ^writerate: .* measuring again
go run ./chapters/code/08-operator/writerate
