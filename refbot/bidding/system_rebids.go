package bidding

import "github.com/openroom/openroom/engine"

// openerRebids: opener's second call after an uncontested response.
// Strength bands (documented): minimum 12-15, medium 16-18, maximum 19-21;
// 1NT rebid 12-14 balanced, 2NT rebid 18-19 balanced (15-17 balanced hands
// opened 1NT, 20-21 opened 2NT). The jump rebid of a six-card suit and the
// jump shift are judged in total points (HCP and length points): the jump
// rebid 17-20 points (14-18 HCP), the jump shift 19+ points (16+ HCP), so
// a 15-count with seven spades or a 17-count 5-5 shows its playing
// strength.
func (b *builder) openerRebids() {
	for _, o := range allSuits {
		open := sc(1, o)
		for _, y := range allSuits {
			if y > o {
				b.rebidAfterOneLevel(o, y)
			}
		}
		b.rebidAfterOneNT(o)
		k2 := joinKey(open, "P", sc(2, o), "P")
		k3 := joinKey(open, "P", sc(3, o), "P")
		if o >= H {
			b.add(k2, sc(4, o), "game: 19+ points", points(LengthPoints, o, 19, 40))
			b.helpSuitTries(o)
			b.add(k2, sc(3, o), "game try: 16-18 points", points(LengthPoints, o, 16, 18))
			b.add(k2, "P", "minimum", hcp(12, 15), points(LengthPoints, o, 0, 15))
			b.add(k3, sc(4, o), "accepts the limit raise: 14+ points", points(LengthPoints, o, 14, 40))
			b.add(k3, "P", "declines the limit raise", hcp(12, 13), points(LengthPoints, o, 0, 13))
			b.add(joinKey(open, "P", sc(4, o), "P"), "P", "no slam interest")
			b.jacobyRebids(o)
		} else {
			b.add(k2, "3N", "18-19 balanced", hcp(18, 19), balanced())
			b.add(k2, "P", "minimum", hcp(12, 17))
			b.add(k3, "3N", "14+ with both majors stopped", hcp(14, 21), when("hearts and spades stopped", func(hi *handInfo) bool {
				return hi.stopper(H) && hi.stopper(S)
			}))
			b.add(k3, "P", "minimum", hcp(12, 13))
			b.add(joinKey(open, "P 2N P"), "3N", "to play")
			b.add(joinKey(open, "P 3N P"), "P", "to play")
		}
		for _, y := range allSuits {
			if y < o || (o == S && y == H) {
				b.rebidAfterTwoOverOne(o, y)
			}
		}
	}
}

// gameInOwnMajor is opener's jump to game in a six-card major over a
// one-level response or 1NT: 21+ points, above the jump rebid's 17-20.
// The fallback bid the same game without showing anything, so responder
// with 14 HCP passed it with a slam between the hands (1H P 1S P 4H).
const gameInOwnMajor = "game in the suit: 6+ cards, 21+ points"

