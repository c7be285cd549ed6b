// Package lab is the reference bot's laboratory: what measures the bot
// rather than plays. It judges auctions against par (parjudge.go) and
// measures the bidding that way (MeasureBidding); it measures whole
// boards' play as tricks lost against double dummy by phase (MeasurePlay),
// the opening lead alone (MeasureLead), and single decisions of recorded
// boards replayed on the real deal (MeasureDecisions); and it compares two
// runs of the play measurement board by board (ComparePlay). The command
// cmd/refbot-lab runs them, and the Makefile's measure-* targets run the
// command. Package brute holds a plain brute-force double-dummy solver the
// real one is checked against, and package boardtest the seeded boards the
// bot's tests share.
package lab
