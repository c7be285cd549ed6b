package refbot

import (
	"fmt"

	"github.com/openroom/openroom/engine"
)

// LeadStats describes one opening lead chosen by rollouts.
type LeadStats struct {
	Worlds     int // worlds sampled
	Candidates int // leads compared
	Step       int // loosest relaxation step among the worlds
}

// LeadByRollouts chooses the opening lead from sampled worlds, as the
// search does for later cards, but values each candidate lead by playing
// the hand out in every world with the heuristic for all four seats (each
// seeing only its own view of that world) instead of by a double-dummy
// solve, which costs seconds per world at the opening lead with the
// current solver. The candidates are the standard lead in each suit and
// the heuristic's own choice; the best is the one that defeats the
// contract in the most worlds, then takes the most tricks; ties go to the
// heuristic's lead, then to the lowest card. The view must be the opening
// leader's before any card is played.
func LeadByRollouts(v *engine.View, soft SoftFacts, worlds int, seed [32]byte) (engine.Card, LeadStats, error) {
	var st LeadStats
	if v.Phase() != engine.PhasePlay || v.Play.Len() != 0 || v.Seat != v.Contract.Leader() {
		return 0, st, fmt.Errorf("refbot: board %d: %s is not on opening lead", v.Number, v.Seat.Name())
	}
	f, err := FactsOf(v, soft)
	if err != nil {
		return 0, st, err
	}
	smp, err := NewSampler(&f, seed)
	if err != nil {
		return 0, st, err
	}
	ws, err := smp.Sample(max(worlds, 1), 40)
	if err != nil {
		return 0, st, err
	}
	st.Worlds = len(ws)
	h := newHeur(v, v.Hand)
	var cands engine.Hand
	for s := engine.Clubs; s <= engine.Spades; s++ {
		if v.Hand.SuitLen(s) > 0 {
			cands = cands.With(h.standardCard(s))
		}
	}
	if c, err := Heuristic(v); err == nil {
		cands = cands.With(c)
	}
	st.Candidates = cands.Len()
	need := 14 - (v.Contract.Level + 6)
	var defeats, tricks [64]int
	for _, w := range ws {
		st.Step = max(st.Step, w.Step)
		for x := cands; x != 0; x &= x - 1 {
			c, _ := x.Lowest()
			t, err := rollout(v, w.Hands, c)
			if err != nil {
				return 0, st, err
			}
			if t >= need {
				defeats[c]++
			}
			tricks[c] += t
		}
	}
	var ties engine.Hand
	bestD, bestT := -1, -1
	for x := cands; x != 0; x &= x - 1 {
		c, _ := x.Lowest()
		switch d, t := defeats[c], tricks[c]; {
		case d > bestD || (d == bestD && t > bestT):
			bestD, bestT, ties = d, t, engine.HandOf(c)
		case d == bestD && t == bestT:
			ties = ties.With(c)
		}
	}
	return tieBreak(v, ties), st, nil
}

// rollout plays one world out after the opening lead with the heuristic
// at every seat, each deciding from its own view of that world, and
// returns the defenders' tricks.
func rollout(v *engine.View, deal engine.Deal, lead engine.Card) (int, error) {
	var b engine.Board
	b.Reset(v.Number, v.Dealer, v.Vul, deal)
	for i, c := range v.Auction.Calls() {
		if err := b.Call(v.Auction.SeatOf(i), c); err != nil {
			return 0, fmt.Errorf("refbot: rollout auction: %w", err)
		}
	}
	if err := b.PlayCard(v.Seat, lead); err != nil {
		return 0, fmt.Errorf("refbot: rollout lead: %w", err)
	}
	for b.Phase() == engine.PhasePlay {
		actor, _ := b.Actor()
		turn, _ := b.Turn()
		view := b.View(actor)
		c, err := Heuristic(&view)
		if err != nil {
			return 0, err
		}
		if err := b.PlayCard(turn, c); err != nil {
			return 0, fmt.Errorf("refbot: rollout: %w", err)
		}
	}
	return 13 - b.DeclarerTricks(), nil
}
