package bidding

import (
	"slices"

	"github.com/openroom/openroom/engine"
)

// callModel returns the auction model the world sampler tries first: it
// reports whether seat, holding the 13-card hand, would have made every
// call it made in the auction had it bid by this system. Reading the
// calls back through the same choice that made them says what each call
// denies as well as what it shows (a pass over an opening denies the hand
// that would have overcalled, a raise the hand that would have bid game),
// which the meanings' ranges alone do not. It reads only the public
// auction. A seat that bids by another system fits few worlds, and the
// sampler's relaxation then drops the model for the ranges.
//
// reader is the seat whose model it is: the other side's hands are read
// by their own system when it is known (ReadingOpponents).
func (s *System) callModel(a *engine.Auction, reader engine.Seat) func(seat engine.Seat, hand engine.Hand) bool {
	calls := slices.Clone(a.Calls()) // the model may outlive the caller's auction
	seats := make([]engine.Seat, len(calls))
	// Each call's auction before it, and its reading, once for every hand.
	prefixes := make([]engine.Auction, len(calls))
	states := make([]state, len(calls))
	p := engine.NewAuction(a.Dealer())
	for i, c := range calls {
		prefixes[i], seats[i] = p, a.SeatOf(i)
		s.analyzeFor(&states[i], &prefixes[i], i, reader)
		if err := p.Add(c); err != nil {
			return nil // not a legal auction: no model
		}
	}
	return func(seat engine.Seat, hand engine.Hand) bool {
		for i, c := range calls {
			if seats[i] != seat {
				continue
			}
			sys := s.reading(seat, reader)
			got, _, m := sys.chooseAfter(&states[i], &prefixes[i], hand)
			if got == c || m.judge && sys.isJudgeCall(&states[i], seat, c) {
				// A hand in the situation's judgement zone may have
				// judged any of its calls best.
				continue
			}
			hi := newHandInfo(hand)
			if slam, ok := sys.slamJudgeCall(&states[i], &prefixes[i], seat, &hi, got, &m); !ok || slam != c {
				// Nor is c the slam call the hand may have judged
				// better than its game.
				return false
			}
		}
		return true
	}
}
