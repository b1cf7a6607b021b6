# delve stops in a range loop over 1000 keys on Go 1.27 (Swiss tables): the map, its
# internal/runtime/maps.Map header, and the iterator's random offsets
# (TERM=dumb: no colour escapes)
# vary k = \d+
# vary \d+: "v\d+"
# vary seed: \d+
# vary (entryOffset|dirOffset|entryIdx): \d+
# vary (?m)^\d+$
# vary the first was \d+, in .*
# vary Process \d+
TERM=dumb go tool dlv debug ./chapters/code/05-iteration/walk --allow-non-terminal-interactive=true --init chapters/code/05-iteration/walk/swiss.dlv
