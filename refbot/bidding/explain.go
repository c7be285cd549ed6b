package bidding

import (
	"fmt"

	"github.com/openroom/openroom/engine"
)

// meaning reads call c by seat at the state st: Blackwood when the pattern
// fits, else the rows of the situation that make the call, merged into the
// loosest meaning, else a natural meaning that promises nothing.
func (s *System) meaning(st *state, seat engine.Seat, c engine.Call) Meaning {
	if c == engine.Bid(4, engine.NoTrump) {
		if trump, _, ok := st.blackwood(seat); ok {
			m := s.slam.ask.Meaning
			m.Trump = trump
			return m
		}
	}
	var m Meaning
	found := false
	for _, r := range s.situation(st, seat) {
		if r.Meaning.Call != c {
			continue
		}
		if !found {
			m, found = r.Meaning, true
			continue
		}
		m.union(&r.Meaning)
	}
	if !found {
		if m, ok := s.cueMeaning(st, seat, c); ok {
			return m
		}
		if m, ok := s.ntSlamMeaning(st, seat, c); ok {
			return m
		}
		if m, ok := raiseMeaning(st, seat, c); ok {
			return m
		}
		return naturalMeaning(c)
	}
	if m.conv == convKingAsk {
		m.Trump = st.back(4).trump
	}
	return m
}

// Explain returns the meaning of call i of the auction as this system reads
// it: what the caller promises (for alerts, for refbot --explain logs and
// for reading the opponents' calls). Several rows that make the same call
// in the same situation are merged into the loosest meaning. A call the
// table does not cover has Source FromFallback and promises nothing.
func (s *System) Explain(a *engine.Auction, i int) (Meaning, error) {
	if i < 0 || i >= a.Len() {
		return Meaning{}, fmt.Errorf("explain call %d: the auction has %d calls", i, a.Len())
	}
	var st state
	s.analyze(&st, a, i)
	return s.meaning(&st, a.SeatOf(i), a.Calls()[i]), nil
}
