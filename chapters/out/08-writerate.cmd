# writes per minute of the registry ConfigMap, with nothing changing: the lab's operator as
# shipped (hot loop), then the solution's, against envtest's kube-apiserver and etcd
# vary labs/08-operator +20s +\d+ +\d+ +\d+
# the solution writes nothing on every run; its reconciles are 0 unless the watch event of its
# own last write reaches it only once the window has started (a busy machine), so that column
# is masked:
# vary (?m) +[0-9]+$
go run ./chapters/code/08-operator/writerate
