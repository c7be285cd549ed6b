package bidding

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/openroom/openroom/engine"
)

// suitsBut returns the four suits, spades first, without those in theirs
// and the extra ones.
func suitsBut(theirs []engine.Suit, extra ...engine.Suit) []engine.Suit {
	var out []engine.Suit
	for _, y := range []engine.Suit{engine.Spades, engine.Hearts, engine.Diamonds, engine.Clubs} {
		if !slices.Contains(theirs, y) && !slices.Contains(extra, y) {
			out = append(out, y)
		}
	}
	return out
}

// Competitive rows computed from the auction. The keyed table covers the
// first round or two of a contested auction; later on, and in the
// part-score battles it has no key for, these rows apply. They are built
// from the public reading of the auction (state) alone, by the same
// function when a bidder chooses a call and when anyone reads it back
// (Explain, infer), so a call made here promises exactly what its row says.
//
// Extensions to SAYC-lite, documented here:
//   - Competing to the level of the fit (the law of total tricks): when the
//     opponents have outbid the side in a part score, a bid in a suit the
//     side has bid naturally, at the cheapest level, with as many trumps
//     between the bidder and partner's shown minimum as the level plus six
//     (eight trumps for the two level, nine for the three level), 6+ HCP
//     and too few for game; with ten trumps in a major, straight to the
//     four level, and in a minor one level more for each trump beyond
//     nine, up to game.
//   - A long suit again: the seat bid a suit, partner has shown nothing,
//     and the opponents bid on: in a major, game with 7+ cards and 19+
//     points counting length; in any suit, the cheapest bid up to the
//     three level with 7+ cards and 12+ HCP (ownSuitRows).
//   - Balancing: when the opponents have bid one suit only and their
//     two-level bid in it (a raise) would end the auction, and the side
//     has not acted, a five-card suit (or six cards) at the cheapest level
//     (7-15 HCP at the two level, 10-15 with six cards at the three
//     level), else a takeout double (at most two cards in their suit, 3+
//     in each other suit, 8+ HCP). The direct seat over their raise
//     (1x P 2x) acts the same way on three HCP more: par judges it about
//     even, and an opponent that competes as BEN does takes the part score
//     otherwise. Either seat doubles with 17+ HCP short in their suit
//     whatever its other suits, to bid its own suit next. Balancing over
//     two-suited auctions moved auctions further from par and is not made.
//   - The takeout (or negative) doubler's rebid after partner's answer in a
//     suit: a raise to game in a major with 4+ trumps and 23 points
//     together (partner counted at the strength the answer showed, at
//     least 4), in a minor with 26, a single raise with three points less
//     than the major's game, 3NT with their suits stopped and 25 together,
//     a new five-card suit with 17+ HCP (forcing; at the four level, game
//     in a major). The raises value shortness (support points).
//   - Answers to a takeout double the table has no key for: a penalty pass
//     with five good trumps, else the cheapest bid in the best unbid suit,
//     else the cheapest notrump.
//   - Free advances: partner doubled for takeout and the next opponent bid
//     (a raise, say) below the four level, so the advancer need not answer;
//     a bid shows values (freeAdvanceRows).
//   - Answers to a redoubled takeout double: the same answers as over a
//     pass.
//   - The takeout doubler again: the next opponent bid over the double and
//     both other players passed, so the auction would end; with 17+ HCP the
//     doubler bids a five-card suit up to the three level, 2NT with 18-20
//     balanced and their suits stopped, or doubles again short in their
//     suits (doublerAgainRows).

// competeMinHCP is the least a competitive raise holds.
const competeMinHCP = 6

