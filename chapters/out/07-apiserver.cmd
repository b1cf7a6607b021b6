# a real kube-apiserver and etcd (envtest): which updates of a ConfigMap are written, and what
# generation and the two predicates say about each
# vary resourceVersion \d+
# vary \(\d+\.\d+s\)
# vary \t\d+\.\d+s
go test -count=1 -v ./chapters/code/07-controllers/apiserver
