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
// With p.Signals, a defender chooses among the cards of equal value the
// one its carding signals with (signalCard), and each world weighs what
// the signals read in it say (signalReader).
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
		if p.Signals {
			// Touching cards are equal: a defender signals with them.
			if sc, ok := signalCard(v, legal); ok {
				c = sc
			}
		}
		return c, st, nil
	}
	cands := legal // the cards valued
	if v.Play.Len() == 0 && p.LeadSuits {
		cands = suitLeads(v)
	}
	facts, err := factsOf(v, soft, p.Signals)
	if err != nil {
		return 0, st, err
	}
	worlds, err := drawWorlds(&facts, p, seed, v, &st)
	if err != nil {
		return 0, st, err
	}
	sv := newWorldSearch(v, p, solver, &facts, legal, cands)
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
		if err := sv.value(i, &worlds[i]); err != nil {
			return 0, st, fmt.Errorf("refbot: board %d, world %d: %w", v.Number, i, err)
		}
		st.Worlds++
		st.Step = max(st.Step, worlds[i].Step)
	}
	st.Nodes = solver.Nodes() - nodes0
	c, ties := sv.best()
	st.Tied = ties.Len()
	st.ForContract = !sv.targeted && sv.moreTricks(c)
	st.Elapsed = now().Sub(start)
	return c, st, nil
}

// drawWorlds returns the worlds a search values: every layout consistent
// with the facts, in a seeded random order, when few enough tricks are left
// (p.ExactTricks, p.ExactLimit), else p.Worlds sampled ones. It notes in st
// whether the layouts were enumerated and how many worlds were drawn.
func drawWorlds(facts *Facts, p Params, seed [32]byte, v *engine.View, st *SearchStats) ([]World, error) {
	smp, err := samplerOf(facts, seed)
	if err != nil {
		return nil, err
	}
	var worlds []World
	if left := 13 - v.Play.TrickIndex(); left <= p.ExactTricks {
		if ws, ok := smp.Enumerate(p.ExactLimit); ok {
			worlds, st.Exact = facts.softFilter(ws, 4), true
			// Solve in a seeded random order, so that a node limit that
			// stops early leaves a fair subset of the layouts.
			smp.rng.Shuffle(len(worlds), func(i, j int) { worlds[i], worlds[j] = worlds[j], worlds[i] })
		}
	}
	if !st.Exact {
		if worlds, err = smp.Sample(max(p.Worlds, 1), max(p.Attempts, 1)); err != nil {
			return nil, err
		}
	}
	st.Drawn = len(worlds)
	return worlds, nil
}

// worldSearch values the candidate cards of one decision world by world
// and keeps the tally: each card's worlds that make (or defeat) the
// contract, its tricks and its IMPs, every world counted at its weight
// (PlayCheck, the signals read). The weights are products of 1, 1/2 and
// 1/4, and every card's sums add the same weights in the same order, so
// cards of equal value still tie.
type worldSearch struct {
	v                 *engine.View
	p                 Params
	solver            CardSolver
	ts                TargetSolver // solver as a TargetSolver, or nil
	legal, cands      engine.Hand
	side              engine.Side
	vul               bool
	need, sofar       int           // the tricks the side needs in all, and has taken
	target            int           // the tricks the targeted search asks about (set by the first world)
	targeted          bool          // make-or-defeat questions after the first world (p.TargetCards)
	check             *playCheck    // the opponents' recent cards, checked in each world valued exactly
	sig               *signalReader // the signals read, weighting each world (nil: none)
	first             [64]int       // the first world's tricks of each card, in a targeted search
	pos               Position      // the position of the world being valued
	buf               []dds.CardValue
	reach             []dds.CardReach
	score             [13]int // this world's score of each card of buf, for p.IMPs
	makes, sums, imps [64]float64
}

// newWorldSearch prepares the valuing of the decision's worlds.
func newWorldSearch(v *engine.View, p Params, solver CardSolver, facts *Facts, legal, cands engine.Hand) *worldSearch {
	sv := &worldSearch{v: v, p: p, solver: solver, legal: legal, cands: cands,
		side: v.Play.Turn().Side(), vul: v.Vul.Vulnerable(v.Contract.Declarer.Side()),
		buf: make([]dds.CardValue, 0, 13)}
	sv.need = v.Contract.Level + 6
	if sv.side != v.Contract.Declarer.Side() {
		sv.need = 14 - sv.need
	}
	sv.sofar = v.Play.Tricks(sv.side)
	sv.target = sv.need
	ts, targeted := solver.(TargetSolver)
	sv.ts = ts
	sv.targeted = targeted && p.TargetCards > 0 && 52-v.Play.Len() >= p.TargetCards
	if sv.targeted {
		sv.reach = make([]dds.CardReach, 0, 13)
	}
	sv.pos = Position{Trump: facts.Trump, Leader: facts.Leader}
	sv.pos.NTrick = copy(sv.pos.Trick[:], facts.Trick)
	if ts != nil && p.PlayCheck > 0 {
		sv.check = newPlayCheck(v, p.PlayCheck, ts)
	}
	if p.Signals {
		sv.sig = newSignalReader(v, facts)
	}
	if tk, ok := solver.(tableKeeper); ok {
		// One table for all the worlds of the decision: a position
		// reached in one world is reached in many, so more worlds fit
		// the node limit. It starts empty at every decision, so what
		// the solver searched before (other decisions, other boards,
		// whichever seat used it last) never changes a node count here.
		tk.StartDecision(true)
	}
	return sv
}

