package results

// Identity is who and where a board-room was played: the event, match,
// room and table, and the players by seat. A table runner stamps every
// record it makes with its table's Identity, and nothing else stamps
// records.
type Identity struct {
	Event, Match, Room, Table string
	Players                   Seats
}

// Stamp writes the identity into the record, with the rule set.
func (id *Identity) Stamp(r *Record) {
	r.Ruleset = Ruleset
	r.Event, r.Match, r.Room, r.Table = id.Event, id.Match, id.Room, id.Table
	r.Players = id.Players
}
