// Package play is the browser page where a person plays one seat of an
// ordinary table against the reference bot at the other three: `tablemanager
// play`.
//
// The server holds the board (a practice.Table: engine.Board, played by a
// player.Referee with the person as one more player.Player); the browser
// only sends intents (a call, a card, the next board) and receives the
// person's seat's view as server-sent events. Everything the page is sent before a board ends is
// built from engine.View of the person's seat (their own cards, every call,
// every card played, dummy after the opening lead), so no other hand can
// reach it; all four hands, the double-dummy analysis, the PBN and the LIN
// link follow once the board is over.
//
// A session lives server-side under a cookie, so a reload resumes where the
// board stood. Each browser tab has its own id; one tab at a time holds the
// seat, and another takes it over only when asked to, which tells the first.
package play
