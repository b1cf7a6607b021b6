# the lines of client-go, apimachinery and controller-runtime (the versions in go.mod) that
# chapter 08 explains: a reflector's backoff and its arithmetic; the WatchListClient feature and
# where the reflector's log lines come around a list or a streamed initial state; a relist's
# tombstones and DeleteStateUnknown
go run ./chapters/code/08-operator/sources watch
