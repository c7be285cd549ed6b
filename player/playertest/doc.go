// Package playertest provides players for tests and benchmarks, in the
// manner of net/http/httptest: bots whose behaviour is fixed and trivial,
// so a test measures the harness and not the bot.
package playertest
