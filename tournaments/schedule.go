package tournaments

import (
	"fmt"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/results"
	"github.com/openroom/openroom/tournaments/bots"
)

// The two rooms of a team match, as the results' "room" names them.
const (
	RoomOpen   = "open"
	RoomClosed = "closed"
)

// roomIndex returns a team match room's index (open 0, closed 1); ok is
// false for any other room.
func roomIndex(room string) (i int, ok bool) {
	switch room {
	case RoomOpen:
		return 0, true
	case RoomClosed:
		return 1, true
	}
	return 0, false
}

// Match is one team match of an event: the home team sits North-South in
// the open room and East-West in the closed room, on the same boards.
type Match struct {
	ID     string // unique in the event, e.g. "A-v-B"
	Round  int    // from 1
	Home   *Team
	Visit  *Team
	Boards []engine.BoardSetup
}

// TableJob is one table to play: one room of one segment of one match,
// with its four bots. It is all a TableRunner needs.
type TableJob struct {
	Event  string
	Match  string
	Round  int
	Room   string
	Table  string // unique in the event, e.g. "A-v-B/open/1"
	NSTeam string // the team names the bots connect with
	EWTeam string
	Seats  [engine.NumSeats]bots.Spec // by engine.Seat
	Boards []engine.BoardSetup        // the boards still to play, in order
	Clocks Clocks
	Faults FaultRules
	// OnAction, if set, is shown the board in play when it starts and
	// after each legal call and card (Run sets it for its Observer); the
	// runners pass it to their referee or table. It must not block or keep
	// the board.
	OnAction func(*engine.Board)
	// OnSeatLost, if set, is told when a seat's connection is lost (Run
	// sets it for an Observer that is a SeatObserver): the table then
	// waits for the seat, or its restarted bot, before its next board.
	// The runners with connections pass it to their table. It must not
	// block.
	OnSeatLost func(engine.Seat)
}

// Identity returns what every record of the table is stamped with: the
// event, match, room and table, and the bot names by seat.
func (j *TableJob) Identity() results.Identity {
	return results.Identity{Event: j.Event, Match: j.Match, Room: j.Room, Table: j.Table, Players: j.Players()}
}

// Players returns the bot names by seat, as the results' players field.
func (j *TableJob) Players() results.Seats {
	var p results.Seats
	for s := engine.North; s < engine.NumSeats; s++ {
		p.Set(s, j.Seats[s].Name)
	}
	return p
}

// Team returns the team name seated at a seat.
func (j *TableJob) Team(s engine.Seat) string {
	if s.Side() == engine.NS {
		return j.NSTeam
	}
	return j.EWTeam
}

// Rounds returns the number of rounds of the event's schedule.
func (ev *Event) Rounds() int {
	n := len(ev.Teams)
	switch ev.Kind {
	case ScheduleRoundRobin:
		if n%2 == 1 {
			return n
		}
		return n - 1
	case ScheduleGauntlet:
		return n - 1
	}
	return 1
}

// Matches returns the event's matches in schedule order: by round, then as
// the pairing puts them. It depends only on the event, so the same file
// always gives the same pairings and boards.
func (ev *Event) Matches() []Match { return ev.matches(true) }

// matches returns the matches, with their boards or, for a caller that
// reads them one at a time (roundBoard), without.
func (ev *Event) matches(withBoards bool) []Match {
	var pairs [][2]int // team indexes, home first, per round
	var rounds []int
	switch ev.Kind {
	case ScheduleRoundRobin:
		pairs, rounds = roundRobin(len(ev.Teams))
	case ScheduleGauntlet:
		hero := 0
		for i, t := range ev.Teams {
			if t.Name == ev.Hero {
				hero = i
			}
		}
		r := 0
		for i := range ev.Teams {
			if i != hero {
				r++
				pairs = append(pairs, [2]int{hero, i})
				rounds = append(rounds, r)
			}
		}
	default:
		pairs, rounds = [][2]int{{0, 1}}, []int{1}
	}
	out := make([]Match, len(pairs))
	for i, p := range pairs {
		h, v := &ev.Teams[p[0]], &ev.Teams[p[1]]
		out[i] = Match{
			ID:    h.Name + "-v-" + v.Name,
			Round: rounds[i],
			Home:  h,
			Visit: v,
		}
		if withBoards {
			out[i].Boards = ev.roundBoards(rounds[i])
		}
	}
	return out
}

