# the same tests on the classic map (Go 1.25, noswissmap)
# vary produced from \d+ to \d+ of them \(\d+ different counts\)
GOTOOLCHAIN=go1.25.5 GOEXPERIMENT=noswissmap go test -count=1 -v -run "TestBuiltin(Rotation|MutateDuringAll)$|TestCreatedDuringRange|TestProducedTwiceAfterEmptying" ./labs/internal/maptest ./chapters/code/05-iteration/spec
