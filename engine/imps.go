package engine

// RoomScore is what comparing a team match's board needs of one room: the
// N-S score of a room scored at the table, or how a room without one ended.
type RoomScore struct {
	// Scored reports whether the room was scored at the table (played to
	// its end or passed out); ScoreNS is its N-S score then.
	Scored  bool
	ScoreNS int
	// Outcome is how a room that was not scored ended. A fault gives the
	// sides their artificial adjusted scores; anything else (a damaged
	// record, say) counts as level.
	Outcome Outcome
}

// BoardIMPs compares the two rooms of a team match's board. The home team
// sits N-S in the open room and E-W in the closed room, so its result is
// IMPs(open N-S score - closed N-S score). When a room was not scored at
// the table the board gets the rooms' artificial adjusted scores instead,
// valued by policy p (Law 12C: +3 IMPs to a side not at fault, -3 to a
// side at fault): each such room counts the home side's value against the
// visitors', halved so that A+/A- is worth the policy's full value and
// A-/A- is level; the rooms are added and the sum is kept within the
// policy's bounds. adjusted reports whether the board was scored so.
func BoardIMPs(open, closed RoomScore, p AdjustedIMPs) (homeIMPs int, adjusted bool) {
	if open.Scored && closed.Scored {
		return IMPs(open.ScoreNS - closed.ScoreNS), false
	}
	sum := 0
	if !open.Scored {
		sum += open.Outcome.homeIMPs(NS, p) // home is N-S in the open room
	}
	if !closed.Scored {
		sum += closed.Outcome.homeIMPs(EW, p) // and E-W in the closed room
	}
	return p.Clamp(sum), true
}

// homeIMPs returns the adjusted IMPs a room with this outcome gives the
// home team, which sat on side home there: 0 unless a fault stopped it.
func (o Outcome) homeIMPs(home Side, p AdjustedIMPs) int {
	if !o.IsFault() {
		return 0
	}
	return (o.IMPs(home, p) - o.IMPs(home.Other(), p)) / 2
}
