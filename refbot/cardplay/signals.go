package cardplay

import (
	"github.com/openroom/openroom/engine"
)

// Signals: how this bot's defenders card when the choice costs nothing
// (Params.Signals), and how its sampler reads the cards of seats that may
// card that way.
//
// A defender following suit, on its first card of the suit, not trying to
// win the trick, signals:
//   - attitude on partner's lead: high encourages (it holds the ace, king
//     or queen of the suit), low discourages;
//   - count when declarer or dummy leads: high with an even number of
//     cards, low with an odd number.
//
// "High" is the highest spot card (ten or lower) among the cards the
// search rates equal, when one is above the lowest of them; "low" is the
// lowest of them. Trumps carry no signal, and an honour is read as none. The signal is chosen only among
// cards of equal value for the seat in the worlds searched, so it never
// costs a trick there.

// The weights of a world in which a card read as a signal says the
// opposite of what the holding there would have signalled. They are never
// zero: a signal may be forced (the cards of equal value did not include
// the one wanted) or the seat may not signal at all.
const (
	// partnerSignalMiss: partner is this bot, which signals.
	partnerSignalMiss = 0.25
	// defenderSignalMiss: declarer reading defenders, who may be another
	// bot that does not signal.
	defenderSignalMiss = 0.5
)

// signalKind is what a defender's card says under the carding.
type signalKind uint8

const (
	noSignal signalKind = iota // the card is no signal
	attitude                   // encourage or discourage partner's lead
	count                      // even or odd length, on declarer's lead
)

// signalSituation returns the signal a card of seat s would be, played to
// the trick whose cards so far are before (led by leader), when s has
// played the cards earlier in previous tricks: a defender's first card of
// a suit other than trumps, following suit. Whether the card tries to win
// the trick is for the caller to check (signalCands).
func signalSituation(p *engine.Play, s, leader engine.Seat, before []engine.Card, earlier engine.Hand) signalKind {
	if len(before) == 0 || s.Side() == p.Declarer().Side() {
		return noSignal
	}
	su := before[0].Suit()
	if ts, ok := p.Trump().Suit(); ok && ts == su {
		return noSignal
	}
	if earlier.SuitLen(su) > 0 {
		return noSignal // not its first card of the suit
	}
	if leader == s.Partner() {
		return attitude
	}
	return count
}

// signalCands returns the cards of holding a defender signals kind with:
// for attitude, those that follow to the trick so far without beating its
// best card (a third hand trying to win the trick does not signal); for
// count, all its cards of the suit, as second hand's card that beats
// declarer's lead has dummy still to play.
func signalCands(kind signalKind, holding engine.Hand, before []engine.Card, trump engine.Strain) engine.Hand {
	if kind == count {
		return holding.SuitCards(before[0].Suit())
	}
	best := before[engine.Winning(before, trump)]
	var out engine.Hand
	for x := holding.SuitCards(before[0].Suit()); x != 0; x &= x - 1 {
		c, _ := x.Lowest()
		if !engine.Beats(c, best, trump) {
			out = out.With(c)
		}
	}
	return out
}

// wantsHigh reports whether a defender holding the suit's cards holding
// (before it plays to the trick) signals high: attitude with the ace, king
// or queen, count with an even number of cards.
func wantsHigh(kind signalKind, holding engine.Hand) bool {
	if kind == count {
		return holding.Len()%2 == 0
	}
	top, _ := holding.Highest()
	return top.Rank() >= engine.Queen
}

// signalChoice returns the card signalling high or low among cands, the
// cards of equal value that do not try to win the trick; ok is false when
// there is no choice to signal with (fewer than two cards, or no spot card
// above the lowest for a high signal).
func signalChoice(cands engine.Hand, high bool) (engine.Card, bool) {
	if cands.Len() < 2 {
		return 0, false
	}
	lo, _ := cands.Lowest()
	if !high {
		return lo, true
	}
	var hi engine.Card
	found := false
	for x := cands; x != 0; x &= x - 1 {
		c, _ := x.Lowest()
		if c.Rank() <= engine.Ten && c != lo {
			hi, found = c, true // ascending: the last is the highest spot
		}
	}
	return hi, found
}