// competitiveRows returns the computed rows for the seat to call at st,
// or nil when the auction is uncontested or the side itself made the last
// bid (the natural fallback applies then).
func competitiveRows(st *state, seat engine.Seat) []*row {
	if !st.opened || !st.lastBid.IsBid() || st.n < 1 {
		return nil
	}
	us, them := seat.Side(), 1-seat.Side()
	if !st.bid[them] {
		return nil
	}
	if st.lastBidder.Side() == us {
		return doublerRebidRows(st, seat)
	}
	if st.n >= 2 && st.back(1).call == engine.Redouble && st.back(2).call == engine.Double && st.lastBid.Strain() != engine.NoTrump &&
		st.lastBid.Level() <= 3 && takeoutDouble(st, seat.Partner(), st.back(2)) {
		// Partner's takeout double was redoubled: answer it as if the
		// next opponent had passed (the best suit; the pass is for
		// penalty with strong trumps).
		return takeoutAnswerRows(st, us, engine.Suit(st.lastBid.Strain()), st.lastBid)
	}
	if c := st.back(1).call; c != engine.Pass && !c.IsBid() {
		return nil // a double or redouble of the opponents' own contract
	}
	last := st.lastBid
	if last.Strain() == engine.NoTrump {
		if st.bid[us] {
			return ownSuitRows(st, seat)
		}
		return nil
	}
	x := engine.Suit(last.Strain())
	partner := &st.cons[seat.Partner()]
	var rows []*row
	if st.n >= 2 && st.back(1).call == engine.Pass && st.back(2).call == engine.Double && partner.MaxLen[x] <= 2 && last.Level() <= 3 {
		return takeoutAnswerRows(st, us, x, last)
	}
	if !st.bid[us] && last.Level() <= 3 {
		if st.n >= 3 && st.back(1).call == last && st.back(2).call == engine.Double && takeoutDouble(st, seat.Partner(), st.back(2)) {
			return freeAdvanceRows(st, us, last)
		}
		if st.n >= 4 && st.back(1).call == engine.Pass && st.back(2).call == engine.Pass && st.back(3).call == last &&
			st.back(4).call == engine.Double && takeoutDouble(st, seat, st.back(4)) {
			return doublerAgainRows(st, us, last)
		}
	}
	if st.bid[us] {
		rows = append(rows, doublerOverBidRows(st, seat)...)
		rows = append(rows, fitRaiseRows(st, seat)...)
		rows = append(rows, ownSuitRows(st, seat)...)
		rows = append(rows, extraValuesDoubleRows(st, seat, x, last)...)
	}
	if !st.acted[us] && last.Level() <= 2 {
		rows = append(rows, balancingRows(st, seat, x, last)...)
	}
	return rows
}

// theirSuits lists the suits the other side has bid naturally.
func theirSuits(st *state, us engine.Side) []engine.Suit {
	var out []engine.Suit
	for _, s := range allSuits {
		if st.suits[1-us]&(1<<s) != 0 {
			out = append(out, s)
		}
	}
	return out
}

// fitRaiseRows: competing to the level of the fit in a suit the side has
// bid, majors first.
func fitRaiseRows(st *state, seat engine.Seat) []*row {
	us := seat.Side()
	partner := &st.cons[seat.Partner()]
	maxHCP := 24 - partner.MinHCP
	var rows []*row
	for _, t := range []engine.Suit{S, H, D, C} {
		if st.suits[us]&(1<<t) == 0 || st.suits[1-us]&(1<<t) != 0 {
			continue
		}
		pm := partner.MinLen[t]
		if pm < 2 {
			continue
		}
		lvl := cheapest(engine.Strain(t), st.lastBid)
		if lvl < 2 || lvl > 3 {
			continue
		}
		own := max(lvl+6-pm, 3)
		if own > 13 || maxHCP < competeMinHCP {
			continue
		}
		// Ten trumps or more in a major: straight to the four level, the
		// level of the fit, before the opponents find their own.
		if t >= H && lvl < 4 {
			rows = append(rows, newRow("", engine.Bid(4, engine.Strain(t)), "jumps to the level of the fit: 10+ trumps together",
				hcp(competeMinHCP, maxHCP), minLen(t, max(10-pm, 4))))
		}
		// In a minor the same, one level for each trump beyond nine, up
		// to game: eleven trumps take away the opponents' four level.
		for l := 5; t < H && l > lvl; l-- {
			text := fmt.Sprintf("jumps to the level of the fit: %d+ trumps together", l+6)
			rows = append(rows, newRow("", engine.Bid(l, engine.Strain(t)), text, hcp(competeMinHCP, maxHCP), minLen(t, max(l+6-pm, 4))))
		}
		text := fmt.Sprintf("competes to the level of the fit: %d+ trumps together", lvl+6)
		rows = append(rows, newRow("", engine.Bid(lvl, engine.Strain(t)), text, hcp(competeMinHCP, maxHCP), minLen(t, own)))
	}
	return rows
}