// rebidAfterOneLevel: 1o P 1y P.
func (b *builder) rebidAfterOneLevel(o, y engine.Suit) {
	k := joinKey(sc(1, o), "P", sc(1, y), "P")
	raise := func() {
		if y >= H {
			b.add(k, sc(4, y), "raise to game: 4-card support, 19-21 support points", hcp(12, 21), minLen(y, 4), points(DummyPoints, y, 19, 40))
		}
		b.add(k, sc(3, y), "jump raise: 4-card support, 16-18 support points", hcp(12, 21), minLen(y, 4), points(DummyPoints, y, 16, 18))
		b.add(k, sc(2, y), "single raise: 4-card support, minimum", hcp(12, 15), minLen(y, 4), points(DummyPoints, y, 0, 15))
	}
	if y >= H {
		raise()
	}
	// 18-19 balanced rebids 2NT even with a major to show: a one-level new
	// suit is not forcing, and partner would pass it with 6 points.
	b.add(k, "2N", "18-19 balanced", hcp(18, 19), balanced())
	// New major at the one level, up the line.
	for z := y + 1; z <= S; z++ {
		if z < H {
			continue
		}
		o := []opt{minLen(z, 4)}
		if z == S && y < H {
			o = append(o, maxLen(H, 3))
		}
		b.add(k, sc(1, z), "4+ cards, not forcing", append(o, hcp(12, 18))...)
	}
	if y < H {
		raise()
	}
	b.add(k, "1N", "12-14 balanced", hcp(12, 14), balanced())
	for _, z := range []engine.Suit{S, H, D, C} {
		if z == o || z == y {
			continue
		}
		lvl := cheapest(engine.Strain(z), engine.Bid(1, engine.Strain(y))) + 1
		if lvl > 3 {
			continue
		}
		b.add(k, sc(lvl, z), "jump shift: 19+ points, game forcing", hcp(16, 21), points(LengthPoints, 0, 19, 40), minLen(z, 4), gameForcing())
	}
	if o >= H {
		b.add(k, sc(4, o), gameInOwnMajor, hcp(15, 21), points(LengthPoints, o, 21, 40), minLen(o, 6))
	}
	b.add(k, sc(3, o), "jump rebid: 6+ cards, 17-20 points", hcp(14, 18), points(LengthPoints, o, 17, 20), minLen(o, 6))
	for z := o + 1; z < y; z++ {
		b.add(k, sc(2, z), "reverse: 16+, longer first suit", hcp(16, 21), minLen(z, 4), minLen(o, 5), forcing(),
			when("first suit longer", func(hi *handInfo) bool { return hi.len[o] > hi.len[z] }))
	}
	b.add(k, sc(2, o), "6+ cards, minimum", hcp(12, 15), minLen(o, 6))
	for z := engine.Suit(0); z < o; z++ {
		if z == y {
			continue
		}
		b.add(k, sc(2, z), "new lower suit: 4+ cards, 12-18", hcp(12, 18), minLen(z, 4))
	}
	b.add(k, sc(2, o), "rebids a 5-card suit, nothing better", hcp(12, 15), minLen(o, 5))
}

// rebidAfterOneNT: 1o P 1N P.
func (b *builder) rebidAfterOneNT(o engine.Suit) {
	k := joinKey(sc(1, o), "P 1N P")
	for _, z := range []engine.Suit{S, H, D, C} {
		if z != o {
			b.add(k, sc(3, z), "jump shift: 19+ points, game forcing", hcp(16, 21), points(LengthPoints, 0, 19, 40), minLen(z, 4), gameForcing())
		}
	}
	b.add(k, "2N", "18-19 balanced", hcp(18, 19), balanced())
	if o >= H {
		b.add(k, sc(4, o), gameInOwnMajor, hcp(15, 21), points(LengthPoints, o, 21, 40), minLen(o, 6))
	}
	b.add(k, sc(3, o), "jump rebid: 6+ cards, 17-20 points", hcp(14, 18), points(LengthPoints, o, 17, 20), minLen(o, 6))
	for z := o + 1; z <= S; z++ {
		b.add(k, sc(2, z), "reverse: 16+, longer first suit", hcp(16, 21), minLen(z, 4), minLen(o, 5), forcing(),
			when("first suit longer", func(hi *handInfo) bool { return hi.len[o] > hi.len[z] }))
	}
	b.add(k, sc(2, o), "6+ cards, minimum", hcp(12, 15), minLen(o, 6))
	for z := engine.Suit(0); z < o; z++ {
		b.add(k, sc(2, z), "new lower suit: 4+ cards", hcp(12, 18), minLen(z, 4))
	}
	b.add(k, "P", "minimum", hcp(12, 15))
}

