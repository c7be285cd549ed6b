// Package lab is the reference bot's laboratory: what measures the bot
// rather than plays. It judges auctions against par (parjudge.go); its
// tests and benchmarks are the measurements the Makefile's measure-*
// targets run (the bidding against par, tricks lost against double dummy
// by phase, the opening lead, single decisions replayed on the real deal,
// and two runs compared board by board). Package brute holds a plain
// brute-force double-dummy solver the real one is checked against, and
// package boardtest the seeded boards and double-dummy loss tallies the
// measurements and the bot's tests share.
package lab
