package cardplay

import (
	"errors"
	"fmt"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/refbot/bidding"
)

// ErrInconsistentView is returned when a view's public record cannot be
// reconciled with its visible hands (it cannot happen with a view built by
// the engine or by a correct protocol client).
var ErrInconsistentView = errors.New("refbot: view is inconsistent")

// Facts are the hard facts one seat knows at a moment of the play, drawn
// from its View and nothing else. Every sampled world honours all of them.
type Facts struct {
	Seat    engine.Seat    // the seat whose view this is
	Trump   engine.Strain  // the contract's strain
	Leader  engine.Seat    // leader of the current trick
	Trick   []engine.Card  // cards played to the current trick, in order
	Known   [4]engine.Hand // remaining cards of the visible hands (own, dummy once exposed)
	Visible [4]bool        // whether a seat's remaining cards are all known
	Count   [4]int         // remaining cards per seat (current trick's cards excluded)
	Void    [4][4]bool     // Void[seat][suit]: the seat has shown out of the suit
	Played  [4]engine.Hand // the cards each seat has played so far
	Pool    engine.Hand    // the hidden cards, to be shared among the hidden seats
	Hidden  []engine.Seat  // the seats whose remaining cards are not known
	Allowed [4]engine.Hand // Allowed[seat]: the pool cards the seat may hold (suits it has not shown out of, less Denied)
	// Denied[seat]: pool cards the seat's own cards deny it, read by its
	// carding (SoftFacts.LowestCards); taken out of Allowed, and given
	// back by Undeny when no world honours them.
	Denied  [4]engine.Hand
	Soft    [4]bidding.HandRange   // soft constraints per seat on the original 13 cards
	HasSoft [4]bool                // whether Soft[seat] applies
	Lead    func(engine.Hand) bool // soft rule on the opening leader's original hand; nil if none
	LeadBy  engine.Seat            // the opening leader
	// LeadModel is the stricter soft rule tried first: the opening leader
	// would have led the card it led had it held the hand (the heuristic's
	// standard leads as the model of how a hidden seat leads); nil if none.
	LeadModel func(engine.Hand) bool
	// CallModel is the auction model (SoftFacts.Calls), tried with
	// LeadModel before the ranges alone; nil if none.
	CallModel func(seat engine.Seat, hand engine.Hand) bool
}

// FactsOf extracts the hard facts from a view in the play phase, and
// attaches the soft constraints and the opening-lead rule.
func FactsOf(v *engine.View, soft bidding.SoftFacts) (Facts, error) {
	return factsOf(v, soft, false)
}

// factsOf is FactsOf; with signals (Params.Signals) the seats' carding is
// read knowing that a defender's first card of a suit may be a signal
// (signalSituation), which says nothing of the lower cards.
func factsOf(v *engine.View, soft bidding.SoftFacts, signals bool) (Facts, error) {
	var f Facts
	if v.Phase() != engine.PhasePlay {
		return f, fmt.Errorf("%w: facts of board %d asked outside the play", ErrInconsistentView, v.Number)
	}
	p := &v.Play
	f.Seat, f.Trump, f.Leader = v.Seat, p.Trump(), p.Leader()
	f.LeadBy = v.Contract.Leader()
	f.Trick = append([]engine.Card(nil), p.CurrentTrick()...)
	for t := 0; t <= p.TrickIndex() && 4*t < p.Len(); t++ {
		cards, _ := p.Trick(t)
		for i, c := range cards {
			seat := p.SeatOf(4*t + i)
			f.Played[seat] = f.Played[seat].With(c)
			if i > 0 && c.Suit() != cards[0].Suit() {
				f.Void[seat][cards[0].Suit()] = true
			}
		}
	}
	pool := engine.FullDeck &^ p.Played()
	for s := engine.North; s <= engine.West; s++ {
		f.Count[s] = 13 - f.Played[s].Len()
		if h, ok := v.Known(s); ok {
			f.Known[s], f.Visible[s] = h, true
			if h.Len() != f.Count[s] {
				return f, fmt.Errorf("%w: %s holds %d cards, the play says %d", ErrInconsistentView, s.Name(), h.Len(), f.Count[s])
			}
			pool &^= h
		}
	}
	f.Pool = pool
	need := 0
	for s := engine.North; s <= engine.West; s++ {
		if f.Visible[s] {
			if f.Known[s]&^engine.FullDeck != 0 || f.Known[s]&p.Played() != 0 {
				return f, fmt.Errorf("%w: %s's cards overlap the played cards", ErrInconsistentView, s.Name())
			}
			continue
		}
		f.Hidden = append(f.Hidden, s)
		need += f.Count[s]
		for su := engine.Clubs; su <= engine.Spades; su++ {
			if !f.Void[s][su] {
				f.Allowed[s] |= pool.SuitCards(su)
			}
		}
	}
	if need != pool.Len() {
		return f, fmt.Errorf("%w: %d hidden cards for %d places", ErrInconsistentView, pool.Len(), need)
	}
	for _, s := range f.Hidden {
		if soft.LowestCards[s] {
			f.deny(s, lowerThanPlayed(p, s, f.Pool, signals))
		}
	}
	// Every hidden card must have a seat that may hold it.
	var any engine.Hand
	for _, s := range f.Hidden {
		any |= f.Allowed[s]
	}
	if any != pool {
		return f, fmt.Errorf("%w: no hidden seat may hold %s", ErrInconsistentView, pool&^any)
	}
	for s := engine.North; s <= engine.West; s++ {
		if soft.Has[s] && !f.Visible[s] {
			f.Soft[s], f.HasSoft[s] = soft.Seats[s], true
		}
	}
	f.CallModel = soft.Calls
	if !f.Visible[f.LeadBy] && p.Len() > 0 {
		lead := p.Cards()[0]
		f.Lead = leadRule(lead, f.Trump)
		f.LeadModel = leadModel(v, f.LeadBy, lead, soft.LeadSuits)
	}
	return f, nil
}

