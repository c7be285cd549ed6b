// Package lab is the reference bot's laboratory: what measures the bot
// rather than plays. It judges auctions against par (parjudge.go) and
// measures the bidding that way (MeasureBidding), measures the opening
// lead alone (MeasureLead), values single decisions of recorded boards
// replayed on the real deal (MeasureDecisions), and compares two runs of
// the play measurement board by board (ComparePlay); cmd/refbot-lab runs
// those. The measurement of whole boards' play (tricks lost against double
// dummy by phase) is its benchmark BenchmarkMeasureLevels. The Makefile's
// measure-* targets run them all. Package brute holds a plain
// brute-force double-dummy solver the real one is checked against, and
// package boardtest the seeded boards and double-dummy loss tallies the
// measurements and the bot's tests share.
package lab
