// Command refbot is openroom's reference bridge robot. It connects to any
// Blue Chip (version 18) table manager, takes a seat and plays every board
// of the session: bidding by a system file (SAYC-lite unless --system
// names another built-in system or a file), and card play by sampling the
// hidden hands and solving each layout double dummy.
//
// Usage:
//
//	refbot --connect 127.0.0.1:2000 --seat North [--name openroom]
//	       [--level expert] [--system SYSTEM] [--seed N] [--explain] [--verbose]
//	refbot --card SYSTEM
//	refbot --lint SYSTEM [--lint-boards N]
//	refbot --ask AUCTION --hand HAND [--system SYSTEM]
//
// --card prints a system's convention card and exits. --lint bids seeded
// boards with the system and lists the situations in which some hands fit
// none of the file's rows (their calls fall to the natural fallback), each
// at its line in the file. --ask explains each call of an auction (from the
// dealer, North) as the system reads it and says what the system bids there
// with --hand.
//
// When the manager closes the seat after a stopped board, refbot connects
// again and takes the same seat (giving up after --reconnect-timeout).
package main
