package cardplay

import (
	"context"
	"fmt"
	"math"
	"time"

	"github.com/openroom/openroom/dds"
	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/refbot/bidding"
)

// SearchStats describes one searched decision, for logs and measurement.
type SearchStats struct {
	Worlds  int           // worlds solved
	Drawn   int           // worlds drawn (or enumerated)
	Exact   bool          // every consistent layout was enumerated
	Step    int           // loosest relaxation step among the worlds solved
	Nodes   uint64        // solver nodes spent
	Capped  bool          // the clock cap (or the caller's context) stopped the search early: not reproducible
	Elapsed time.Duration // time spent
	Trivial bool          // one legal card, or all legal cards equivalent: no search
	// ForContract: the card chosen makes (or defeats) the contract in
	// more worlds than another card that takes more tricks over them all
	// (exact values only), so it gives up tricks on average for the
	// contract, as IMPs want and a count of tricks against double dummy
	// holds against it.
	ForContract bool
	// Tied is the number of candidate cards that shared the best score,
	// of which tieBreak chose (1: the search alone decided).
	Tied int
}

// SearchCard chooses the card for the view by sampling worlds of the hidden
// cards (or enumerating them all near the end), valuing every legal card
// in each world double dummy, and taking the card with the best outcome for
// the contract: the most worlds in which the side makes (declarer) or
// defeats (defenders) the contract, then the most tricks in total. Ties go
// to the card the heuristic would play, then to the lowest card. With
// p.IMPs the expected IMPs come first: in each world every card is scored
// (Law 77, the board's vulnerability) against that world's best card, so
// that one more trick in many worlds can outweigh the contract in one
// more, as at the table; then the make-first order above.
//
// With p.TargetCards, early in the play and with a TargetSolver, the first
// world is valued exactly and the others answer one question for each
// card: does it reach the target, which is the contract's (make, or
// defeat it) when the first world allows it, else that world's best total
// (so that a hopeless contract still saves tricks); most worlds wins, ties
// go to the heuristic's card, then the lowest.
//
// With p.LeadSuits, an opening lead chooses only the suit: the candidates
// are the card the heuristic's leading rules lead from each suit
// (suitLeads), so the lead's card says what it always says and each world
// costs a search of at most four cards.
//
// With p.PlayCheck, a world valued exactly in which one of the opponents'
// last p.PlayCheck cards gave up a trick counts a quarter (playCheck).
//
// The limits are counts: p.Worlds, and p.Nodes (a world is started only
// while the nodes spent plus the mean cost of a world so far stay within
// p.Nodes, so fewer worlds are solved when many cards are left). The
// solver's node count is a pure function of the decision when its table
// starts empty (a tableKeeper's is emptied here), so the card is a pure
// function of the view, soft, p and seed: the same at any load and on any
// machine. The clock is a safety net only: once p.ClockCap has passed, or
// ctx has ended, no further world is started and Stats.Capped says so (the
// card may then differ from a replay). At least one world is always
// solved.
func SearchCard(ctx context.Context, v *engine.View, soft bidding.SoftFacts, p Params, solver CardSolver, seed [32]byte) (engine.Card, SearchStats, error) {
	return searchCard(ctx, v, soft, p, solver, seed, time.Now)
}