// rebidAfterTwoOverOne: 1o P 2y P.
func (b *builder) rebidAfterTwoOverOne(o, y engine.Suit) {
	k := joinKey(sc(1, o), "P", sc(2, y), "P")
	for z := y + 1; z < o; z++ {
		b.add(k, sc(2, z), "new suit: 4+ cards", hcp(12, 21), minLen(z, 4), forcing())
	}
	need := 4
	if y == H {
		need = 3
	}
	b.add(k, sc(3, y), "raise: support for responder's suit", hcp(12, 21), minLen(y, need), forcing())
	b.add(k, sc(3, o), "jump rebid: 6+ cards, 16+", hcp(16, 21), minLen(o, 6), forcing())
	b.add(k, sc(2, o), "6+ cards", hcp(12, 15), minLen(o, 6))
	b.add(k, "2N", "12-14 balanced", hcp(12, 14), balanced())
	b.add(k, "3N", "18-19 balanced", hcp(18, 19), balanced())
	// A new suit above the two level of opener's own (the reverse 1H-2m-2S,
	// or any new suit at the three level) is natural and forcing: 4+
	// cards in a second suit opener would otherwise hide under a rebid of
	// the first.
	for _, nb := range newSuitsAfterTwoOverOne(o, y) {
		if z := engine.Suit(nb.Strain()); nb.Level() == 3 || z > o {
			b.add(k, nb.String(), "new suit: 4+ cards, forcing", hcp(12, 21), minLen(z, 4), minLen(o, 5), forcing())
		}
	}
	if o > y {
		b.add(k, sc(2, o), "rebids a 5-card suit, nothing better", minLen(o, 5), forcing())
	}
}

// jacobyRebids: opener's answers to Jacoby 2NT (1M P 2N P).
func (b *builder) jacobyRebids(m engine.Suit) {
	k := joinKey(sc(1, m), "P 2N P")
	for _, z := range allSuits {
		if z != m {
			b.add(k, sc(3, z), "singleton or void", maxLen(z, 1), gameForcing(), alert("shortness: singleton or void"))
		}
	}
	b.add(k, sc(3, m), "18+, no shortness", hcp(18, 21), gameForcing())
	b.add(k, "3N", "15-17, no shortness", hcp(15, 17), gameForcing())
	b.add(k, sc(4, m), "minimum, no shortness", hcp(12, 14))
}

// responderRebids: responder's second call in the commonest uncontested
// sequences. Others are left to the natural fallback, which bids game when
// the partnership's shown values reach 25 and never passes a forcing bid.
func (b *builder) responderRebids() {
	for _, o := range allSuits {
		open := sc(1, o)
		for _, y := range allSuits {
			if y <= o {
				continue
			}
			resp := sc(1, y)
			k := joinKey(open, "P", resp, "P")
			b.rebidsOverOneNT(k, y)
			b.rebidsOverRaise(k, y)
			b.rebidsOverOwnSuit(k, o, y)
			b.rebidsOverTwoNT(k, y)
		}
		b.preferences(o)
		for _, y := range []engine.Suit{C, D} {
			if y < o {
				b.strongMinorAfterTwoOverOne(o, y)
			}
		}
		if o >= H {
			kt := joinKey(open, "P", sc(2, o), "P", sc(3, o), "P")
			b.add(kt, sc(4, o), "accepts the game try: 8-10 support points", points(DummyPoints, o, 8, 40))
			b.add(kt, "P", "declines the game try", hcp(0, 7))
		}
	}
}

// rebidsOverOneNT adds responder's rebids at key k (1o P 1y P) over
// opener's 1NT (12-14 balanced), and opener's answer to the invitation.
func (b *builder) rebidsOverOneNT(k string, y engine.Suit) {
	kn := joinKey(k, "1N P")
	if y >= H {
		b.add(kn, sc(4, y), "game with 6+ cards", hcp(13, 37), minLen(y, 6))
	}
	b.add(kn, "3N", "game values", hcp(13, 18))
	if y >= H {
		b.add(kn, sc(3, y), "invitational with 6+ cards", hcp(11, 12), minLen(y, 6))
	}
	b.add(kn, "2N", "invitational", hcp(11, 12))
	ki := joinKey(kn, "2N P")
	if y >= H {
		b.add(ki, sc(4, y), "accepts with 3-card support: 13-14", hcp(13, 14), minLen(y, 3))
	}
	b.add(ki, "3N", "accepts the invitation: 13-14", hcp(13, 14))
	b.add(ki, "3N", "accepts the invitation: 12 with a five-card suit", hcp(12, 12),
		when("a five-card suit", func(hi *handInfo) bool { return hi.longestLen() >= 5 }))
	b.add(ki, "P", "declines the invitation: 12", hcp(12, 12))
	b.add(kn, sc(2, y), "6+ cards, to play", hcp(6, 10), minLen(y, 6))
	b.add(kn, "P", "no game", hcp(0, 10))
}

