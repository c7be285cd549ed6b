package cardplay

import (
	"fmt"

	"github.com/openroom/openroom/engine"
)

// Heuristic chooses a card by club-player rules, without any search:
// standard opening leads, second hand low, third hand high, cover an
// honour with an honour, win as cheaply as possible, ruff when the
// opponents are winning, cash sure winners, draw trumps, and discard from
// weakness. It reads only the view and is deterministic.
func Heuristic(v *engine.View) (engine.Card, error) {
	legal, ok := v.LegalCards()
	if !ok || legal == 0 {
		return 0, fmt.Errorf("refbot: board %d: %s has no card to choose", v.Number, v.Seat.Name())
	}
	if legal.Len() == 1 {
		c, _ := legal.Lowest()
		return c, nil
	}
	h := newHeur(v, legal)
	var c engine.Card
	if len(h.trick) == 0 {
		c = h.lead()
	} else {
		c = h.follow()
	}
	if !legal.Has(c) { // defensive: the rules above only pick legal cards
		c, _ = legal.Lowest()
	}
	return c, nil
}

// heur holds what the heuristic rules look at.
type heur struct {
	v       *engine.View
	me      engine.Seat // the hand to play (dummy's seat when declarer plays dummy)
	hand    engine.Hand // its remaining cards
	legal   engine.Hand
	partner engine.Hand // partner's remaining cards when visible
	trump   engine.Strain
	trick   []engine.Card
	unseen  engine.Hand // cards neither played nor visible to the view
	ours    engine.Hand // our side's visible remaining cards
	theirs  engine.Hand // cards the opponents may hold: unseen plus their visible hand
}

func newHeur(v *engine.View, legal engine.Hand) *heur {
	h := &heur{v: v, legal: legal, trump: v.Play.Trump(), trick: v.Play.CurrentTrick()}
	h.me = v.Play.Turn()
	h.hand, _ = v.Known(h.me)
	visible := v.Remaining() | v.DummyRemaining()
	h.unseen = engine.FullDeck &^ v.Play.Played() &^ visible
	h.partner, _ = v.Known(h.me.Partner())
	h.ours = h.hand | h.partner
	h.theirs = engine.FullDeck &^ v.Play.Played() &^ h.ours
	return h
}

// trumpSuit returns the trump suit; ok is false at no trump.
func (h *heur) trumpSuit() (engine.Suit, bool) { return h.trump.Suit() }

// isTop reports whether c is the highest card of its suit still out
// against our side: every higher card is played or ours.
func (h *heur) isTop(c engine.Card) bool {
	above := h.theirs.SuitCards(c.Suit()) &^ engine.Hand(1<<(c+1)-1)
	return above == 0
}

// lowest returns the lowest card of the suit in set, or false.
func lowestOf(set engine.Hand, s engine.Suit) (engine.Card, bool) {
	return set.SuitCards(s).Lowest()
}

// highestOf returns the highest card of the suit in set, or false.
func highestOf(set engine.Hand, s engine.Suit) (engine.Card, bool) {
	return set.SuitCards(s).Highest()
}

// suitHCP returns the high-card points of a holding.
func suitHCP(set engine.Hand, s engine.Suit) int { return set.SuitCards(s).HCP() }

// lead picks a card to lead.
func (h *heur) lead() engine.Card {
	if h.v.Play.Len() == 0 {
		return h.openingLead()
	}
	declaring := h.me.Side() == h.v.Contract.Declarer.Side()
	ts, hasTrump := h.trumpSuit()
	if declaring {
		// Draw trumps while the opponents may hold some and we have more.
		if hasTrump && h.hand.SuitLen(ts) > 0 && h.theirs.SuitLen(ts) > 0 &&
			h.ours.SuitLen(ts) > h.theirs.SuitLen(ts) {
			if c, _ := highestOf(h.hand, ts); h.isTop(c) {
				return c
			}
			if c, ok := h.cashable(); ok {
				return c
			}
			c, _ := lowestOf(h.hand, ts)
			return c
		}
		if c, ok := h.cashable(); ok {
			return c
		}
		return h.lowFromLongest(true)
	}
	// Defence: cash a sure winner, return partner's suit, or lead through
	// dummy's weakness.
	if c, ok := h.cashable(); ok {
		return c
	}
	if s, ok := h.partnersSuit(); ok && h.hand.SuitLen(s) > 0 {
		return h.standardCard(s)
	}
	return h.lowFromLongest(false)
}

