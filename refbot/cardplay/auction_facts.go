package cardplay

import (
	"fmt"

	"github.com/openroom/openroom/dds"
	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/refbot/bidding"
)

// AuctionFacts are the facts one seat knows during the auction: its own
// 13 cards, and what the calls so far say of the other three hands (the
// soft ranges and the call model of soft). The sampler draws the other
// hands from them as it does in the play, for a bidder that simulates.
func AuctionFacts(v *engine.View, soft bidding.SoftFacts) (Facts, error) {
	var f Facts
	if v.Phase() != engine.PhaseAuction {
		return f, fmt.Errorf("%w: auction facts of board %d asked after the auction", ErrInconsistentView, v.Number)
	}
	if v.Hand.Len() != 13 || v.Hand&^engine.FullDeck != 0 {
		return f, fmt.Errorf("%w: %s holds %d cards", ErrInconsistentView, v.Seat.Name(), v.Hand.Len())
	}
	f.Seat, f.Trump, f.Leader, f.LeadBy = v.Seat, engine.NoTrump, v.Seat, v.Seat
	f.Pool = engine.FullDeck &^ v.Hand
	for s := engine.North; s <= engine.West; s++ {
		f.Count[s] = 13
		if s == v.Seat {
			f.Known[s], f.Visible[s] = v.Hand, true
			continue
		}
		f.Hidden = append(f.Hidden, s)
		f.Allowed[s] = f.Pool
		if soft.Has[s] {
			f.Soft[s], f.HasSoft[s] = soft.Seats[s], true
		}
	}
	f.CallModel = soft.Calls
	return f, nil
}

// Reaches reports whether the side on lead takes target tricks double
// dummy in a position of package dds: a bidder that simulates scores the
// contracts it reaches with the same solver the play searches with.
func (d *ddsSolver) Reaches(p *dds.Position, target int) (bool, error) { return d.s.Reaches(p, target) }

// Solve returns the tricks the side on lead takes double dummy in a
// position of package dds: a bidder weighing a penalty double counts
// every undertrick with the solver the play searches with.
func (d *ddsSolver) Solve(p *dds.Position) (int, error) { return d.s.Solve(p) }
