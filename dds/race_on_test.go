//go:build race

package dds

// underRace is set when the tests run under the race detector, which slows
// the single-threaded search about ten times: the reference tests then check
// a sample (the whole files are checked without it, by .ci/run).
const underRace = true