// cashable returns a sure winner to lead, from our longest such suit, not
// a trump unless only trumps are left; ok is false if there is none.
func (h *heur) cashable() (engine.Card, bool) {
	ts, hasTrump := h.trumpSuit()
	best, bestLen, found := engine.Card(0), -1, false
	for s := engine.Clubs; s <= engine.Spades; s++ {
		c, ok := highestOf(h.hand, s)
		if !ok || !h.isTop(c) {
			continue
		}
		if h.theirs.SuitLen(s) == 0 && hasTrump && s != ts {
			// Nobody left to follow: only worth it when they are out of trumps.
			if h.theirs.SuitLen(ts) > 0 {
				continue
			}
		}
		n := h.hand.SuitLen(s)
		if s == ts && hasTrump {
			n -= 20 // trumps last
		}
		if n > bestLen {
			best, bestLen, found = c, n, true
		}
	}
	return best, found
}

// partnersSuit returns the suit partner first led in the play, else the
// suit partner first bid.
func (h *heur) partnersSuit() (engine.Suit, bool) {
	p := &h.v.Play
	pt := h.me.Partner()
	for t := 0; 4*t < p.Len(); t++ {
		cards, leader := p.Trick(t)
		if leader == pt && len(cards) > 0 {
			return cards[0].Suit(), true
		}
	}
	return h.bidSuit(pt)
}

// bidSuit returns the first suit the seat bid in the auction.
func (h *heur) bidSuit(seat engine.Seat) (engine.Suit, bool) {
	a := &h.v.Auction
	for i, c := range a.Calls() {
		if a.SeatOf(i) == seat && c.IsBid() && c.Strain() != engine.NoTrump {
			s, _ := c.Strain().Suit()
			return s, true
		}
	}
	return 0, false
}

// lowFromLongest leads from our longest suit (not trumps for the defence
// when avoidable): the standard card for the defence, low for declarer.
func (h *heur) lowFromLongest(declaring bool) engine.Card {
	ts, hasTrump := h.trumpSuit()
	best, bestScore := engine.Suit(0), -1000
	for s := engine.Clubs; s <= engine.Spades; s++ {
		n := h.hand.SuitLen(s)
		if n == 0 {
			continue
		}
		score := 3*n + suitHCP(h.hand, s)
		if hasTrump && s == ts && !declaring {
			score -= 30
		}
		if !declaring && h.v.DummyVisible {
			// Prefer suits where dummy is weak.
			score -= 2 * suitHCP(h.v.DummyRemaining(), s)
		}
		if score > bestScore {
			best, bestScore = s, score
		}
	}
	if declaring {
		c, _ := lowestOf(h.hand, best)
		return c
	}
	return h.standardCard(best)
}

// openingLead picks the opening lead by the usual priorities.
func (h *heur) openingLead() engine.Card {
	ts, hasTrump := h.trumpSuit()
	if s, ok := h.bidSuit(h.me.Partner()); ok && h.hand.SuitLen(s) > 0 {
		return h.standardCard(s)
	}
	if hasTrump {
		// A top sequence, then a singleton with trumps to ruff, then a
		// side suit not headed by an unsupported ace, then a trump.
		for s := engine.Spades; ; s-- {
			if s != ts && h.topSequence(s) {
				return h.standardCard(s)
			}
			if s == engine.Clubs {
				break
			}
		}
		if n := h.hand.SuitLen(ts); n > 0 && n <= 3 {
			for s := engine.Spades; ; s-- {
				if s != ts && h.hand.SuitLen(s) == 1 {
					if c, _ := lowestOf(h.hand, s); c.Rank() < engine.Queen {
						return c
					}
				}
				if s == engine.Clubs {
					break
				}
			}
		}
		best, bestScore := engine.Suit(0), -1000
		for s := engine.Clubs; s <= engine.Spades; s++ {
			n := h.hand.SuitLen(s)
			if n == 0 {
				continue
			}
			score := n
			hold := h.hand.Holding(s)
			if hold&(1<<engine.Ace) != 0 && hold&(1<<engine.King) == 0 {
				score -= 6 // do not lead away from an ace
			}
			if hold&(1<<engine.King) != 0 && hold&(1<<engine.Queen) == 0 && hold&(1<<engine.Ace) == 0 {
				score -= 3 // nor from a king
			}
			if s == ts {
				score -= 4
			}
			if h.opponentsBid(s) {
				score -= 4
			}
			if score > bestScore {
				best, bestScore = s, score
			}
		}
		return h.standardCard(best)
	}
	// No trump: the longest and strongest suit the opponents did not bid.
	best, bestScore := engine.Suit(0), -1000
	for s := engine.Clubs; s <= engine.Spades; s++ {
		n := h.hand.SuitLen(s)
		if n == 0 {
			continue
		}
		score := 5*n + suitHCP(h.hand, s)
		if h.strongSequence(s) {
			score += 2
		}
		if h.opponentsBid(s) {
			score -= 12
		}
		if score > bestScore {
			best, bestScore = s, score
		}
	}
	return h.standardCard(best)
}

