//go:build !race

package live

// underRace: see race_on_test.go.
const underRace = false