// ownSuitRows: the seat bid a suit, partner has shown nothing and the
// opponents bid on: a long major bids game on its own playing strength,
// 7+ cards and 19+ points counting length (an eight-card spade suit with
// 15 HCP had passed their 2NT after their Michaels cue bid); any suit of
// 7+ cards competes at the cheapest level up to three with 12+ HCP (17
// HCP and seven diamonds had passed their unusual 2NT); and a strong
// hand (17+ HCP) that showed five cards shows a second five-card suit up
// to the three level (19 HCP and five diamonds had passed their 2S).
// Competing lower with six cards and 16+ points measured no better
// (docs/refbot-strength.md).
func ownSuitRows(st *state, seat engine.Seat) []*row {
	us := seat.Side()
	if st.shown[seat.Partner()] > 0 || bits.OnesCount8(st.suits[us]) != 1 {
		return nil
	}
	s := engine.Suit(bits.TrailingZeros8(st.suits[us]))
	theirs := theirSuits(st, us)
	if st.cons[seat.Partner()].MinLen[s] >= 2 || slices.Contains(theirs, s) {
		return nil
	}
	// Only a suit shown with five cards has the second-suit and game rows.
	fiveShown := st.cons[seat].MinLen[s] >= 5
	var rows []*row
	if game := engine.Bid(4, engine.Strain(s)); s >= H && game > st.lastBid && fiveShown {
		rows = append(rows, newRow("", game, "the long suit again: game, 7+ cards, 19+ points", minLen(s, 7),
			points(LengthPoints, s, 19, 40)))
	}
	if lvl := cheapest(engine.Strain(s), st.lastBid); lvl <= 3 {
		rows = append(rows, newRow("", engine.Bid(lvl, engine.Strain(s)), "the long suit again: 7+ cards, 12+ HCP", minLen(s, 7),
			hcp(12, 37)))
	}
	if !fiveShown {
		return rows
	}
	shown := append(theirs, s)
	for _, z := range suitsBut(theirs, s) {
		if lvl := cheapest(engine.Strain(z), st.lastBid); lvl <= 3 {
			rows = append(rows, newRow("", engine.Bid(lvl, engine.Strain(z)), "a strong second suit: 5+ cards, 17+ HCP", hcp(17, 37),
				minLen(z, 5), bestUnbidSuit(z, shown...)))
		}
	}
	return rows
}

