package lab

import (
	"fmt"

	"github.com/openroom/openroom/dds"
	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/refbot/bidding"
	"github.com/openroom/openroom/refbot/simulate"
	"github.com/openroom/openroom/results"
)

// Penalty doubles the bot did not make, weighed on a recorded match: the
// bot's system has few penalty doubles, and a program that overbids
// against it goes down undoubled. For each contract the other program
// declared undoubled, the bot's seats that passed after the final bid
// weigh a double by simulation (simulate.PenaltyGain, from what each saw
// then); the first whose gain reaches the margin doubles, and the room is
// scored again, doubled, with the tricks as played. That assumes the
// auction would have ended there (no runout, no redouble, partner leaving
// the double in) and the play would not have changed.

// PenaltyRoom is one board-room whose contract the other side declared
// undoubled, with the bot's decision and what it would have changed.
type PenaltyRoom struct {
	Record   *results.Record
	Contract engine.Contract
	// Doubles says whether one of the bot's seats would double; Seat is
	// that seat or, when none would, the seat whose gain came closest.
	Doubles bool
	Seat    engine.Seat
	// Gain is the simulated mean IMPs a layout of doubling at Seat (for a
	// room no seat doubles, the best of the seats' gains), and Layouts and
	// Beaten are how many layouts Seat scored and in how many the
	// contract failed.
	Gain            float64
	Layouts, Beaten int
	// Down is how many tricks the contract went down as played (0 when it
	// made), DDDown how many double dummy on the real deal; they differ
	// where the play strayed from double dummy.
	Down, DDDown int
	// IMPs is what the double changes for the bot's team on the board:
	// the room scored doubled, against the other room's recorded score.
	// Zero when no seat doubles or the other room is not scored.
	IMPs int
}

// PenaltyDoubles weighs the bot's penalty doubles on the records of a
// match: for every scored room whose contract the other side (not ours)
// declared undoubled, each of the bot's passes after the final bid, in
// order, with sys's reading of the auction, cfg's counts and the seed
// seedOf gives the seat. A seat doubles when its gain reaches margin.
func PenaltyDoubles(sys *bidding.System, recs []results.Record, ours func(string) bool, cfg simulate.Config,
	margin float64, solve simulate.Solve, seedOf func(r *results.Record, seat engine.Seat) [32]byte) ([]PenaltyRoom, error) {
	by := byRoom(recs)
	var out []PenaltyRoom
	for i := range recs {
		r := &recs[i]
		if r.ScoreNS == nil || r.Tricks == nil || r.Adjusted != nil {
			continue
		}
		s, err := r.Setup()
		if err != nil {
			return nil, fmt.Errorf("board %d %s: %w", r.Board, r.Room, err)
		}
		a := engine.NewAuction(s.Dealer)
		calls := make([]engine.Call, len(r.Auction))
		last := -1
		for k, rc := range r.Auction {
			c, err := engine.ParseCall(rc.Call)
			if err == nil {
				err = a.Add(c)
			}
			if err != nil {
				return nil, fmt.Errorf("board %d %s: call %d %q: %w", r.Board, r.Room, k+1, rc.Call, err)
			}
			if c.IsBid() {
				last = k
			}
			calls[k] = c
		}
		ct, done := a.Contract()
		if !done || ct.PassedOut() || ct.Penalty != engine.Undoubled || ours(r.Players.Get(ct.Declarer)) {
			continue
		}
		room := PenaltyRoom{Record: r, Contract: ct, Down: max(0, ct.Level+6-*r.Tricks)}
		weighed := false
		before := engine.NewAuction(s.Dealer)
		for k, c := range calls {
			seat := before.Turn()
			if k > last && ours(r.Players.Get(seat)) && !room.Doubles {
				v := engine.NewView(seat, s.Number, s.Dealer, s.Vul, s.Deal[seat])
				v.Auction = before
				pen, err := simulate.PenaltyGain(&v, sys, ct, cfg, solve, seedOf(r, seat))
				if err != nil {
					return nil, fmt.Errorf("board %d %s: %s: %w", r.Board, r.Room, seat.Name(), err)
				}
				if pen.Gain >= margin || !weighed || pen.Gain > room.Gain {
					room.Doubles = pen.Gain >= margin
					room.Seat, room.Gain, room.Layouts, room.Beaten = seat, pen.Gain, pen.Worlds, pen.Defeated
				}
				weighed = true
			}
			_ = before.Add(c)
		}
		p, err := dds.NewPosition(s.Deal, ct.Strain, ct.Leader())
		if err != nil {
			return nil, fmt.Errorf("board %d %s: %w", r.Board, r.Room, err)
		}
		defence, err := solve(&p)
		if err != nil {
			return nil, fmt.Errorf("board %d %s: %w", r.Board, r.Room, err)
		}
		room.DDDown = max(0, ct.Level+6-(13-defence))
		if room.Doubles {
			room.IMPs = doubledIMPs(r, by, ct, s.Vul, ours)
		}
		out = append(out, room)
	}
	return out, nil
}

// doubledIMPs is what scoring room r's contract ct doubled, with the
// tricks as played, changes in the IMPs the bot's team wins on the board
// against the other room's recorded score; 0 when that room is missing or
// not scored.
func doubledIMPs(r *results.Record, by map[roomKey]*results.Record, ct engine.Contract, vul engine.Vulnerability, ours func(string) bool) int {
	other := by[roomKey{r.Match, otherRoom(r.Room), r.Board}]
	if other == nil {
		return 0
	}
	theirs, ok := teamScore(other, ours)
	if !ok {
		return 0
	}
	now, ok := teamScore(r, ours)
	if !ok {
		return 0
	}
	doubled := ct
	doubled.Penalty = engine.Doubled
	extra := engine.ScoreNS(doubled, vul, *r.Tricks) - engine.ScoreNS(ct, vul, *r.Tricks)
	if ct.Declarer.Side() == engine.NS {
		extra = -extra // the bot defends: North-South's loss is its gain
	}
	return engine.IMPs(now+extra+theirs) - engine.IMPs(now+theirs)
}

// otherRoom names the other room of a two-room match.
func otherRoom(room string) string {
	if room == "open" {
		return "closed"
	}
	return "open"
}
