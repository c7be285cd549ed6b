// Package results reads and writes openroom's results stream: one JSON
// object per finished board-room, appended and flushed as soon as the board
// ends (JSON Lines). The schema is public and stable; see Record.
//
// A board's way from a table to its files: the table makes the Record
// (FromBoard) and keeps its board on it (SetBoard); the record is written
// as a line, and the writers of PBN and LIN and the live view read it as a
// Played, the board in engine types (Record.Played), without parsing or
// replaying it. A record read back from a file (a resumed or merged event)
// has no board: Played decodes it once (Decode, the one decoder from a
// line's strings to engine types). FromBoard itself keeps no board, so
// that a record made in memory is the same value as its line read back.
package results