// deny takes out of seat s's Allowed the pool cards its carding denies
// it, each only while another hidden seat may hold it.
func (f *Facts) deny(s engine.Seat, denied engine.Hand) {
	for x := denied & f.Allowed[s]; x != 0; x &= x - 1 {
		c, _ := x.Lowest()
		for _, o := range f.Hidden {
			if o != s && f.Allowed[o].Has(c) {
				f.Allowed[s] &^= engine.HandOf(c)
				f.Denied[s] |= engine.HandOf(c)
				break
			}
		}
	}
}

// Undeny gives every seat back the cards Denied took from it, for a
// seat whose carding is not the one read (no world honours it).
func (f *Facts) Undeny() bool {
	var any bool
	for s := range f.Denied {
		if f.Denied[s] != 0 {
			f.Allowed[s] |= f.Denied[s]
			f.Denied[s], any = 0, true
		}
	}
	return any
}

// lowerThanPlayed returns the hidden cards (of pool) that seat s cannot
// hold if it follows suit with its lowest card whenever the card does not
// beat the trick's best card so far, and discards the lowest card of a
// suit: for each such card, every lower card of its suit. A ruff says
// nothing. A lower card of the suit that s played later shows that it
// did not card this way (an unblock, a signal), and then nothing is read
// from s at all. With signals, a card that may be a signal
// (signalSituation) is not read.
func lowerThanPlayed(p *engine.Play, s engine.Seat, pool engine.Hand, signals bool) engine.Hand {
	var denied, earlier engine.Hand
	var high [4]engine.Rank // per suit, the highest card read so far (0: none)
	for t := 0; 4*t < p.Len(); t++ {
		trick, leader := p.Trick(t)
		for k, c := range trick {
			if p.SeatOf(4*t+k) != s {
				continue
			}
			if signals && k > 0 && c.Suit() == trick[0].Suit() && signalSituation(p, s, leader, trick[:k], earlier) != noSignal {
				continue
			}
			if c.Rank() < high[c.Suit()] {
				return 0 // s held a card below one it was read by
			}
			if k == 0 || !lowCard(trick[:k], c, p.Trump()) {
				continue
			}
			high[c.Suit()] = max(high[c.Suit()], c.Rank())
			denied |= pool.SuitCards(c.Suit()) & (engine.HandOf(c) - 1) // the suit's cards below c
		}
		for k, c := range trick {
			if p.SeatOf(4*t+k) == s {
				earlier = earlier.With(c)
			}
		}
	}
	return denied
}

// lowCard reports whether card c, played after the cards before of its
// trick, is one a seat plays as its lowest of the suit: a card that
// follows suit without beating the trick's best so far, or a discard (not
// a ruff).
func lowCard(before []engine.Card, c engine.Card, trump engine.Strain) bool {
	if c.Suit() != before[0].Suit() {
		ts, ok := trump.Suit()
		return !ok || c.Suit() != ts
	}
	return !engine.Beats(c, before[engine.Winning(before, trump)], trump)
}

// Original returns seat s's original 13 cards in world w.
func (f *Facts) Original(w *engine.Deal, s engine.Seat) engine.Hand {
	return w[s] | f.Played[s]
}

