# the fixed operator of lab 08 while its API server is killed and started again on the same etcd,
# a second API server changing members meanwhile: once with the watch cache, once without it
# and with etcd compacted; the reflector's log lines, the operator's requests that fetch the
# ConfigMaps whole (a list, or a stream with sendInitialEvents), the delete events, the registry's writes
# vary ^ *\d+\.\ds
# vary after \d+ writes? of it
# vary \d+ reconciles in all
go run ./chapters/code/08-operator/watchbreak
