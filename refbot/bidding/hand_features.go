package bidding

import "github.com/openroom/openroom/engine"

// Short names for the suits, so that the code reads like a convention card.
const (
	C = engine.Clubs
	D = engine.Diamonds
	H = engine.Hearts
	S = engine.Spades
)

// otherMajor returns the major that is not m.
func otherMajor(m engine.Suit) engine.Suit { return H + S - m }

// bestUnbid reports whether y is the suit to show among the suits other
// than those in bid: the longest, majors before minors at equal length,
// then the higher.
func bestUnbid(hi *handInfo, y engine.Suit, bid ...engine.Suit) bool {
	for o := C; o <= S; o++ {
		skip := o == y
		for _, b := range bid {
			skip = skip || o == b
		}
		if skip {
			continue
		}
		lo, ly := hi.len[o], hi.len[y]
		if lo > ly {
			return false
		}
		if lo == ly {
			om, ym := o >= H, y >= H
			if (om && !ym) || (om == ym && o > y) {
				return false
			}
		}
	}
	return true
}

// bestUnbidSuit is the choice condition of a bid in y: the best unbid suit
// (bestUnbid) given the suits bid.
func bestUnbidSuit(y engine.Suit, bid ...engine.Suit) opt {
	return when("the best unbid suit", func(hi *handInfo) bool { return bestUnbid(hi, y, bid...) })
}
