package bidding

import "github.com/openroom/openroom/engine"

// isBalanced reports whether the lengths are 4333, 4432 or 5332.
func isBalanced(l [engine.NumSuits]int) bool {
	doubletons := 0
	for _, n := range l {
		switch {
		case n < 2 || n > 5:
			return false
		case n == 2:
			doubletons++
		}
	}
	return doubletons <= 1
}

// handInfo is one hand with the figures the rows test, computed once per
// decision so that trying many rows stays cheap.
type handInfo struct {
	h      engine.Hand
	hcp    int
	len    [engine.NumSuits]int
	bal    bool
	lp     int // length points: one per card beyond four in each suit
	aces   int
	kings  int
	points int // hcp + lp
}

func newHandInfo(h engine.Hand) handInfo {
	hi := handInfo{h: h, hcp: h.HCP(), len: h.Lengths()}
	hi.bal = isBalanced(hi.len)
	for s := engine.Clubs; s <= engine.Spades; s++ {
		hi.lp += max(0, hi.len[s]-4)
		if hi.has(s, engine.Ace) {
			hi.aces++
		}
		if hi.has(s, engine.King) {
			hi.kings++
		}
	}
	hi.points = hi.hcp + hi.lp
	return hi
}

func (hi *handInfo) has(s engine.Suit, r engine.Rank) bool {
	return hi.h.Holding(s)&(1<<r) != 0
}

// honours counts the cards of suit s among its top n ranks (A, K, Q, J, T
// for n = 5).
func (hi *handInfo) honours(s engine.Suit, n int) int {
	c := 0
	for r := engine.Ace; r > engine.Ace-engine.Rank(n); r-- {
		if hi.has(s, r) {
			c++
		}
	}
	return c
}

// good reports a good suit for a weak two, a preempt or a two-level
// overcall: two of the top three honours or three of the top five.
func (hi *handInfo) good(s engine.Suit) bool {
	return hi.honours(s, 3) >= 2 || hi.honours(s, 5) >= 3
}

// decent reports a suit fit for a one-level overcall: two of the top five.
func (hi *handInfo) decent(s engine.Suit) bool { return hi.honours(s, 5) >= 2 }

// stopper reports a stopper in s for notrump: A, Kx, Qxx or Jxxx.
func (hi *handInfo) stopper(s engine.Suit) bool {
	n := hi.len[s]
	return hi.has(s, engine.Ace) || (hi.has(s, engine.King) && n >= 2) ||
		(hi.has(s, engine.Queen) && n >= 3) || (hi.has(s, engine.Jack) && n >= 4)
}

// dummy returns the shortness points of a raise with trump as trumps:
// void 5, singleton 3, doubleton 1 in each side suit.
func (hi *handInfo) dummy(trump engine.Suit) int { return hi.dummyExcept(trump, 0) }

// dummyExcept is dummy counting no shortness in the suits of the mask
// skip (bit s for suit s).
func (hi *handInfo) dummyExcept(trump engine.Suit, skip uint8) int {
	p := 0
	for s := engine.Clubs; s <= engine.Spades; s++ {
		if s == trump || skip&(1<<s) != 0 {
			continue
		}
		switch hi.len[s] {
		case 0:
			p += 5
		case 1:
			p += 3
		case 2:
			p++
		}
	}
	return p
}

// value returns the hand's points under a valuation.
func (hi *handInfo) value(v Valuation, trump engine.Suit) int {
	switch v {
	case LengthPoints:
		return hi.points
	case DummyPoints:
		return hi.hcp + hi.dummy(trump)
	case SlamPoints:
		return hi.points + shortness(hi, trump)
	}
	return hi.hcp
}

// longestLen returns the length of the hand's longest suit.
func (hi *handInfo) longestLen() int {
	return max(hi.len[engine.Clubs], hi.len[engine.Diamonds], hi.len[engine.Hearts], hi.len[engine.Spades])
}

// longestSuit returns the hand's longest suit, the higher of equals.
func (hi *handInfo) longestSuit() engine.Suit {
	long := engine.Spades
	for _, x := range []engine.Suit{engine.Hearts, engine.Diamonds, engine.Clubs} {
		if hi.len[x] > hi.len[long] {
			long = x
		}
	}
	return long
}

// longest reports whether s is the suit to bid first among the given suits:
// none is longer, and any of equal length ranks below s (ties go to the
// higher suit, as with 5-5 in SAYC).
func (hi *handInfo) longest(s engine.Suit, among ...engine.Suit) bool {
	for _, o := range among {
		if o == s {
			continue
		}
		if hi.len[o] > hi.len[s] || (hi.len[o] == hi.len[s] && o > s) {
			return false
		}
	}
	return true
}

// shortIn reports a singleton or void in some suit other than the given ones.
func (hi *handInfo) shortIn(except ...engine.Suit) bool {
	for s := engine.Clubs; s <= engine.Spades; s++ {
		skip := false
		for _, e := range except {
			skip = skip || e == s
		}
		if !skip && hi.len[s] <= 1 {
			return true
		}
	}
	return false
}