// searchCard is SearchCard with the clock it reads its clock cap from
// (tests give a fake one).
func searchCard(ctx context.Context, v *engine.View, soft bidding.SoftFacts, p Params, solver CardSolver, seed [32]byte, now func() time.Time) (engine.Card, SearchStats, error) {
	start := now()
	var st SearchStats
	legal, ok := v.LegalCards()
	if !ok || legal == 0 {
		return 0, st, fmt.Errorf("refbot: board %d: %s has no card to choose", v.Number, v.Seat.Name())
	}
	if c, ok := TrivialChoice(v, legal); ok {
		st.Trivial = true
		return c, st, nil
	}
	cands := legal // the cards valued
	if v.Play.Len() == 0 && p.LeadSuits {
		cands = suitLeads(v)
	}
	facts, err := FactsOf(v, soft)
	if err != nil {
		return 0, st, err
	}
	smp, err := samplerOf(&facts, seed)
	if err != nil {
		return 0, st, err
	}
	var worlds []World
	if left := 13 - v.Play.TrickIndex(); left <= p.ExactTricks {
		if ws, ok := smp.Enumerate(p.ExactLimit); ok {
			worlds, st.Exact = facts.SoftFilter(ws, 4), true
			// Solve in a seeded random order, so that a node limit that
			// stops early leaves a fair subset of the layouts.
			smp.rng.Shuffle(len(worlds), func(i, j int) { worlds[i], worlds[j] = worlds[j], worlds[i] })
		}
	}
	if !st.Exact {
		if worlds, err = smp.Sample(max(p.Worlds, 1), max(p.Attempts, 1)); err != nil {
			return 0, st, err
		}
	}
	st.Drawn = len(worlds)

	mover := v.Play.Turn()
	side := mover.Side()
	need := v.Contract.Level + 6
	if side != v.Contract.Declarer.Side() {
		need = 14 - need
	}
	sofar := v.Play.Tricks(side)
	// Each card's worlds that make (or defeat) the contract, its tricks and
	// its IMPs, every world counted at its weight (PlayCheck). The weights
	// are 1 and 1/4, whose sums floating point holds exactly, so cards of
	// equal value still tie.
	var makes, sums, imps [64]float64
	vul := v.Vul.Vulnerable(v.Contract.Declarer.Side())
	buf := make([]dds.CardValue, 0, 13)
	var score [13]int // this world's score of each card of buf, for p.IMPs
	var reach []dds.CardReach
	target := need // the tricks the targeted search asks about (set by the first world)
	ts, targeted := solver.(TargetSolver)
	targeted = targeted && p.TargetCards > 0 && 52-v.Play.Len() >= p.TargetCards
	if targeted {
		reach = make([]dds.CardReach, 0, 13)
	}
	pos := Position{Trump: facts.Trump, Leader: facts.Leader}
	pos.NTrick = copy(pos.Trick[:], facts.Trick)
	var check *playCheck // the opponents' recent cards, checked in each world valued exactly
	if ts != nil && p.PlayCheck > 0 {
		check = newPlayCheck(v, p.PlayCheck, ts)
	}
	if tk, ok := solver.(tableKeeper); ok {
		// One table for all the worlds of the decision: a position
		// reached in one world is reached in many, so more worlds fit
		// the node limit. It starts empty at every decision, so what
		// the solver searched before (other decisions, other boards,
		// whichever seat used it last) never changes a node count here.
		tk.StartDecision(true)
	}
	nodes0 := solver.Nodes()
	for i := range worlds {
		if i > 0 {
			// The deterministic work limit: stop when the next world,
			// at the mean cost of those solved so far, would pass it.
			// Early in the play one world costs tens of thousands of
			// nodes, so this, not Worlds, decides how many fit there.
			if used := solver.Nodes() - nodes0; p.Nodes > 0 && used+used/uint64(i) > p.Nodes {
				break
			}
			// The safety net: far past the time the counts were sized
			// for (a machine much slower or busier than expected, or the
			// caller's deadline), stop, at the cost of reproducibility.
			if p.ClockCap > 0 && now().Sub(start) > p.ClockCap || ctx.Err() != nil {
				st.Capped = true
				break
			}
		}
		pos.Hands = worlds[i].Hands
		if targeted && i > 0 {
			// The tricks still wanted, of those left (the current one included).
			reach, err = ts.CardTargets(&pos, target-sofar, cands, reach[:0])
			if err != nil {
				return 0, st, fmt.Errorf("refbot: board %d, world %d: %w", v.Number, i, err)
			}
			for _, cr := range reach {
				if cr.Reaches {
					makes[cr.Card]++
				}
			}
			st.Worlds++
			st.Step = max(st.Step, worlds[i].Step)
			continue
		}
		if ts != nil && cands != legal {
			buf, err = ts.CardValuesOf(&pos, cands, buf[:0]) // the candidates only
		} else {
			buf, err = solver.CardValues(&pos, buf[:0])
		}
		if err != nil {
			return 0, st, fmt.Errorf("refbot: board %d, world %d: %w", v.Number, i, err)
		}
		if targeted {
			// The first world is valued exactly and sets the target of
			// the others: the contract's (make, or defeat it) when some
			// card reaches it here, else the best this world allows, so
			// that a hopeless contract still saves what tricks it can.
			best := 0
			for _, cv := range buf {
				if cands.Has(cv.Card) {
					best = max(best, sofar+cv.Tricks)
				}
			}
			target = min(need, best)
			for _, cv := range buf {
				if sofar+cv.Tricks >= target {
					makes[cv.Card]++
				}
			}
			st.Worlds++
			st.Step = max(st.Step, worlds[i].Step)
			continue
		}
		wt := 1.0
		if check != nil {
			if wt, err = check.weight(&worlds[i].Hands, buf); err != nil {
				return 0, st, fmt.Errorf("refbot: board %d, world %d: %w", v.Number, i, err)
			}
		}
		best := math.MinInt
		for j, cv := range buf {
			total := sofar + cv.Tricks
			if total >= need {
				makes[cv.Card] += wt
			}
			sums[cv.Card] += wt * float64(total)
			if p.IMPs {
				score[j] = sideScore(v.Contract, vul, side, total)
				best = max(best, score[j])
			}
		}
		if p.IMPs {
			// Each card's IMPs against this world's best card.
			for j, cv := range buf {
				imps[cv.Card] += wt * float64(engine.IMPs(score[j]-best))
			}
		}
		st.Worlds++
		st.Step = max(st.Step, worlds[i].Step)
	}
	st.Nodes = solver.Nodes() - nodes0

	// The best score and every card that reaches it.
	var ties engine.Hand
	bestIMPs, bestMake, bestSum := math.Inf(-1), -1.0, -1.0
	for x := cands; x != 0; x &= x - 1 {
		c, _ := x.Lowest()
		im, m, s := imps[c], makes[c], sums[c]
		switch {
		case im > bestIMPs || (im == bestIMPs && (m > bestMake || (m == bestMake && s > bestSum))):
			bestIMPs, bestMake, bestSum, ties = im, m, s, engine.HandOf(c)
		case im == bestIMPs && m == bestMake && s == bestSum:
			ties = ties.With(c)
		}
	}
	c := tieBreak(v, ties)
	st.Tied = ties.Len()
	if !targeted {
		for x := cands; x != 0; x &= x - 1 {
			d, _ := x.Lowest()
			if sums[d] > sums[c] {
				st.ForContract = true
				break
			}
		}
	}
	st.Elapsed = now().Sub(start)
	return c, st, nil
}

