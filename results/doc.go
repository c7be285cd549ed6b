// Package results reads and writes openroom's results stream: one JSON
// object per finished board-room, appended and flushed as soon as the board
// ends (JSON Lines). The schema is public and stable; see Record.
package results
