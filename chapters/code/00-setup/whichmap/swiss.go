// Go 1.24 and 1.25 build Swiss tables unless GOEXPERIMENT=noswissmap is set;
// Go 1.26 removed the experiment and has only Swiss tables.

//go:build goexperiment.swissmap || go1.26

package main

const implementation = "Swiss tables (internal/runtime/maps)"
