//go:build !goexperiment.swissmap && !go1.26

package spec

// swissRuntime says which map the test binary was built with: here the
// classic map (Go 1.25 with GOEXPERIMENT=noswissmap).
const swissRuntime = false
