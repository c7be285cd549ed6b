//go:build !race

package tournaments

// underRace is set when the tests run under the race detector.
const underRace = false