// opponentsBid reports whether either opponent of the hand bid the suit.
func (h *heur) opponentsBid(s engine.Suit) bool {
	a := &h.v.Auction
	for i, c := range a.Calls() {
		if a.SeatOf(i).Side() != h.me.Side() && c.IsBid() && c.Strain() == engine.Strain(s) {
			return true
		}
	}
	return false
}

// topSequence reports whether the suit is headed by two touching honours
// (AK, KQ, QJ, JT) in our hand.
func (h *heur) topSequence(s engine.Suit) bool {
	hi, ok := highestOf(h.hand, s)
	if !ok || hi.Rank() < engine.Ten {
		return false
	}
	return h.hand.Has(engine.NewCard(s, hi.Rank()-1))
}

// strongSequence reports whether the suit is headed by AK, KQ or QJ, or by
// three touching cards from the ten up (JT9, T98).
func (h *heur) strongSequence(s engine.Suit) bool {
	hi, ok := highestOf(h.hand, s)
	if !ok || hi.Rank() < engine.Ten {
		return false
	}
	two := h.hand.Has(engine.NewCard(s, hi.Rank()-1))
	if hi.Rank() >= engine.Queen {
		return two
	}
	return two && h.hand.Has(engine.NewCard(s, hi.Rank()-2))
}

// standardCard is the card to lead from a suit: top of a touching honour
// sequence, top of a doubleton, the ace from an unsupported ace against a
// suit contract, fourth best from four or more, low from three to an
// honour, top of three small.
func (h *heur) standardCard(s engine.Suit) engine.Card {
	hand := h.hand.SuitCards(s)
	n := hand.Len()
	hi, _ := hand.Highest()
	lo, _ := hand.Lowest()
	if n <= 2 {
		return hi
	}
	if h.topSequence(s) {
		return hi
	}
	if _, hasTrump := h.trumpSuit(); hasTrump && hi.Rank() == engine.Ace {
		return hi
	}
	if n >= 4 {
		return hand.Nth(n - 4) // fourth from the top
	}
	if hi.Rank() >= engine.Ten {
		return lo
	}
	return hi
}

// follow picks a card when the trick has been led.
func (h *heur) follow() engine.Card {
	led := h.trick[0].Suit()
	winIdx := engine.Winning(h.trick, h.trump)
	win := h.trick[winIdx]
	winSeat := h.v.Play.SeatOf(h.v.Play.Len() - len(h.trick) + winIdx)
	partnerWinning := winSeat.Side() == h.me.Side()
	pos := len(h.trick)
	if h.hand.SuitLen(led) > 0 {
		return h.followSuit(led, win, partnerWinning, pos)
	}
	ts, hasTrump := h.trumpSuit()
	if hasTrump && h.hand.SuitLen(ts) > 0 && !(partnerWinning && h.partnerSafe(win, pos)) {
		// Ruff with the lowest trump that wins.
		for x := h.hand.SuitCards(ts); x != 0; x &= x - 1 {
			c, _ := x.Lowest()
			if engine.Beats(c, win, h.trump) {
				return c
			}
		}
	}
	return h.discard()
}

// partnerSafe reports whether partner's winning card will hold the trick
// as far as the view shows (it is the top card out, or fourth hand plays).
func (h *heur) partnerSafe(win engine.Card, pos int) bool {
	if pos == 3 {
		return true
	}
	if ts, ok := h.trumpSuit(); ok && win.Suit() != ts && h.theirs.SuitLen(ts) > 0 {
		// The last hand might ruff; if it is visible, check it.
		next := h.me.Next()
		if nh, ok := h.v.Known(next); ok && next.Side() != h.me.Side() {
			if nh.SuitLen(win.Suit()) > 0 {
				return h.isTopAgainst(win, nh)
			}
			return nh.SuitLen(ts) == 0
		}
	}
	return h.isTop(win)
}

