package bidding

import (
	"fmt"
	"slices"

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
	if m.judge {
		// A judgement call may come from any hand of the situation's
		// judgement zone: it promises what the zone's rows together do.
		if zone, ok := s.judgeZone(st, seat); ok {
			zone.Call, zone.Text, zone.Alert, zone.Artificial = c, m.Text, m.Alert, m.Artificial
			zone.Forcing, zone.conv, zone.Trump = m.Forcing, m.conv, m.Trump
			m = zone
		}
	}
	return m
}

// judgeZone returns the union of the meanings of the situation's
// judgement rows: the hands from which any judgement call of the
// situation comes.
func (s *System) judgeZone(st *state, seat engine.Seat) (Meaning, bool) {
	var zone Meaning
	found := false
	for _, r := range s.situation(st, seat) {
		if !r.Meaning.judge {
			continue
		}
		if !found {
			zone, found = r.Meaning, true
			continue
		}
		zone.union(&r.Meaning)
	}
	zone.judge = true
	return zone, found
}

// isJudgeCall reports whether c is the call of one of the situation's
// judgement rows for the seat on turn at st. The call model asks it of
// every sampled hand that judged, so it allocates nothing.
func (s *System) isJudgeCall(st *state, seat engine.Seat, c engine.Call) bool {
	for _, r := range s.situation(st, seat) {
		if r.Meaning.judge && r.Meaning.Call == c {
			return true
		}
	}
	return false
}

// judgeCalls returns the legal calls of the situation's judgement rows for
// the seat on turn at st, in the rows' order, each once.
func (s *System) judgeCalls(st *state, a *engine.Auction, seat engine.Seat) []engine.Call {
	var out []engine.Call
	for _, r := range s.situation(st, seat) {
		if c := r.Meaning.Call; r.Meaning.judge && a.Legal(c) && !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	return out
}

// JudgeCandidates returns the calls the system leaves to judgement for
// the seat on turn in v: when the row the system chooses for the seat's
// hand is a judgement row, the legal calls of every judgement row of the
// situation, the system's own choice first; otherwise nil. A bot that
// simulates chooses among them; the call model and Explain read any of
// them as the situation's judgement zone.
func (s *System) JudgeCandidates(v *engine.View) []engine.Call {
	a := &v.Auction
	if a.Done() {
		return nil
	}
	var st state
	s.analyzeFor(&st, a, a.Len(), v.Seat)
	call, _, m := s.chooseAfter(&st, a, v.Hand)
	if !m.judge {
		hi := newHandInfo(v.Hand)
		if slam, ok := s.slamJudgeCall(&st, a, a.Turn(), &hi, call, &m); ok {
			return []engine.Call{call, slam}
		}
		return nil
	}
	out := []engine.Call{call}
	for _, c := range s.judgeCalls(&st, a, a.Turn()) {
		if c != call {
			out = append(out, c)
		}
	}
	if len(out) < 2 {
		return nil
	}
	return out
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