// roundBoards returns the boards of a round: the next PerMatch boards of
// the set, wrapping round to its start when the set runs out (so a set of
// exactly PerMatch boards is played in every round).
func (ev *Event) roundBoards(round int) []engine.BoardSetup {
	out := make([]engine.BoardSetup, ev.PerMatch)
	for i := range out {
		out[i] = ev.roundBoard(round, i)
	}
	return out
}

// roundBoard returns board i (from 0) of a round's matches.
func (ev *Event) roundBoard(round, i int) engine.BoardSetup {
	return ev.Boards[((round-1)*ev.PerMatch+i)%len(ev.Boards)]
}

// roundRobin pairs n teams by the circle method: team 0 stays, the others
// rotate; with an odd n a bye (index n) sits one team out each round. The
// fixed team alternates home and visit by round; each other team is home
// while on the ring's first half, so all are home about half the time.
func roundRobin(n int) (pairs [][2]int, rounds []int) {
	m := n
	if m%2 == 1 {
		m++ // index n is the bye
	}
	ring := make([]int, m)
	for i := range ring {
		ring[i] = i
	}
	for r := 0; r < m-1; r++ {
		for i := 0; i < m/2; i++ {
			a, b := ring[i], ring[m-1-i]
			if a >= n || b >= n {
				continue
			}
			if i == 0 && r%2 == 1 {
				a, b = b, a // the fixed team alternates; the others move round the ring
			}
			pairs = append(pairs, [2]int{a, b})
			rounds = append(rounds, r+1)
		}
		// rotate all but the first clockwise
		last := ring[m-1]
		copy(ring[2:], ring[1:m-1])
		ring[1] = last
	}
	return pairs, rounds
}

// Jobs returns every table of the event in schedule order: per match and
// segment, the open room then the closed room, each with all its boards.
// A sharded event (Event.Shard) has only the tables of its shard's boards,
// numbered and cut into segments as in the whole event.
func (ev *Event) Jobs() []TableJob {
	var jobs []TableJob
	for _, m := range ev.Matches() {
		lo, hi := ev.Shard.Span(len(m.Boards))
		for seg, start := 1, 0; start < len(m.Boards); seg, start = seg+1, start+ev.Segment {
			end := min(start+ev.Segment, len(m.Boards))
			from, to := max(start, lo), min(end, hi)
			if from >= to {
				continue // a segment outside the shard
			}
			for _, room := range []string{RoomOpen, RoomClosed} {
				ns, ew := m.Home, m.Visit
				if room == RoomClosed {
					ns, ew = m.Visit, m.Home
				}
				j := TableJob{
					Event:  ev.Name,
					Match:  m.ID,
					Round:  m.Round,
					Room:   room,
					Table:  fmt.Sprintf("%s/%s/%d", m.ID, room, seg),
					NSTeam: ns.Name,
					EWTeam: ew.Name,
					Boards: m.Boards[from:to:to],
					Clocks: ev.Clocks,
					Faults: ev.Faults,
				}
				j.Seats[engine.North], j.Seats[engine.South] = ns.Bots[0], ns.Bots[1]
				j.Seats[engine.East], j.Seats[engine.West] = ew.Bots[0], ew.Bots[1]
				j.Seats = bots.ShowCards(j.Seats)
				jobs = append(jobs, j)
			}
		}
	}
	return jobs
}
