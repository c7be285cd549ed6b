//go:build !race

package practice

// underRace is set under the race detector, which slows the solver
// several times: the tests then solve less.
const underRace = false
