// The classic bucketed map: Go 1.24 and 1.25 with GOEXPERIMENT=noswissmap.

//go:build !goexperiment.swissmap && !go1.26

package main

const implementation = "classic buckets (runtime/map_noswiss.go)"
