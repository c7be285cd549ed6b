//go:build !race

package dds

// underRace is set when the tests run under the race detector (see
// race_on_test.go).
const underRace = false