// balancingRows: the side has not acted and the opponents' last bid, a
// suit at the one or two level, would end the auction if the seat passed
// (the balancing seat), or they have bid one suit only and raised it (the
// direct seat over their fit).
func balancingRows(st *state, seat engine.Seat, x engine.Suit, last engine.Call) []*row {
	us := seat.Side()
	theirs := theirSuits(st, us)
	balancing := st.n >= 3 && st.back(1).call == engine.Pass && st.back(2).call == engine.Pass
	// The direct seat over their raise (1x P 2x): partner passed the
	// opening, and the next hand's raise is the last call. It acts on more
	// than the balancing seat, which partner's pass has already told.
	direct := st.n >= 3 && st.back(1).call == last && st.back(2).call == engine.Pass && st.back(3).call.IsBid() &&
		st.back(3).call.Strain() == last.Strain() && st.back(3).call.Level() == 1
	if !balancing && !direct || len(theirs) != 1 || last.Level() != 2 {
		return nil
	}
	extra := 0
	if direct {
		extra = 3
	}
	var rows []*row
	d := []opt{hcp(8+extra, 37), maxLen(x, 2), forcing()}
	for _, s := range allSuits {
		bid := false
		for _, t := range theirs {
			bid = bid || t == s
		}
		switch {
		case s == x:
		case bid:
			d = append(d, maxLen(s, 3))
		default:
			d = append(d, minLen(s, 3))
		}
	}
	for _, y := range suitsBut(theirs) {
		yy := y
		lvl := cheapest(engine.Strain(y), last)
		switch {
		case lvl <= 2:
			rows = append(rows, newRow("", engine.Bid(lvl, engine.Strain(y)), fmt.Sprintf("over their raise: 5+ cards, %d-15", 7+extra), hcp(7+extra, 15), minLen(y, 5),
				when("two top-five honours or six cards, the best unbid suit", func(hi *handInfo) bool {
					return (hi.decent(yy) || hi.len[yy] >= 6) && bestUnbid(hi, yy, theirs...)
				})))
		case lvl == 3:
			rows = append(rows, newRow("", engine.Bid(lvl, engine.Strain(y)), fmt.Sprintf("over their raise: 6+ cards, %d-15", 10+extra), hcp(10+extra, 15), minLen(y, 6),
				when("good suit, the best unbid suit", func(hi *handInfo) bool { return hi.good(yy) && bestUnbid(hi, yy, theirs...) })))
			// A seventh card of a good suit is worth the high cards the
			// three level otherwise asks for.
			rows = append(rows, newRow("", engine.Bid(lvl, engine.Strain(y)), "over their raise: good 7+ cards, 8-15", hcp(8, 15), minLen(y, 7),
				when("good suit, the best unbid suit", func(hi *handInfo) bool { return hi.good(yy) && bestUnbid(hi, yy, theirs...) })))
		}
	}
	rows = append(rows, newRow("", engine.Double, "takeout double of their raise: short in their suit, 3+ in the others", d...))
	// A hand too strong for the rows above doubles first and then shows
	// its suit (doublerOverBidRows, doublerAgainRows). Two cards in their
	// suit at most, so the double still reads as takeout.
	rows = append(rows, newRow("", engine.Double, "takeout double of their raise, strong: 17+, short in their suit",
		hcp(17, 37), maxLen(x, 2), forcing()))
	return rows
}

// takeoutAnswerRows: partner doubled the opponents' suit x for takeout (the
// double promised at most two cards in it) and the next opponent passed.
// Every hand has an answer (the cheapest notrump at the latest, which the
// three-level limit keeps at most 3NT), so the pass is always the penalty
// pass.
func takeoutAnswerRows(st *state, us engine.Side, x engine.Suit, last engine.Call) []*row {
	theirs := theirSuits(st, us)
	var rows []*row
	rows = append(rows, newRow("", engine.Pass, "penalty pass: 5+ strong trumps", hcp(6, 37), minLen(x, 5),
		when("three of their top five honours", func(hi *handInfo) bool { return hi.honours(x, 5) >= 3 })))
	for _, y := range suitsBut(theirs, x) {
		yy := y
		lvl := cheapest(engine.Strain(y), last)
		if lvl > 4 {
			continue
		}
		rows = append(rows, newRow("", engine.Bid(lvl, engine.Strain(y)), "answers the takeout double: 4+ cards", minLen(y, 4),
			when("the best unbid suit", func(hi *handInfo) bool { return bestUnbid(hi, yy, append(theirs, x)...) })))
	}
	for _, y := range suitsBut(theirs, x) {
		if lvl := cheapest(engine.Strain(y), last); lvl <= 4 {
			rows = append(rows, newRow("", engine.Bid(lvl, engine.Strain(y)), "answers the takeout double: 3-card suit", minLen(y, 3)))
		}
	}
	if lvl := cheapest(engine.NoTrump, last); lvl <= 4 {
		rows = append(rows, newRow("", engine.Bid(lvl, engine.NoTrump), "answers the takeout double: no unbid suit of three cards"))
	}
	return rows
}

