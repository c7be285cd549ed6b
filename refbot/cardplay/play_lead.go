package cardplay

import (
	"fmt"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/refbot/bidding"
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
func LeadByRollouts(v *engine.View, soft bidding.SoftFacts, worlds int, seed [32]byte) (engine.Card, LeadStats, error) {
	var st LeadStats
	if v.Phase() != engine.PhasePlay || v.Play.Len() != 0 || v.Seat != v.Contract.Leader() {
		return 0, st, fmt.Errorf("refbot: board %d: %s is not on opening lead", v.Number, v.Seat.Name())
	}
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
	return rolloutChoose(v, soft, worlds, seed, cands, st)
}

// rollout plays one world out from the view's position after card c, with
// the heuristic at every seat, each deciding from its own view of that
// world, and returns the tricks of the side that plays c.
func rollout(v *engine.View, f *Facts, remaining engine.Deal, c engine.Card) (int, error) {
	var deal engine.Deal
	for s := range deal {
		deal[s] = remaining[s] | f.Played[s]
	}
	var b engine.Board
	b.Reset(engine.BoardSetup{Number: v.Number, Dealer: v.Dealer, Vul: v.Vul, Deal: deal})
	if err := b.Replay(v.Auction.Calls(), v.Play.Cards()); err != nil {
		return 0, fmt.Errorf("refbot: rollout replay: %w", err)
	}
	side := v.Play.Turn().Side()
	turn, _ := b.Turn()
	if err := b.PlayCard(turn, c); err != nil {
		return 0, fmt.Errorf("refbot: rollout card: %w", err)
	}
	for b.Phase() == engine.PhasePlay {
		actor, _ := b.Actor()
		turn, _ := b.Turn()
		view := b.View(actor)
		x, err := Heuristic(&view)
		if err != nil {
			return 0, err
		}
		if err := b.PlayCard(turn, x); err != nil {
			return 0, fmt.Errorf("refbot: rollout: %w", err)
		}
	}
	return b.Play().Tricks(side), nil
}

// rolloutChoose samples the worlds and values each candidate by rollouts.
func rolloutChoose(v *engine.View, soft bidding.SoftFacts, worlds int, seed [32]byte, cands engine.Hand, st LeadStats) (engine.Card, LeadStats, error) {
	f, err := FactsOf(v, soft)
	if err != nil {
		return 0, st, err
	}
	smp, err := samplerOf(&f, seed)
	if err != nil {
		return 0, st, err
	}
	ws, err := smp.Sample(max(worlds, 1), 40)
	if err != nil {
		return 0, st, err
	}
	st.Worlds, st.Candidates = len(ws), cands.Len()
	side := v.Play.Turn().Side()
	need := v.Contract.Level + 6
	if side != v.Contract.Declarer.Side() {
		need = 14 - need
	}
	var reach, tricks [64]int
	for _, w := range ws {
		st.Step = max(st.Step, w.Step)
		for x := cands; x != 0; x &= x - 1 {
			c, _ := x.Lowest()
			t, err := rollout(v, &f, w.Hands, c)
			if err != nil {
				return 0, st, err
			}
			if t >= need {
				reach[c]++
			}
			tricks[c] += t
		}
	}
	var ties engine.Hand
	bestR, bestT := -1, -1
	for x := cands; x != 0; x &= x - 1 {
		c, _ := x.Lowest()
		switch r, t := reach[c], tricks[c]; {
		case r > bestR || (r == bestR && t > bestT):
			bestR, bestT, ties = r, t, engine.HandOf(c)
		case r == bestR && t == bestT:
			ties = ties.With(c)
		}
	}
	return tieBreak(v, ties), st, nil
}

// RolloutCard chooses a card anywhere in the play as LeadByRollouts
// chooses the lead: every distinct legal card (the lowest of each run of
// touching cards) valued over sampled worlds by heuristic playouts, for
// the side to play: most worlds in which it reaches its target (declarer:
// make; defenders: defeat), then most tricks.
func RolloutCard(v *engine.View, soft bidding.SoftFacts, worlds int, seed [32]byte) (engine.Card, LeadStats, error) {
	var st LeadStats
	legal, ok := v.LegalCards()
	if !ok || legal == 0 {
		return 0, st, fmt.Errorf("refbot: board %d: %s has no card to choose", v.Number, v.Seat.Name())
	}
	if c, ok := TrivialChoice(v, legal); ok {
		return c, st, nil
	}
	var cands engine.Hand
	played := v.Play.Played()
	for x := legal; x != 0; x &= x - 1 {
		c, _ := x.Lowest()
		// skip c when the next lower card still out is also ours and legal
		lower := false
		for r := c.Rank() - 1; r >= engine.Two; r-- {
			d := engine.NewCard(c.Suit(), r)
			if played.Has(d) {
				continue
			}
			lower = legal.Has(d)
			break
		}
		if !lower {
			cands = cands.With(c)
		}
	}
	return rolloutChoose(v, soft, worlds, seed, cands, st)
}
