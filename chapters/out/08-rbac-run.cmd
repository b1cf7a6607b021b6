# the fixed operator, run on envtest as a user bound to that ClusterRole only
# vary registered 12 members in [0-9.]+m?s
go run ./chapters/code/08-operator/rbac build/08-operator/role.yaml