// isTopAgainst reports whether no card of hand beats win in its suit.
func (h *heur) isTopAgainst(win engine.Card, hand engine.Hand) bool {
	hi, ok := highestOf(hand, win.Suit())
	return !ok || hi.Rank() < win.Rank()
}

// followSuit picks a card of the led suit.
func (h *heur) followSuit(led engine.Suit, win engine.Card, partnerWinning bool, pos int) engine.Card {
	suit := h.hand.SuitCards(led)
	low, _ := suit.Lowest()
	// cheapest card that beats the current winner (none if a trump is winning)
	var cheap engine.Card
	haveCheap := false
	if win.Suit() == led {
		for x := suit; x != 0; x &= x - 1 {
			c, _ := x.Lowest()
			if c.Rank() > win.Rank() {
				cheap, haveCheap = c, true
				break
			}
		}
	}
	switch pos {
	case 1: // second hand
		if !haveCheap {
			return low
		}
		if win.Rank() >= engine.Ten && cheap.Rank() >= engine.Jack {
			return cheap // cover an honour with an honour
		}
		return low
	case 2: // third hand
		if partnerWinning && h.partnerSafe(win, pos) {
			return low
		}
		if !haveCheap {
			return low
		}
		// Third hand high, but no higher than needed: the lowest of our
		// top touching cards, and enough to beat a visible fourth hand.
		next := h.me.Next()
		if nh, ok := h.v.Known(next); ok {
			if nhi, ok := highestOf(nh, led); ok {
				for x := suit; x != 0; x &= x - 1 {
					c, _ := x.Lowest()
					if c.Rank() > win.Rank() && c.Rank() > nhi.Rank() {
						return c
					}
				}
				return low
			}
			return cheap
		}
		return h.thirdHandHidden(suit, win)
	default: // fourth hand
		if partnerWinning || !haveCheap {
			return low
		}
		return cheap
	}
}

// thirdHandHidden plays third hand when the fourth hand is hidden. For
// declarer's side, a finesse first: the cheapest winning card with exactly
// one unseen card above it, which we also top (Q from AQ: it wins when the
// king is with the second hand, who played low). Else the cheapest card
// that beats the trick and that no unseen card can beat; else the lowest
// of our top touching cards.
func (h *heur) thirdHandHidden(suit engine.Hand, win engine.Card) engine.Card {
	led := win.Suit()
	unseen := h.unseen.SuitCards(led)
	above := func(c engine.Card) engine.Hand { return unseen &^ engine.Hand(1<<(c+1)-1) }
	if h.me.Side() == h.v.Contract.Declarer.Side() {
		hi, _ := suit.Highest()
		for x := suit; x != 0; x &= x - 1 {
			c, _ := x.Lowest()
			if c.Rank() <= win.Rank() {
				continue
			}
			if a := above(c); a.Len() == 1 {
				if k, _ := a.Lowest(); hi.Rank() > k.Rank() {
					return c
				}
			}
		}
	}
	for x := suit; x != 0; x &= x - 1 {
		c, _ := x.Lowest()
		if c.Rank() > win.Rank() && above(c) == 0 {
			return c
		}
	}
	return h.bottomOfTop(suit)
}

// bottomOfTop returns the lowest card of the run of touching cards that
// heads the holding, counting cards played to earlier tricks as gaps
// closed. A card of the current trick keeps two cards apart: with the
// seven on the table the eight wins where the six does not.
func (h *heur) bottomOfTop(suit engine.Hand) engine.Card {
	c, _ := suit.Highest()
	played := h.v.Play.Played() &^ engine.HandOf(h.trick...)
	for r := c.Rank() - 1; r >= engine.Two; r-- {
		d := engine.NewCard(c.Suit(), r)
		switch {
		case suit.Has(d):
			c = d
		case played.Has(d):
			continue
		default:
			return c
		}
	}
	return c
}

// discard throws the lowest card of the weakest suit: fewest points, not a
// trump, not a sure winner, longer suits first among equals.
func (h *heur) discard() engine.Card {
	ts, hasTrump := h.trumpSuit()
	var best engine.Card
	bestScore := 1 << 30
	for s := engine.Clubs; s <= engine.Spades; s++ {
		c, ok := lowestOf(h.hand, s)
		if !ok {
			continue
		}
		score := 10*suitHCP(h.hand, s) - h.hand.SuitLen(s)
		if h.isTop(c) {
			score += 200
		}
		if hasTrump && s == ts {
			score += 500
		}
		if score < bestScore {
			best, bestScore = c, score
		}
	}
	return best
}