// signalCard returns the card the seat to play at v signals with among
// equal, the cards the search rates equal for it; ok is false when the
// card is no signal (not a defender's first card of a suit, following, or
// no choice among equal cards that do not try to win the trick).
func signalCard(v *engine.View, equal engine.Hand) (engine.Card, bool) {
	p := &v.Play
	before := p.CurrentTrick()
	me := p.Turn()
	if len(before) == 0 || me != v.Seat {
		return 0, false
	}
	earlier := v.Hand & p.Played()
	kind := signalSituation(p, me, p.Leader(), before, earlier)
	if kind == noSignal {
		return 0, false
	}
	holding := v.Remaining().SuitCards(before[0].Suit())
	return signalChoice(signalCands(kind, equal&holding, before, p.Trump()), wantsHigh(kind, holding))
}

// signalObs is one card read as a signal: seat played card, the kind of
// signal it was, the trick's cards before it, and the cards the seat had
// played before that trick.
type signalObs struct {
	seat    engine.Seat
	card    engine.Card
	kind    signalKind
	before  []engine.Card
	earlier engine.Hand
	miss    float64 // the world's weight when the card says the opposite
}

// signalReader weights worlds by the signals of the seats it reads: a
// defender its partner's, declarer both defenders'. It reads only the
// cards played (the view's record), and the world's hands.
type signalReader struct {
	facts *Facts
	trump engine.Strain
	obs   []signalObs
}

// newSignalReader returns the reader of the signals the seat at v has seen
// played, or nil when there are none.
func newSignalReader(v *engine.View, facts *Facts) *signalReader {
	p := &v.Play
	me := v.Seat
	declaring := me.Side() == p.Declarer().Side()
	var played [4]engine.Hand // each seat's cards before the trick being read
	r := &signalReader{facts: facts, trump: p.Trump()}
	cards := p.Cards()
	for t := 0; 4*t < len(cards); t++ {
		trick, leader := p.Trick(t)
		for k := 1; k < len(trick); k++ {
			s := p.SeatOf(4*t + k)
			// Declarer reads the defenders, a defender its partner.
			if declaring && s.Side() == me.Side() || !declaring && s != me.Partner() || facts.Visible[s] {
				continue
			}
			kind := signalSituation(p, s, leader, trick[:k], played[s])
			if kind == noSignal || trick[k].Suit() != trick[0].Suit() {
				continue
			}
			if trick[k].Rank() > engine.Ten || !signalCands(kind, engine.HandOf(trick[k]), trick[:k], r.trump).Has(trick[k]) {
				continue // an honour, or a card trying to win the trick: no signal
			}
			miss := partnerSignalMiss
			if declaring {
				miss = defenderSignalMiss
			}
			r.obs = append(r.obs, signalObs{seat: s, card: trick[k], kind: kind, before: append([]engine.Card(nil), trick[:k]...), earlier: played[s], miss: miss})
		}
		for k, c := range trick {
			s := p.SeatOf(4*t + k)
			played[s] = played[s].With(c)
		}
	}
	if len(r.obs) == 0 {
		return nil
	}
	return r
}

// weight returns the world's weight: the product, over the signals read,
// of 1 where the seat's holding in the world would have signalled as its
// card did (or would have had no signal to give), else the miss weight.
func (r *signalReader) weight(w *engine.Deal) float64 {
	wt := 1.0
	for i := range r.obs {
		o := &r.obs[i]
		holding := r.facts.Original(w, o.seat).SuitCards(o.card.Suit()) &^ o.earlier
		cands := signalCands(o.kind, holding, o.before, r.trump)
		want, ok := signalChoice(cands, wantsHigh(o.kind, holding))
		if !ok {
			continue
		}
		lo, _ := cands.Lowest()
		if (want == lo) != (o.card == lo) {
			wt *= o.miss
		}
	}
	return wt
}
