// Package player defines what decides a seat's calls and cards, a bot or a
// person, and referees boards in-process between four of them.
//
// A Player decides from its seat's engine.View and nothing else. The same
// value plays in-process through a Referee, or over the wire through the
// protocol package's seat-side client, which builds the view from the
// lines the seat received. Random is the one random bot; test bots live in
// player/playertest.
package player
