// Package pbn reads and writes Portable Bridge Notation (PBN 2.1) files:
// boards in (deal sets for the table manager) and results out (one game per
// board-room, with auction, play and double-dummy tables).
//
// A Game is kept close to the text: an ordered list of tags, each with the raw
// section lines that followed it (the calls after [Auction], the tricks after
// [Play], the rows of a table). Typed accessors (Board, Dealer, Deal,
// Contract, Auction, Play, ...) interpret it on demand, so an unusual tag or
// section never stops a file from being read, and a game read from a file is
// written back with everything it held except its commentary ({...} and ;
// comments are skipped when read).
//
// Conventions of the writer, for tools that read our files: export format
// (the 15 mandatory tags in order, other tags sorted by name, then the
// Auction, Play and table sections); auctions four calls to a line from the
// dealer, "AP" for the three closing passes after a bid, "*" ending an
// unfinished auction; alerts as "=N=" with [Note "N:text"] after the
// section, numbered from 1 per game; the Play section in fixed seat columns
// from the opening leader's seat, "-" for a card not played and a closing
// "*" when fewer than 52 cards were played.
package pbn
