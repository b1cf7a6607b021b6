# the same marker as the last line of Reconcile's doc comment: controller-gen writes nothing
go run sigs.k8s.io/controller-tools/cmd/controller-gen@v0.23.0 rbac:roleName=registry-operator paths=./chapters/code/08-operator/misplaced output:stdout