// doublerRebidRows: the seat doubled the opponents' suit for takeout (a
// forcing double of the table, or one whose calls promise at most two
// cards in a suit they bid; negative doubles included), partner answered
// in another suit and the next opponent passed.
func doublerRebidRows(st *state, seat engine.Seat) []*row {
	if st.n < 4 || st.back(1).call != engine.Pass || st.back(3).call != engine.Pass || st.back(4).call != engine.Double {
		return nil
	}
	ans := st.back(2)
	if !ans.call.IsBid() || ans.artificial || ans.call.Strain() == engine.NoTrump || st.lastBidder != seat.Partner() {
		return nil
	}
	us := seat.Side()
	y := engine.Suit(ans.call.Strain())
	theirs := theirSuits(st, us)
	short := false
	for _, t := range theirs {
		if t == y {
			return nil
		}
		short = short || st.cons[seat].MaxLen[t] <= 2
	}
	if !short && st.back(4).forcing == NotForcing {
		return nil // a penalty double
	}
	shown := max(st.shown[seat.Partner()], st.cons[seat.Partner()].MinHCP, 4)
	gameMin := 23 - shown
	// Shortness in another suit partner has bid (opener's own, after a
	// negative double) is a misfit, not a ruffing value: it is not
	// counted.
	partnerSuits := st.suits[us] &^ (1 << y)
	support := func(lo, hi int) opt {
		return when("no shortness counted in partner's other suit", func(h *handInfo) bool {
			p := h.hcp + h.dummyExcept(y, partnerSuits)
			return p >= lo && p <= hi
		})
	}
	var rows []*row
	lvl := ans.call.Level()
	if y >= H && lvl < 4 {
		rows = append(rows, newRow("", engine.Bid(4, engine.Strain(y)), fmt.Sprintf("raises partner's answer to game: 4+ trumps, %d+ support points", gameMin),
			minLen(y, 4), points(DummyPoints, y, gameMin, 40), support(gameMin, 40)))
	}
	if y < H && lvl < 5 {
		rows = append(rows, newRow("", engine.Bid(5, engine.Strain(y)), fmt.Sprintf("raises partner's answer to game in the minor: 4+ trumps, %d+ support points", gameMin+3),
			minLen(y, 4), points(DummyPoints, y, gameMin+3, 40), support(gameMin+3, 40)))
	}
	if lvl+1 < 4 || (y < H && lvl+1 < 5) {
		rows = append(rows, newRow("", engine.Bid(lvl+1, engine.Strain(y)), fmt.Sprintf("invites with a raise of partner's answer: 4+ trumps, %d-%d support points", gameMin-3, gameMin-1),
			minLen(y, 4), points(DummyPoints, y, gameMin-3, 40), support(gameMin-3, gameMin-1)))
	}
	if nt := engine.Bid(3, engine.NoTrump); nt > ans.call {
		ntMin := max(0, 25-shown)
		rows = append(rows, newRow("", nt, fmt.Sprintf("3NT after the takeout double: %d+ HCP, their suit stopped", ntMin), hcp(ntMin, 37), maxLen(y, 3),
			stoppedIn(theirs)))
	}
	for _, z := range suitsBut(theirs, y) {
		if zl := cheapest(engine.Strain(z), ans.call); zl <= 3 {
			rows = append(rows, newRow("", engine.Bid(zl, engine.Strain(z)), "new suit after the takeout double: 5+ cards, 17+ HCP, forcing", hcp(17, 37), minLen(z, 5), maxLen(y, 3), forcing()))
		} else if zl == 4 && z >= H {
			rows = append(rows, newRow("", engine.Bid(4, engine.Strain(z)), "game in a major after the takeout double: 5+ cards, 17+ HCP", hcp(17, 37), minLen(z, 5), maxLen(y, 3)))
		} else if zl == 4 {
			// A minor of the doubler's own above three is shown at the
			// four level, not forcing: partner raises it to game with
			// values, where a pass would leave a strong hand playing in
			// a forced answer of 0-11.
			rows = append(rows, newRow("", engine.Bid(4, engine.Strain(z)), "the doubler's own minor after the takeout double: 6+ cards, 17+ HCP", hcp(17, 37), minLen(z, 6), maxLen(y, 3)))
		}
	}
	return rows
}

