# the frame that heads each allocating stack under the three grow functions, once runtime/pprof
# has dropped the leading runtime frames: the flat column. The bytes vary with the hash seed
# (a table splits or not) and with what the runtime allocates; the names and their order do not.
# vary Build ID: [0-9a-f]+
# vary Time: .*
# vary for [0-9.]+[kMG]?B, .* of [0-9.]+[kMG]?B total
# vary out of [0-9]+$
# vary Dropped [0-9]+ nodes \(cum <= [0-9.]+[kMG]?B\)
# vary ^ +[0-9.]+[kMG]?B +[0-9.]+% +[0-9.]+% +[0-9.]+[kMG]?B +[0-9.]+%
GOTOOLCHAIN=go1.27.3 go tool pprof -top -nodecount=6 -focus ^main\.grow build/04-growth/heads.pprof
