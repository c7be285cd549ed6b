//go:build race

package live

// underRace is set when the tests run under the race detector, where the
// double-dummy analysis of a random deal takes tens of seconds: the
// browser tests then leave the hand viewer of such deals out (its
// endpoint is tested on a quick deal in any build).
const underRace = true
