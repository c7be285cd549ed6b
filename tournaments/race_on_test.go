//go:build race

package tournaments

// underRace is set when the tests run under the race detector, which slows
// refbot's search about ten times: the refbot tests then search less.
const underRace = true