// doublerOverBidRows: the seat doubled for takeout, partner answered in a
// suit and the next opponent bid again. A double then a suit shows a hand
// too strong to overcall: game in a major with 7+ cards and 19+ points
// counting length, else a 6+ card suit at the cheapest level up to three
// with 17+ HCP (19 HCP and seven hearts to the AKQJ had passed their 2C
// over partner's 1S).
func doublerOverBidRows(st *state, seat engine.Seat) []*row {
	if st.n < 4 || !st.back(1).call.IsBid() || st.back(3).call != engine.Pass || st.back(4).call != engine.Double ||
		!takeoutDouble(st, seat, st.back(4)) {
		return nil
	}
	ans := st.back(2)
	if !ans.call.IsBid() || ans.artificial || ans.call.Strain() == engine.NoTrump {
		return nil
	}
	us := seat.Side()
	theirs := theirSuits(st, us)
	y := engine.Suit(ans.call.Strain())
	shown := append(theirs, y)
	var rows []*row
	for _, z := range suitsBut(theirs, y) {
		if game := engine.Bid(4, engine.Strain(z)); z >= H && game > st.lastBid {
			rows = append(rows, newRow("", game, "the doubler's own major: game, 7+ cards, 19+ points", minLen(z, 7),
				points(LengthPoints, z, 19, 40)))
		}
	}
	for _, z := range suitsBut(theirs, y) {
		if zl := cheapest(engine.Strain(z), st.lastBid); zl <= 3 {
			rows = append(rows, newRow("", engine.Bid(zl, engine.Strain(z)), "the doubler's own suit: 6+ cards, 17+ HCP",
				hcp(17, 37), minLen(z, 6), bestUnbidSuit(z, shown...)))
		}
	}
	return rows
}

// extraValuesDoubleRows: the side has a fit (partner has shown three or
// more cards in a suit the side bid, seven or more between the two hands'
// shown lengths: a raise of a minor opened on three) and the opponents
// have outbid it at the three level, past the level the fit competes to.
// With 17+ HCP and at most one card in their suit the seat doubles: the
// values say the deal is the side's, the shortness says their suit
// breaks badly for them, and partner passes it or bids on.
func extraValuesDoubleRows(st *state, seat engine.Seat, x engine.Suit, last engine.Call) []*row {
	if last.Level() != 3 || st.n < 1 || st.back(1).call != last {
		return nil
	}
	us := seat.Side()
	mine, partner := &st.cons[seat], &st.cons[seat.Partner()]
	for _, t := range allSuits {
		if st.suits[us]&(1<<t) != 0 && st.suits[1-us]&(1<<t) == 0 && partner.MinLen[t] >= 3 && mine.MinLen[t]+partner.MinLen[t] >= 7 {
			return []*row{newRow("", engine.Double, "extra values: 17+ HCP, short in their suit", hcp(17, 37), maxLen(x, 1))}
		}
	}
	return nil
}

// stoppedIn is the choice condition of a notrump bid over the opponents'
// suits: a stopper in each of them.
func stoppedIn(theirs []engine.Suit) opt {
	return when("a stopper in each of their suits", func(hi *handInfo) bool {
		for _, t := range theirs {
			if !hi.stopper(t) {
				return false
			}
		}
		return true
	})
}

// takeoutDouble reports whether the double by seat (noted as d) was for
// takeout: forcing (the strong double of the table), or made with at most
// two cards in a suit the opponents have bid.
func takeoutDouble(st *state, seat engine.Seat, d callNote) bool {
	if d.forcing != NotForcing {
		return true
	}
	for _, t := range theirSuits(st, seat.Side()) {
		if st.cons[seat].MaxLen[t] <= 2 {
			return true
		}
	}
	return false
}

