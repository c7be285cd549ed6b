package refbot

import (
	"fmt"

	"github.com/openroom/openroom/engine"
)

// Structures after a major-suit fit, extensions to SAYC-lite (documented
// here and measured against par with make measure-bidding).

// losers counts the losers of suit s as a trick-taking estimate does: the
// first min(length, 3) cards, less the ace, king and queen among them (a
// void has none, a singleton ace none, Kx one, xxx three).
func (hi *handInfo) losers(s engine.Suit) int {
	n := min(hi.len[s], 3)
	return n - hi.honours(s, n)
}

// helpSuitTries writes opener's help-suit game tries after a single raise
// (1M P 2M P): with 16-18 points, opener names the cheapest side suit of
// three or more cards with two or more losers (at most one of the ace,
// king and queen), the suit where it needs partner's help; it is forcing
// for one round. A hand of that strength with no such suit still makes
// the generic try of three of the major. The rows go before that try.
func (b *builder) helpSuitTries(m engine.Suit) {
	k := joinKey(sc(1, m), "P", sc(2, m), "P")
	for _, z := range helpSuitOrder(m) {
		zz := z
		lvl := cheapest(engine.Strain(z), engine.Bid(2, engine.Strain(m)))
		b.add(k, sc(lvl, z), fmt.Sprintf("help-suit game try: 16-18 points, 3+ %s needing help", z),
			points(LengthPoints, m, 16, 18), minLen(z, 3), forcing(),
			when("two or more losers in the suit, the cheapest such", func(hi *handInfo) bool { return hi.losers(zz) >= 2 }))
		ka := joinKey(k, sc(lvl, z), "P")
		b.add(ka, sc(4, m), "accepts the game try: a maximum (9-10 support points)", points(DummyPoints, m, 9, 40))
		b.add(ka, sc(4, m), fmt.Sprintf("accepts the game try: 7-8 support points and help in %s (at most one loser)", z),
			points(DummyPoints, m, 7, 8), when("at most one loser in the try suit", func(hi *handInfo) bool { return hi.losers(zz) <= 1 }))
		b.add(ka, sc(3, m), "declines the game try")
		b.add(joinKey(ka, sc(3, m), "P"), "P", "accepts the sign-off")
	}
}

// helpSuitOrder lists the side suits of major m in the order their tries
// rank above 2M (cheapest first): over 1H-2H 2S, 3C, 3D; over 1S-2S 3C,
// 3D, 3H.
func helpSuitOrder(m engine.Suit) []engine.Suit {
	if m == H {
		return []engine.Suit{S, C, D}
	}
	return []engine.Suit{C, D, H}
}