// softOK reports whether world w fits the soft constraints relaxed to the
// given step: 0 all constraints and the lead rule, then ever wider ranges.
func (f *Facts) softOK(w *engine.Deal, step int) bool {
	if step >= len(relaxSteps) {
		return true
	}
	rs := relaxSteps[step]
	if rs.lead && f.Lead != nil && !f.Lead(f.Original(w, f.LeadBy)) {
		return false
	}
	for _, s := range f.Hidden {
		if !f.HasSoft[s] {
			continue
		}
		r := widened(f.Soft[s], rs.hcp, rs.length)
		if !r.Admits(f.Original(w, s)) {
			return false
		}
	}
	if !rs.model {
		return true
	}
	// The models last: they cost the most.
	if f.LeadModel != nil && !f.LeadModel(f.Original(w, f.LeadBy)) {
		return false
	}
	if f.CallModel != nil {
		for _, s := range f.Hidden {
			if !f.CallModel(s, f.Original(w, s)) {
				return false
			}
		}
	}
	return true
}

// relaxStep is one step of the soft constraints' relaxation.
type relaxStep struct {
	model       bool // apply the models of our own leads and calls (LeadModel, CallModel)
	lead        bool // apply the opening-lead rule
	hcp, length int  // widen the ranges by this much either way
}

// relaxSteps are tried in order; past the last, only the hard facts apply.
var relaxSteps = [...]relaxStep{
	{model: true},
	{lead: true},
	{hcp: 1},
	{hcp: 3, length: 1},
	{hcp: 5, length: 2},
}

// leadModel returns the soft rule that the opening leader, holding the
// hand, would have chosen the card it led by the heuristic's opening-lead
// rules (which read only the hand, the contract and the public auction).
// It is how the sampler learns what the lead denies as well as what it
// shows: a lead of a low card from a suit says that no sequence, partner's
// suit or singleton ranked higher in that hand. A leader that leads by
// other rules fits fewer worlds, and the relaxation then drops the model.
//
// With suitOnly (a leader that chooses the suit by search, as this bot's
// searching levels do) the model reads only the card within the suit: the
// heuristic's leading rules would lead that card from that suit.
func leadModel(v *engine.View, leader engine.Seat, lead engine.Card, suitOnly bool) func(engine.Hand) bool {
	model := heur{v: v, me: leader, trump: v.Play.Trump()}
	return func(hand engine.Hand) bool {
		h := model
		h.hand = hand
		if suitOnly {
			return h.standardCard(lead.Suit()) == lead
		}
		return h.openingLead() == lead
	}
}

// leadRule returns the soft rule the opening lead suggests about the
// leader's original hand (standard leads: top of a sequence, fourth best,
// no low lead away from ace-king against a suit, or the top of a doubleton
// or a singleton, as standardCard leads from any suit of two or fewer),
// or nil.
func leadRule(lead engine.Card, trump engine.Strain) func(engine.Hand) bool {
	rule := longLeadRule(lead, trump)
	if rule == nil {
		return nil
	}
	su := lead.Suit()
	return func(h engine.Hand) bool {
		held := h.SuitCards(su)
		if top, _ := held.Highest(); held.Len() <= 2 && top == lead {
			return true
		}
		return rule(h)
	}
}

// longLeadRule is leadRule's rule for a lead from three cards or more.
func longLeadRule(lead engine.Card, trump engine.Strain) func(engine.Hand) bool {
	su, r := lead.Suit(), lead.Rank()
	has := func(h engine.Hand, rk engine.Rank) bool { return h.Has(engine.NewCard(su, rk)) }
	switch {
	case r == engine.King:
		// K from AK or KQ.
		return func(h engine.Hand) bool { return has(h, engine.Ace) || has(h, engine.Queen) }
	case r == engine.Queen:
		// Q from QJ (or KQ doubleton).
		return func(h engine.Hand) bool { return has(h, engine.Jack) || has(h, engine.King) }
	case r == engine.Jack || r == engine.Ten:
		// J from JT or interior sequence; T from T9 or interior sequence.
		return func(h engine.Hand) bool { return has(h, r-1) || has(h, r+1) }
	case r <= engine.Eight:
		if _, ok := trump.Suit(); ok {
			// A low lead against a suit contract is not from ace-king.
			return func(h engine.Hand) bool { return !(has(h, engine.Ace) && has(h, engine.King)) }
		}
		// Fourth best (or low from three to an honour) against no trump.
		return func(h engine.Hand) bool { return h.SuitLen(su) >= 3 }
	}
	return nil
}

// widened returns r relaxed by hcp points and length cards either way.
func widened(r bidding.HandRange, hcp, length int) bidding.HandRange {
	r.MinHCP -= hcp
	r.MaxHCP += hcp
	for s := range r.MinLen {
		r.MinLen[s] -= length
		r.MaxLen[s] += length
	}
	return r
}
