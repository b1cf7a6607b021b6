# claims S2-28 and S2-29: delve stops in runtime.mapassign_fast64, called from m[k] = v, then
# prints len(m), and refuses cap(m) and "len(m), cap(m)" (Go 1.27)
# (TERM=dumb: no colour escapes)
# vary Process \d+
TERM=dumb go tool dlv debug ./chapters/code/09-claims/s2/testdata/dlvmap --allow-non-terminal-interactive=true --init chapters/code/09-claims/s2/testdata/dlvmap/session.dlv
