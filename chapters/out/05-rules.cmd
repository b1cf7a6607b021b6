# the spec's rules for changing a map during range, on the built-in map: the shared suite's
# Rotation and MutateDuringAll, and the freedom the spec leaves for new entries
# vary produced from \d+ to \d+ of them \(\d+ different counts\)
go test -count=1 -v -run "TestBuiltin(Rotation|MutateDuringAll)$|TestCreatedDuringRange|TestProducedTwiceAfterEmptying" ./labs/internal/maptest ./chapters/code/05-iteration/spec
