//go:build !race

package main

// underRace is set when the tests run under the race detector.
const underRace = false
