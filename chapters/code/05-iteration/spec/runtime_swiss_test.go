//go:build goexperiment.swissmap || go1.26

package spec

// swissRuntime says which map the test binary was built with: Swiss tables
// (Go 1.24 and 1.25 by default, Go 1.26 always).
const swissRuntime = true
