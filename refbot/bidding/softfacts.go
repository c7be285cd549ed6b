package bidding

import "github.com/openroom/openroom/engine"

// HandRange is a soft constraint on one seat's original 13 cards, as the
// auction describes it: a high-card point range and suit-length ranges
// (indexed by engine.Suit). AnyHand is the range that admits every hand.
type HandRange struct {
	MinHCP, MaxHCP int
	MinLen, MaxLen [4]int
}

// AnyHand admits every hand.
var AnyHand = HandRange{MinHCP: 0, MaxHCP: 37, MaxLen: [4]int{13, 13, 13, 13}}

// Admits reports whether the 13-card hand h fits the range.
func (r *HandRange) Admits(h engine.Hand) bool {
	if p := h.HCP(); p < r.MinHCP || p > r.MaxHCP {
		return false
	}
	for s := engine.Clubs; s <= engine.Spades; s++ {
		if n := h.SuitLen(s); n < r.MinLen[s] || n > r.MaxLen[s] {
			return false
		}
	}
	return true
}

// SoftFacts are the soft constraints on the hidden hands, typically from the
// bidder's auction inference: Seats[s] applies when Has[s] is true.
type SoftFacts struct {
	Seats [4]HandRange
	Has   [4]bool
	// Calls, when not nil, is the auction model: whether a seat holding
	// an original 13-card hand would have made its calls (the system's call model).
	Calls func(seat engine.Seat, hand engine.Hand) bool
	// LeadSuits: the opening leader is taken to choose only the suit by
	// search (cardplay.Params.LeadSuits), so the lead model reads the card
	// within its suit, not the choice of the suit.
	LeadSuits bool
	// LowestCards[s]: seat s follows suit with its lowest card whenever
	// the card does not beat the trick's best so far, and discards the
	// lowest card of a suit, as this bot does (cardplay.Params.ReadCarding),
	// so such a card denies it every lower card of the suit
	// (lowerThanPlayed).
	LowestCards [4]bool
}