// value values the candidates in world i and adds it to the tally.
func (sv *worldSearch) value(i int, w *World) error {
	sv.pos.Hands = w.Hands
	wt := 1.0
	if sv.sig != nil {
		wt = sv.sig.weight(&w.Hands)
	}
	if sv.targeted && i > 0 {
		return sv.valueTargeted(wt)
	}
	var err error
	if sv.ts != nil && sv.cands != sv.legal {
		sv.buf, err = sv.ts.CardValuesOf(&sv.pos, sv.cands, sv.buf[:0]) // the candidates only
	} else {
		sv.buf, err = sv.solver.CardValues(&sv.pos, sv.buf[:0])
	}
	if err != nil {
		return err
	}
	if sv.targeted {
		sv.setTarget(wt)
		return nil
	}
	return sv.tally(&w.Hands, wt)
}

// valueTargeted asks, in the world at sv.pos, which candidates still reach
// the target, and counts the world at weight wt.
func (sv *worldSearch) valueTargeted(wt float64) error {
	var err error
	// The tricks still wanted, of those left (the current one included).
	sv.reach, err = sv.ts.CardTargets(&sv.pos, sv.target-sv.sofar, sv.cands, sv.reach[:0])
	if err != nil {
		return err
	}
	for _, cr := range sv.reach {
		if cr.Reaches {
			sv.makes[cr.Card] += wt
		}
	}
	return nil
}

// setTarget counts the first world of a targeted search, valued exactly
// (sv.buf), which sets the target of the others: the contract's (make, or
// defeat it) when some card reaches it here, else the best this world
// allows, so that a hopeless contract still saves what tricks it can. It
// counts the world at weight wt and keeps its tricks of each card.
func (sv *worldSearch) setTarget(wt float64) {
	best := 0
	for _, cv := range sv.buf {
		if sv.cands.Has(cv.Card) {
			best = max(best, sv.sofar+cv.Tricks)
		}
	}
	sv.target = min(sv.need, best)
	for _, cv := range sv.buf {
		sv.first[cv.Card] = cv.Tricks
		if sv.sofar+cv.Tricks >= sv.target {
			sv.makes[cv.Card] += wt
		}
	}
}

// tally adds a world valued exactly (sv.buf) at its weight, wt times the
// play check's: the worlds each card makes in, its tricks and, with
// p.IMPs, its IMPs against this world's best card.
func (sv *worldSearch) tally(hands *engine.Deal, wt float64) error {
	if sv.check != nil {
		cw, err := sv.check.weight(hands, sv.buf)
		if err != nil {
			return err
		}
		wt *= cw
	}
	best := math.MinInt
	for j, cv := range sv.buf {
		total := sv.sofar + cv.Tricks
		if total >= sv.need {
			sv.makes[cv.Card] += wt
		}
		sv.sums[cv.Card] += wt * float64(total)
		if sv.p.IMPs {
			sv.score[j] = sideScore(sv.v.Contract, sv.vul, sv.side, total)
			best = max(best, sv.score[j])
		}
	}
	if sv.p.IMPs {
		for j, cv := range sv.buf {
			sv.imps[cv.Card] += wt * float64(engine.IMPs(sv.score[j]-best))
		}
	}
	return nil
}

// best returns the card chosen, by IMPs, then the worlds it makes in, then
// its tricks, a defender's signal (p.Signals) or else the heuristic
// breaking ties, and every card that tied.
func (sv *worldSearch) best() (engine.Card, engine.Hand) {
	var ties engine.Hand
	bestIMPs, bestMake, bestSum := math.Inf(-1), -1.0, -1.0
	for x := sv.cands; x != 0; x &= x - 1 {
		c, _ := x.Lowest()
		im, m, s := sv.imps[c], sv.makes[c], sv.sums[c]
		switch {
		case im > bestIMPs || (im == bestIMPs && (m > bestMake || (m == bestMake && s > bestSum))):
			bestIMPs, bestMake, bestSum, ties = im, m, s, engine.HandOf(c)
		case im == bestIMPs && m == bestMake && s == bestSum:
			ties = ties.With(c)
		}
	}
	if sv.p.Signals {
		equal := ties
		if sv.targeted {
			equal = sv.firstEqual(ties)
		}
		if c, ok := signalCard(sv.v, equal); ok {
			return c, ties
		}
	}
	return tieBreak(sv.v, ties), ties
}

// firstEqual returns the cards of ties that took the most tricks of them
// in the first world, the one a targeted search values exactly: the later
// worlds say only whether each card reaches the target, and a signal must
// not give up a trick where it can be seen to.
func (sv *worldSearch) firstEqual(ties engine.Hand) engine.Hand {
	top := -1
	for x := ties; x != 0; x &= x - 1 {
		c, _ := x.Lowest()
		top = max(top, sv.first[c])
	}
	var out engine.Hand
	for x := ties; x != 0; x &= x - 1 {
		c, _ := x.Lowest()
		if sv.first[c] == top {
			out = out.With(c)
		}
	}
	return out
}

// moreTricks reports whether a candidate takes more tricks over the worlds
// than c: c was chosen for the contract (or IMPs) over tricks.
func (sv *worldSearch) moreTricks(c engine.Card) bool {
	for x := sv.cands; x != 0; x &= x - 1 {
		d, _ := x.Lowest()
		if sv.sums[d] > sv.sums[c] {
			return true
		}
	}
	return false
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
