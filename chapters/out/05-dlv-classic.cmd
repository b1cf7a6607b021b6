# the same session on the classic map (Go 1.25, noswissmap): the runtime.hmap header and
# the runtime.hiter's random start
# (TERM=dumb: no colour escapes)
# vary k = \d+
# vary \d+: "v\d+"
# vary (hash0|noverflow): \d+
# vary (startBucket|offset|bucket|\bi): \d+
# vary wrapped: \w+
# vary the first was \d+, in .*
# vary Process \d+
# vary toolchain@v0\.0\.1-go1\.25\.5\.[a-z0-9]+-[a-z0-9]+
GOTOOLCHAIN=go1.25.5 GOEXPERIMENT=noswissmap TERM=dumb go tool dlv debug ./chapters/code/05-iteration/walk --allow-non-terminal-interactive=true --init chapters/code/05-iteration/walk/classic.dlv
