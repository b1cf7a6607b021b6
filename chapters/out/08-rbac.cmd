# the ClusterRole controller-gen writes from the operator's RBAC marker, saved for 08-rbac-run
# save build/08-operator/role.yaml
# takes 30s
go run sigs.k8s.io/controller-tools/cmd/controller-gen@v0.23.0 rbac:roleName=registry-operator paths=./solutions/08-operator output:stdout