// freeAdvanceRows: partner doubled for takeout and the next opponent bid
// (raised, say), so the seat is no longer obliged to answer: a free bid
// shows values. A major game with 4+ cards and 11+ HCP, or 6+ cards and
// 10+ points counting length (a long suit opposite the double's support
// makes game on less), 3NT with their suits stopped and 11+, else the
// best unbid suit at the cheapest level with 6-10 HCP (4+ cards at the two
// level, 5+ at the three level, where a four-card major needs 8+), else
// pass.
func freeAdvanceRows(st *state, us engine.Side, last engine.Call) []*row {
	theirs := theirSuits(st, us)
	// The major rows compare the majors alone: a four-card major comes
	// before a minor of five, which is a level higher or a game further.
	notMajors := append(slices.Clone(theirs), C, D)
	var rows []*row
	for _, y := range suitsBut(theirs) {
		if y >= H && engine.Bid(4, engine.Strain(y)) > last {
			rows = append(rows, newRow("", engine.Bid(4, engine.Strain(y)), "free advance of the takeout double: game, 4+ cards, 11+ HCP", hcp(11, 37), minLen(y, 4),
				bestUnbidSuit(y, notMajors...), maxLen(C, 5), maxLen(D, 5)))
			rows = append(rows, newRow("", engine.Bid(4, engine.Strain(y)), "free advance of the takeout double: game, 6+ cards, 10+ points with length", hcp(6, 37), minLen(y, 6),
				points(LengthPoints, y, 10, 40), bestUnbidSuit(y, theirs...)))
		}
	}
	if nt := engine.Bid(3, engine.NoTrump); nt > last {
		rows = append(rows, newRow("", nt, "free advance of the takeout double: 3NT, 11+ HCP, their suits stopped", hcp(11, 37),
			stoppedIn(theirs)))
	}
	for _, y := range suitsBut(theirs) {
		lvl := cheapest(engine.Strain(y), last)
		switch {
		case lvl == 2:
			rows = append(rows, newRow("", engine.Bid(lvl, engine.Strain(y)), "free advance of the takeout double: 4+ cards, 6+ HCP", hcp(6, 37), minLen(y, 4),
				bestUnbidSuit(y, theirs...)))
		case lvl == 3 && y >= H:
			rows = append(rows, newRow("", engine.Bid(lvl, engine.Strain(y)), "free advance of the takeout double: 4+ cards, 8+ HCP", hcp(8, 37), minLen(y, 4),
				bestUnbidSuit(y, notMajors...), maxLen(C, 5), maxLen(D, 5)))
			fallthrough
		case lvl == 3:
			rows = append(rows, newRow("", engine.Bid(lvl, engine.Strain(y)), "free advance of the takeout double: 5+ cards, 6+ HCP", hcp(6, 37), minLen(y, 5),
				bestUnbidSuit(y, theirs...)))
		}
	}
	return append(rows, newRow("", engine.Pass, "no free advance of the takeout double"))
}

// doublerAgainRows: the seat doubled for takeout, the next opponent bid
// and the other two passed, so the auction ends unless the doubler acts.
// With 17+ HCP (too strong to sell out): a five-card suit at the cheapest
// level up to three, 2NT with 18-20 balanced and their suits stopped, else
// a second takeout double short in their suits; otherwise pass.
func doublerAgainRows(st *state, us engine.Side, last engine.Call) []*row {
	theirs := theirSuits(st, us)
	var rows []*row
	for _, y := range suitsBut(theirs) {
		if lvl := cheapest(engine.Strain(y), last); lvl <= 3 {
			rows = append(rows, newRow("", engine.Bid(lvl, engine.Strain(y)), "the takeout doubler again: 5+ cards, 17+ HCP", hcp(17, 37), minLen(y, 5),
				bestUnbidSuit(y, theirs...)))
		}
	}
	if nl := cheapest(engine.NoTrump, last); nl <= 2 {
		rows = append(rows, newRow("", engine.Bid(nl, engine.NoTrump), "the takeout doubler again: 18-20 balanced, their suits stopped", hcp(18, 20), balanced(),
			stoppedIn(theirs)))
	}
	d := []opt{hcp(17, 37), forcing()}
	for _, t := range theirs {
		d = append(d, maxLen(t, 2))
	}
	rows = append(rows, newRow("", engine.Double, "the takeout doubler again: 17+ HCP, short in their suits", d...))
	return append(rows, newRow("", engine.Pass, "the takeout doubler sells out"))
}