// rebidsOverRaise adds responder's rebids at key k (1o P 1y P) over
// opener's single raise (12-15, 4-card support) and jump raise.
func (b *builder) rebidsOverRaise(k string, y engine.Suit) {
	if y >= H {
		kr := joinKey(k, sc(2, y), "P")
		b.add(kr, sc(4, y), "game", hcp(13, 37))
		b.add(kr, sc(3, y), "invitational", hcp(11, 12))
		b.add(kr, "P", "no game", hcp(0, 10))
		kj := joinKey(k, sc(3, y), "P")
		b.add(kj, sc(4, y), "accepts the jump raise", hcp(8, 37))
		b.add(kj, "P", "declines the jump raise", hcp(0, 7))
		b.add(joinKey(k, sc(4, y), "P"), "P", "no slam interest")
	}
}

// rebidsOverOwnSuit adds responder's rebids at key k (1o P 1y P) over
// opener's minimum rebid of its suit (6+ cards).
func (b *builder) rebidsOverOwnSuit(k string, o, y engine.Suit) {
	ko := joinKey(k, sc(2, o), "P")
	if o >= H {
		b.add(ko, sc(4, o), "game with support", hcp(13, 37), minLen(o, 2))
	}
	if y >= H {
		b.add(ko, sc(4, y), "game with a 6+ card suit", hcp(13, 37), minLen(y, 6), maxLen(o, 1))
	}
	if o <= D && y >= H {
		// Both majors: the second one, forcing, so that a 4-4
		// fit in it is found (the pass had left it undiscovered).
		z := otherMajor(y)
		b.add(ko, sc(2, z), "second major: 5+ in the first, 4+ here, 8+ HCP, forcing", hcp(8, 37), minLen(y, 5), minLen(z, 4), forcing())
	}
	b.add(ko, "3N", "game values", hcp(13, 37))
	if o >= H {
		b.add(ko, sc(3, o), "invitational with support", hcp(11, 12), minLen(o, 2))
	}
	if y > o {
		b.add(ko, sc(3, y), "invitational with a 6+ card suit", hcp(11, 12), minLen(y, 6))
	}
	b.add(ko, "2N", "invitational", hcp(11, 12))
	if y > o {
		b.add(ko, sc(2, y), "6+ cards, to play", hcp(6, 10), minLen(y, 6), maxLen(o, 1))
	}
	b.add(ko, "P", "no game", hcp(0, 10))
}

// rebidsOverTwoNT adds responder's rebids at key k (1o P 1y P) over
// opener's 2NT (18-19 balanced).
func (b *builder) rebidsOverTwoNT(k string, y engine.Suit) {
	k2 := joinKey(k, "2N P")
	if y >= H {
		b.add(k2, sc(4, y), "game with 6+ cards", minLen(y, 6))
	}
	b.add(k2, "3N", "game")
}