// sideScore is the Law 77 score of the contract for side when it takes
// tricks of the 13.
func sideScore(c engine.Contract, vul bool, side engine.Side, tricks int) int {
	if side == c.Declarer.Side() {
		return engine.Score(c, vul, tricks)
	}
	return -engine.Score(c, vul, 13-tricks)
}

// suitLeads returns the opening leader's candidates when the search
// chooses only the suit: from each suit held, the card the heuristic's
// leading rules lead from it (top of a sequence, fourth best, ...).
func suitLeads(v *engine.View) engine.Hand {
	legal, _ := v.LegalCards()
	h := newHeur(v, legal)
	var out engine.Hand
	for su := engine.Clubs; su <= engine.Spades; su++ {
		if h.hand.SuitLen(su) > 0 {
			out = out.With(h.standardCard(su))
		}
	}
	return out
}

// tieBreak picks among cards of equal value: the heuristic's card if it is
// one of them, else the lowest rank (then the lowest suit).
func tieBreak(v *engine.View, ties engine.Hand) engine.Card {
	if ties.Len() > 1 {
		if c, err := Heuristic(v); err == nil && ties.Has(c) {
			return c
		}
	}
	best, _ := ties.Lowest()
	for x := ties; x != 0; x &= x - 1 {
		c, _ := x.Lowest()
		if c.Rank() < best.Rank() {
			best = c
		}
	}
	return best
}

// TrivialChoice returns the lowest legal card when the choice cannot
// matter: a single legal card, or legal cards of one suit with no card
// still in play between them (touching, as far as anyone can tell). A
// card of the current trick is still in play: the ace and queen are not
// equal after the king has been played to this trick, as the queen loses
// to it.
func TrivialChoice(v *engine.View, legal engine.Hand) (engine.Card, bool) {
	lo, _ := legal.Lowest()
	if legal.Len() == 1 {
		return lo, true
	}
	hi, _ := legal.Highest()
	if lo.Suit() != hi.Suit() {
		return 0, false
	}
	played := v.Play.Played()
	for _, c := range v.Play.CurrentTrick() {
		played = played.Without(c)
	}
	for r := lo.Rank() + 1; r < hi.Rank(); r++ {
		c := engine.NewCard(lo.Suit(), r)
		if !legal.Has(c) && !played.Has(c) {
			return 0, false
		}
	}
	return lo, true
}