// preferences: responder's weak answer to opener's new lower suit after a
// one-level response or 1NT (1o P 1y P 2z P, 1o P 1N P 2z P): with 6-10
// HCP and at most 10 points with length, back to opener's first suit with
// as many cards there as in the second (simple preference), else pass the
// second suit. Over opener's new one-level major after a minor opening
// (1m P 1y P 1M P), the same hand with more cards in the minor than in
// the major (at most three) goes back to the minor. Stronger hands are
// left to the natural fallback, except that 4+ cards with the shortness
// for 11-14 support points jump in opener's first suit (in both cases),
// as passing the second suit would leave 4-card support for opener's
// first suit, and a void, in a 4-3 fit or worse.
func (b *builder) preferences(o engine.Suit) {
	var keys []string
	for _, y := range allSuits {
		if y > o {
			keys = append(keys, joinKey(sc(1, o), "P", sc(1, y), "P"))
		}
	}
	keys = append(keys, joinKey(sc(1, o), "P 1N P"))
	if o <= D {
		// Over opener's new one-level major, a weak responder with more
		// cards in opener's minor than in the major goes back to the minor.
		for _, y := range allSuits {
			for z := max(y+1, H); y > o && z <= S; z++ {
				kz := joinKey(sc(1, o), "P", sc(1, y), "P", sc(1, z), "P")
				zz := z
				b.add(kz, sc(3, o), "jump preference to opener's minor: invitational, 4+ cards, 11-14 support points", hcp(6, 10), minLen(o, 4), maxLen(z, 3), points(DummyPoints, o, 11, 14))
				b.add(kz, sc(2, o), "preference to opener's minor: 6-10, longer there than in the major", hcp(6, 10), points(LengthPoints, o, 0, 10), maxLen(z, 3), minLen(o, 3),
					when("more cards in opener's minor than in the major", func(hi *handInfo) bool { return hi.len[o] > hi.len[zz] }))
			}
		}
	}
	for _, k := range keys {
		for z := engine.Suit(0); z < o; z++ { // below opener's suit, so not responder's
			zz := z
			kz := joinKey(k, sc(2, z), "P")
			b.add(kz, sc(3, o), "jump preference: invitational, 4+ cards, 11-14 support points", hcp(6, 10), minLen(o, 4), points(DummyPoints, o, 11, 14))
			b.add(kz, sc(2, o), "preference to opener's first suit: 6-10", hcp(6, 10), points(LengthPoints, o, 0, 10),
				when("at least as many cards there as in opener's second suit", func(hi *handInfo) bool { return hi.len[o] >= hi.len[zz] }))
			b.add(kz, "P", "passes opener's second suit: longer there", hcp(0, 10), points(LengthPoints, o, 0, 10),
				when("more cards in opener's second suit", func(hi *handInfo) bool { return hi.len[zz] > hi.len[o] }))
		}
	}
}

// strongMinorAfterTwoOverOne: responder's second call after a two over one
// in a minor (1o P 2y P) and opener's rebid of its suit or 2NT, neither of
// them forcing. An extension to SAYC-lite: with a good six-card minor and
// 15+ HCP, responder rebids the minor at the three level, natural and
// forcing (slam interest), rather than jump to 3NT, so that opener,
// knowing the suit and the strength, can count the side for five of the
// minor or for slam (the fallback's game bid and the Blackwood ask of
// minorSlamAsk). After those rebids the fallback never bids three of the
// minor (it passes or bids game), so the call has no weaker reading; after
// opener's forcing new suits the fallback's cheapest natural bid may be
// that minor with a weak hand, and the row stays out.
func (b *builder) strongMinorAfterTwoOverOne(o, y engine.Suit) {
	k := joinKey(sc(1, o), "P", sc(2, y), "P")
	yy := y
	good := when("a good suit", func(hi *handInfo) bool { return hi.good(yy) })
	for _, r := range []string{sc(2, o), "2N"} {
		b.add(joinKey(k, r, "P"), sc(3, y), "strong rebid of the minor: good 6+ cards, 15+, forcing", hcp(15, 37), minLen(y, 6), forcing(), good)
	}
	// After opener's forcing new suit the strong hand jumps to four of
	// the minor, a level the fallback's cheapest bid never reaches.
	for _, nb := range newSuitsAfterTwoOverOne(o, y) {
		b.add(joinKey(k, nb.String(), "P"), sc(4, y), "strong jump rebid of the minor: good 6+ cards, 15+, forcing", hcp(15, 37), minLen(y, 6), forcing(), good)
	}
}

// newSuitsAfterTwoOverOne returns opener's new-suit rebids after 1o P 2y:
// each other suit at its cheapest level over 2y, up to the three level
// and, at the three level, below o (three of a higher suit would be a
// jump reverse). All are forcing after a two over one.
func newSuitsAfterTwoOverOne(o, y engine.Suit) []engine.Call {
	var out []engine.Call
	for _, z := range []engine.Suit{S, H, D, C} { // the order of opener's rows: the higher suit first
		if z == o || z == y {
			continue
		}
		lvl := cheapest(engine.Strain(z), engine.Bid(2, engine.Strain(y)))
		if lvl > 3 || (lvl == 3 && z > o) {
			continue
		}
		out = append(out, engine.Bid(lvl, engine.Strain(z)))
	}
	return out
}
