package bidding

import (
	"fmt"

	"github.com/openroom/openroom/engine"
)

// Short names for the suits, so the table reads like a convention card.
const (
	C = engine.Clubs
	D = engine.Diamonds
	H = engine.Hearts
	S = engine.Spades
)

// otherMajor returns the major that is not m.
func otherMajor(m engine.Suit) engine.Suit { return H + S - m }

// openings: SAYC-lite opening bids, tried in this order.
//
// Documented choices where sources differ: a one-level opening needs 12+ HCP
// and 13+ points counting length points (so 12 HCP opens only with a
// five-card suit, and 11 HCP hands with a six-card suit are weak twos);
// weak twos and preempts are 5-11 HCP; a weak two holds exactly six cards
// and no four-card major outside; 3-level preempts hold exactly seven cards,
// 4-level ones eight or more. Vulnerability does not change the ranges.
func (b *builder) openings() {
	k := ""
	b.add(k, "3N", "25-27 balanced", hcp(25, 27), balanced())
	b.add(k, "2N", "20-21 balanced", hcp(20, 21), balanced())
	b.add(k, "1N", "15-17 balanced", hcp(15, 17), balanced())
	b.add(k, "2C", "strong, artificial: 22+ HCP", hcp(22, 37), forcing(), alert("strong and artificial: 22+ HCP, forcing"))
	one := []opt{hcp(12, 21), points(LengthPoints, 0, 13, 40)}
	b.add(k, "1S", "5+ spades", append(one, minLen(S, 5),
		when("spades at least as long as every other suit", func(hi *handInfo) bool { return hi.longest(S, C, D, H) }))...)
	b.add(k, "1H", "5+ hearts", append(one, minLen(H, 5),
		when("hearts at least as long as each minor", func(hi *handInfo) bool { return hi.len[H] >= hi.len[C] && hi.len[H] >= hi.len[D] }))...)
	b.add(k, "1D", "4+ diamonds (3 only with 4=4=3=2)", append(one, minLen(D, 3),
		when("diamonds 4+ and at least as long as clubs, or 4=4=3=2", func(hi *handInfo) bool {
			return (hi.len[D] >= 4 && hi.len[D] >= hi.len[C]) || hi.len == [4]int{2, 3, 4, 4}
		}))...)
	b.add(k, "1C", "3+ clubs", append(one, minLen(C, 3))...)
	for _, s := range []engine.Suit{S, H, D} {
		o := []opt{hcp(5, 11), exactLen(s, 6), when("good suit", func(hi *handInfo) bool { return hi.good(s) })}
		if s == D {
			o = append(o, maxLen(H, 3), maxLen(S, 3))
		} else {
			o = append(o, maxLen(otherMajor(s), 3))
		}
		b.add(k, sc(2, s), "weak two: 6-card suit", o...)
	}
	for _, s := range []engine.Suit{S, H, D, C} {
		decent := when("two of the top five honours", func(hi *handInfo) bool { return hi.decent(s) })
		b.add(k, sc(4, s), "preempt: 8+ card suit", hcp(5, 11), minLen(s, 8), decent)
		b.add(k, sc(3, s), "preempt: 7-card suit", hcp(5, 11), exactLen(s, 7), decent)
	}
	b.add(k, "P", "no opening bid", hcp(0, 12))
}

// ntSystem describes one natural notrump bid partner may respond to: the
// key up to the bid and the pass after it, the bid's level (1, 2 or 3) and
// its HCP range.
type ntSystem struct {
	key    string
	level  int
	lo, hi int
}

// notrumpSystems: responses to 1NT and 2NT openings, to 2C-2D-2NT, to a
// 1NT overcall and to the balancing 1NT (systems on, counted from the
// bid's minimum), with
// Stayman, Jacoby transfers, invitations, quantitative 4NT and Gerber, and
// the later rounds of those sequences.
func (b *builder) notrumpSystems() {
	b.ntResponses(ntSystem{"1N P", 1, 15, 17})
	b.ntResponses(ntSystem{"2N P", 2, 20, 21})
	b.ntResponses(ntSystem{"2C P 2D P 2N P", 2, 22, 24})
	b.ntResponses(ntSystem{"3N P", 3, 25, 27})
	for _, s := range allSuits {
		b.ntResponses(ntSystem{joinKey(sc(1, s), "1N P"), 1, 15, 18})
		// The balancing 1NT (1x P P 1N: 11-16, see balancingLight).
		b.ntResponses(ntSystem{joinKey(sc(1, s), "P P 1N P"), 1, 15 - balancingLight, 16})
	}
	b.ntDoubled()
	b.ntOvercalled()
}

// ntOvercalled: responder after a natural two-level overcall of partner's
// 1NT (1N 2x). SAYC's natural treatment: a new suit at the two level is
// competitive, to play (5+ cards, 5-9 points counting length); at the
// three level natural and forcing (5+ cards, 10+ points); else a pass
// with 0-9 HCP. Other hands are left to the fallback (3NT with game
// values).
func (b *builder) ntOvercalled() {
	for _, x := range allSuits {
		k := joinKey("1N", sc(2, x))
		for _, z := range []engine.Suit{S, H, D, C} {
			if z == x {
				continue
			}
			zz := z
			best := when("the longest suit, the higher of equals", func(hi *handInfo) bool { return hi.longest(zz, C, D, H, S) })
			if z > x {
				b.add(k, sc(2, z), "competitive over their overcall: 5+ cards, 5-9 points, to play", hcp(5, 9), minLen(z, 5), points(LengthPoints, z, 5, 9), best)
			}
			b.add(k, sc(3, z), "natural over their overcall: 5+ cards, 10+ points, forcing", minLen(z, 5), points(LengthPoints, z, 10, 40), forcing(), best)
		}
		b.add(k, "P", "no action over their overcall", hcp(0, 9))
	}
}

// ntDoubled: responder after 1NT is doubled for penalty (1N X). An
// extension to SAYC-lite (systems off): with 0-7 HCP and a five-card
// suit, responder runs to it at the two level, natural and to play (the
// longest, the higher of equals), rather than leave a weak partnership
// in 1NT doubled; otherwise it passes (with 8+ the side holds the
// balance of the points and defends nothing worse than 1NT doubled
// making).
func (b *builder) ntDoubled() {
	k := "1N X"
	for _, y := range []engine.Suit{S, H, D, C} {
		yy := y
		b.add(k, sc(2, y), "escape from 1NT doubled: 5+ cards, 0-7, to play", hcp(0, 7), minLen(y, 5),
			when("the longest suit, the higher of equals", func(hi *handInfo) bool { return hi.longest(yy, C, D, H, S) }))
	}
	b.add(k, "P", "leaves 1NT doubled")
	for _, y := range allSuits {
		b.add(joinKey(k, sc(2, y), "P"), "P", "passes the escape")
	}
}

// ntResponses writes the responses to one notrump bid. Thresholds follow
// from the opener's range: game with 25 combined, slam with 33.
func (b *builder) ntResponses(n ntSystem) {
	k := n.key
	gameMin := max(0, 25-n.lo)
	inviteMin := 23 - n.lo
	quantMin := 33 - n.hi
	gerberMin := 33 - n.lo
	b.gerber(n, gerberMin)
	if n.level == 3 {
		b.add(k, "P", "no slam interest", hcp(0, gerberMin-1))
		return
	}
	lvl := n.level + 1 // the level of Stayman and the transfers
	stayman, toH, toS := sc(lvl, C), sc(lvl, D), sc(lvl, H)
	b.add(k, toS, "transfer: 5+ spades", minLen(S, 5), forcing(), alert("transfer: 5+ spades"),
		when("spades at least as long as hearts", func(hi *handInfo) bool { return hi.len[S] >= hi.len[H] }))
	b.add(k, toH, "transfer: 5+ hearts", minLen(H, 5), forcing(), alert("transfer: 5+ hearts"))
	b.add(k, "4C", "Gerber: asks for aces", hcp(gerberMin, 37), maxLen(H, 4), maxLen(S, 4), forcing(), alert("Gerber: asks for aces"))
	b.add(k, "4N", "quantitative: bid 6NT with a maximum", hcp(quantMin, gerberMin-1), maxLen(H, 4), maxLen(S, 4))
	staymanMin := inviteMin
	if n.level == 2 {
		staymanMin = gameMin
	}
	has4M := when("a 4-card major", func(hi *handInfo) bool { return hi.len[H] == 4 || hi.len[S] == 4 })
	b.add(k, stayman, "Stayman: asks for a 4-card major", hcp(staymanMin, quantMin-1), maxLen(H, 4), maxLen(S, 4), has4M,
		forcing(), alert("Stayman: asks for a 4-card major"))
	noMajor := []opt{maxLen(H, 3), maxLen(S, 3)}
	b.add(k, "3N", "to play", append(noMajor, hcp(gameMin, quantMin-1))...)
	if n.level == 1 {
		// A good six-card minor runs in notrump: 3NT from two HCP
		// below the invitation.
		b.add(k, "3N", "to play: a good 6+ card minor", append(noMajor, hcp(inviteMin-2, gameMin-1),
			when("a good 6+ card minor", func(hi *handInfo) bool {
				return (hi.len[C] >= 6 && hi.good(C)) || (hi.len[D] >= 6 && hi.good(D))
			}))...)
		b.add(k, "2N", "invitational", append(noMajor, hcp(inviteMin, gameMin-1))...)
	}
	passMax := staymanMin - 1
	if n.level == 1 {
		passMax = inviteMin - 1
	}
	b.add(k, "P", "too weak for game", hcp(0, passMax), maxLen(H, 4), maxLen(S, 4))

	accept, decline := hcp(n.lo+1, n.hi), hcp(n.lo, n.lo)
	// Quantitative 4NT.
	b.add(joinKey(k, "4N P"), "6N", "accepts the slam invitation", accept)
	b.add(joinKey(k, "4N P"), "P", "declines the slam invitation", decline)
	// Invitational 2NT.
	if n.level == 1 {
		b.add(joinKey(k, "2N P"), "3N", "accepts the invitation", accept)
		b.add(joinKey(k, "2N P"), "3N", "accepts the invitation: a minimum with a five-card suit", decline,
			when("a five-card suit", func(hi *handInfo) bool { return hi.longestLen() >= 5 }))
		b.add(joinKey(k, "2N P"), "P", "declines the invitation", decline)
	}

	// Stayman and the transfers, and the bidding that follows them.
	b.ntStayman(n, stayman, lvl, gameMin, inviteMin, accept, decline)
	b.ntTransfers(n, toH, toS, lvl, gameMin, inviteMin, accept, decline)
}

// ntStayman adds the answers to Stayman (the call stayman at level lvl)
// over the notrump bid n, and the bidding that follows them. gameMin and
// inviteMin are responder's HCP for game and for an invitation; accept
// and decline the notrump bidder's HCP to accept or decline one.
func (b *builder) ntStayman(n ntSystem, stayman string, lvl, gameMin, inviteMin int, accept, decline opt) {
	ks := joinKey(n.key, stayman, "P")
	ansH, ansS, ansD := sc(lvl, H), sc(lvl, S), sc(lvl, D)
	b.add(ks, ansH, "4+ hearts (maybe spades too)", minLen(H, 4))
	b.add(ks, ansS, "4+ spades, not 4 hearts", minLen(S, 4), maxLen(H, 3))
	b.add(ks, ansD, "no 4-card major", maxLen(H, 3), maxLen(S, 3), alert("no 4-card major"))
	for _, ans := range []struct {
		call string
		suit engine.Suit
		fit  bool
	}{{ansH, H, true}, {ansS, S, true}, {ansD, D, false}} {
		ka := joinKey(ks, ans.call, "P")
		if ans.fit {
			b.add(ka, sc(4, ans.suit), "game with a fit", minLen(ans.suit, 4), hcp(gameMin, 37))
			if n.level == 1 {
				b.add(ka, sc(3, ans.suit), "invitational with a fit", minLen(ans.suit, 4), hcp(inviteMin, gameMin-1))
			}
		}
		var noFit []opt
		if ans.fit {
			noFit = append(noFit, maxLen(ans.suit, 3))
		}
		b.add(ka, "3N", "game, no fit", append(noFit, hcp(gameMin, 37))...)
		if n.level == 1 {
			b.add(ka, "2N", "invitational, no fit", append(noFit, hcp(inviteMin, gameMin-1))...)
		}
		// Opener's decision over responder's no-fit bids. Responder used
		// Stayman with a 4-card major: after 2H, a 2NT or 3NT shows spades.
		for _, nt := range []string{"2N", "3N"} {
			if nt == "2N" && n.level != 1 {
				continue
			}
			kn := joinKey(ka, nt, "P")
			if ans.suit == H {
				if nt == "2N" {
					b.add(kn, "4S", "4 spades, accepting", accept, minLen(S, 4))
					b.add(kn, "3S", "4 spades, declining", decline, minLen(S, 4))
				} else {
					b.add(kn, "4S", "4 spades too", minLen(S, 4))
				}
			}
			if nt == "2N" {
				b.add(kn, "3N", "accepts the invitation", accept)
				b.add(kn, "P", "declines the invitation", decline)
			} else {
				b.add(kn, "P", "nothing more to say")
			}
		}
		if ans.fit && n.level == 1 {
			kr := joinKey(ka, sc(3, ans.suit), "P")
			b.add(kr, sc(4, ans.suit), "accepts the invitation", accept)
			b.add(kr, "P", "declines the invitation", decline)
		}
	}
}

// ntTransfers adds, over the notrump bid n, the completions of the
// transfers toH and toS (at level lvl), the super-accept, responder's
// rebid and the notrump bidder's answer; the ranges are ntStayman's.
func (b *builder) ntTransfers(n ntSystem, toH, toS string, lvl, gameMin, inviteMin int, accept, decline opt) {
	for _, t := range []struct {
		call string
		suit engine.Suit
	}{{toH, H}, {toS, S}} {
		kt := joinKey(n.key, t.call, "P")
		done := sc(lvl, t.suit)
		if n.level == 1 {
			b.add(kt, sc(3, t.suit), "super-accept: 4-card support and a maximum", minLen(t.suit, 4), hcp(n.hi, n.hi))
			kx := joinKey(kt, sc(3, t.suit), "P")
			b.add(kx, sc(4, t.suit), "game after the super-accept", hcp(6, 37))
			b.add(kx, "P", "weak", hcp(0, 5))
		}
		b.add(kt, done, "completes the transfer")
		kc := joinKey(kt, done, "P")
		// A six-card suit counts its length: the fit is eight cards at
		// least opposite the notrump bidder's two.
		b.add(kc, sc(4, t.suit), "game with 6+ cards", minLen(t.suit, 6), points(LengthPoints, t.suit, gameMin, 40))
		b.add(kc, "3N", "choice of games with 5 cards", exactLen(t.suit, 5), hcp(gameMin, 37))
		if n.level == 1 {
			b.add(kc, sc(3, t.suit), "invitational with 6+ cards", minLen(t.suit, 6), hcp(0, gameMin-1), points(LengthPoints, t.suit, inviteMin, gameMin-1))
			b.add(kc, "2N", "invitational with 5 cards", exactLen(t.suit, 5), hcp(inviteMin, gameMin-1))
			b.add(kc, "P", "weak", hcp(0, inviteMin-1))
			k2 := joinKey(kc, "2N P")
			b.add(k2, sc(4, t.suit), "accepts with 3-card support", accept, minLen(t.suit, 3))
			b.add(k2, "3N", "accepts with a doubleton", accept, maxLen(t.suit, 2))
			b.add(k2, sc(3, t.suit), "declines with 3-card support", decline, minLen(t.suit, 3))
			b.add(k2, "P", "declines with a doubleton", decline, maxLen(t.suit, 2))
			k3 := joinKey(kc, sc(3, t.suit), "P")
			b.add(k3, sc(4, t.suit), "accepts the invitation", accept)
			b.add(k3, "P", "declines the invitation", decline)
		} else {
			b.add(kc, "P", "weak", hcp(0, gameMin-1))
		}
		k4 := joinKey(kc, "3N P")
		b.add(k4, sc(4, t.suit), "3-card support: prefers the major", minLen(t.suit, 3))
		b.add(k4, "P", "doubleton: notrump", maxLen(t.suit, 2))
	}
}

// gerber writes the answers to Gerber 4C over a natural notrump bid and the
// asker's decision after the answer. 4D shows 0 or 4 aces; the asker, who
// holds gerberMin HCP, takes it as 4 when holding none (with 33 combined
// HCP the partnership cannot lack more than one ace).
func (b *builder) gerber(n ntSystem, gerberMin int) {
	kg := joinKey(n.key, "4C P")
	answers := []struct {
		call string
		aces int
	}{{"4D", 0}, {"4H", 1}, {"4S", 2}, {"4N", 3}}
	for _, a := range answers {
		text := "answer to Gerber: " + []string{"0 or 4 aces", "1 ace", "2 aces", "3 aces"}[a.aces]
		want := a.aces
		b.add(kg, a.call, text, alert(text), when(text, func(hi *handInfo) bool {
			return hi.aces == want || (want == 0 && hi.aces == 4)
		}))
		ka := joinKey(kg, a.call, "P")
		shown := a.aces
		total := func(hi *handInfo) int {
			if shown == 0 && hi.aces == 0 {
				return 4
			}
			return hi.aces + shown
		}
		b.add(ka, "7N", "grand slam: all the aces and 37+ combined", when("all four aces, 37+ combined HCP", func(hi *handInfo) bool {
			return total(hi) == 4 && hi.hcp+n.lo >= 37
		}))
		b.add(ka, "6N", "small slam: at most one ace missing", when("at most one ace missing", func(hi *handInfo) bool {
			return total(hi) >= 3
		}))
		if a.call != "4N" {
			b.add(ka, "4N", "sign-off: two aces missing", when("two or more aces missing", func(hi *handInfo) bool {
				return total(hi) <= 2
			}))
			b.add(joinKey(ka, "4N P"), "P", "accepts the sign-off")
		}
	}
}

// strongTwoClubs: responses to 2C and opener's rebid after 2D.
func (b *builder) strongTwoClubs() {
	k := "2C P"
	for _, s := range []engine.Suit{S, H, D, C} {
		lvl := 2
		if s < H {
			lvl = 3
		}
		b.add(k, sc(lvl, s), "positive: good 5+ card suit, 8+ HCP", hcp(8, 37), minLen(s, 5), gameForcing(),
			when("good suit, the longest", func(hi *handInfo) bool { return hi.good(s) && hi.longest(s, C, D, H, S) }))
	}
	b.add(k, "2N", "positive: 8+ HCP balanced", hcp(8, 37), balanced(), gameForcing())
	b.add(k, "2D", "waiting", forcing(), alert("waiting, artificial"))
	b.positiveRebids()

	k2 := "2C P 2D P"
	b.add(k2, "2N", "22-24 balanced", hcp(22, 24), balanced())
	b.add(k2, "3N", "25+ balanced", hcp(25, 37), balanced())
	for _, s := range []engine.Suit{S, H, D, C} {
		lvl := 2
		if s < H {
			lvl = 3
		}
		b.add(k2, sc(lvl, s), "natural, game forcing", minLen(s, 4), gameForcing(),
			when("the longest suit", func(hi *handInfo) bool { return hi.longest(s, C, D, H, S) }))
		ks := joinKey(k2, sc(lvl, s), "P")
		if s >= H {
			b.add(ks, sc(3, s), "3+ card support", minLen(s, 3))
			b.add(ks, "2N", "no support, waiting")
		} else {
			b.add(ks, sc(4, s), "4+ card support", minLen(s, 4))
			b.add(ks, "3N", "no support")
		}
	}
}

// positiveRebids: opener's rebid over a positive suit response to 2C
// (2C P 2H/2S/3C/3D P), an extension to SAYC-lite. The side is in a game
// force with 30 HCP at least. With three cards in partner's major or four
// in its minor opener asks for aces at once (Blackwood for partner's suit:
// 22 HCP and partner's 8 with half its open range reach blackwoodNeed), so
// the rows are for the hands without that fit: its own longest suit of
// five or more at the cheapest level, natural and game forcing, so that
// responder can count a fit there and ask for aces itself, else notrump
// (balanced) at the cheapest level. Before them opener jumped to game in
// its suit (judge-s8 board 466: 2C P 3C P 4S with 23 HCP, and 13 tricks).
func (b *builder) positiveRebids() {
	for _, z := range []engine.Suit{S, H, D, C} {
		positive, support := engine.Bid(2, engine.Strain(z)), 3 // a major at the two level
		if z < H {
			positive, support = engine.Bid(3, engine.Strain(z)), 4
		}
		k := joinKey("2C P", positive.String(), "P")
		for _, s := range []engine.Suit{S, H, D, C} {
			if s == z {
				continue
			}
			b.add(k, sc(cheapest(engine.Strain(s), positive), s), "natural: 5+ cards, no fit, game forcing", minLen(s, 5), maxLen(z, support-1), gameForcing(),
				when("the longest suit", func(hi *handInfo) bool { return hi.longest(s, C, D, H, S) }))
		}
		b.add(k, ntBid(cheapest(engine.NoTrump, positive)), "balanced, no fit", balanced(), maxLen(z, support-1))
	}
}

// preemptResponses: responses to weak twos and 3- and 4-level preempts.
// The 2NT ask over a weak two is answered with a feature (an ace or king
// outside) by a maximum (9-11), with a rebid of the suit by a minimum.
func (b *builder) preemptResponses() {
	for _, s := range []engine.Suit{D, H, S} {
		k := joinKey(sc(2, s), "P")
		if s == D {
			b.add(k, "3N", "to play: 16+ with the other suits stopped", hcp(16, 37),
				when("stoppers in the other suits", func(hi *handInfo) bool { return hi.stopper(C) && hi.stopper(H) && hi.stopper(S) }))
		} else {
			b.add(k, sc(4, s), "game: 3+ card support, 16+ support points", minLen(s, 3), points(DummyPoints, s, 16, 40))
			b.add(k, sc(4, s), "preemptive raise: 4+ card support", minLen(s, 4), hcp(0, 11))
		}
		b.add(k, sc(3, s), "preemptive raise: 3+ card support", minLen(s, 3), hcp(0, 15))
		b.add(k, "2N", "asks for a feature", hcp(15, 37), maxLen(s, 2), forcing(), alert("asks for a feature (outside ace or king) with a maximum"))
		b.add(k, "P", "no game interest", hcp(0, 14), maxLen(s, 2))
		kf := joinKey(k, "2N P")
		b.add(kf, sc(3, s), "minimum (5-8 HCP)", hcp(5, 8))
		for _, f := range allSuits {
			if f == s {
				continue
			}
			b.add(kf, sc(3, f), "maximum with a feature", hcp(9, 11), alert("feature: ace or king, maximum weak two"),
				when("ace or king in the suit (the cheapest such)", func(hi *handInfo) bool {
					for g := C; g < f; g++ {
						if g != s && (hi.has(g, engine.Ace) || hi.has(g, engine.King)) {
							return false
						}
					}
					return hi.has(f, engine.Ace) || hi.has(f, engine.King)
				}))
		}
		b.add(kf, "3N", "maximum without a feature", hcp(9, 11))
	}
	for _, s := range allSuits {
		k := joinKey(sc(3, s), "P")
		if s >= H {
			b.add(k, sc(4, s), "raise to game: 15+ and 2+ card support", minLen(s, 2), hcp(15, 37))
			b.add(k, sc(4, s), fmt.Sprintf("raise to game: 12-14, 2+ card support and %d+ controls (ace 2, king 1)", preemptRaiseControls), minLen(s, 2), hcp(12, 14),
				quickControls())
		}
		b.add(k, "3N", "to play: 16+ with the other suits stopped", hcp(16, 37), when("stoppers in the other suits", func(hi *handInfo) bool {
			for o := C; o <= S; o++ {
				if o != s && !hi.stopper(o) {
					return false
				}
			}
			return true
		}))
		if s <= D {
			b.add(k, sc(5, s), fmt.Sprintf("raise to game: 15+, 2+ card support and %d+ controls (ace 2, king 1)", preemptRaiseControls), minLen(s, 2), hcp(15, 37),
				quickControls())
		}
		b.add(k, "P", "no game", hcp(0, 14))
		b.add(joinKey(sc(4, s), "P"), "P", "no slam try (not covered)")
	}
}

// preemptRaiseControls is the least controls (ace 2, king 1) with which
// partner of a 3-level major preempt raises to game with 12-14 HCP, and
// partner of a minor one without the stoppers for 3NT with 15+: the
// preempt's tricks are in its suit, the raiser's must be quick ones.
const preemptRaiseControls = 5

// quickControls is the raise of a preempt's condition: preemptRaiseControls
// or more controls.
func quickControls() opt {
	return when(fmt.Sprintf("%d+ controls", preemptRaiseControls), func(hi *handInfo) bool {
		return 2*hi.aces+hi.kings >= preemptRaiseControls
	})
}

// majorResponses: responses to 1H and 1S.
func (b *builder) majorResponses() {
	for _, m := range []engine.Suit{H, S} {
		k := joinKey(sc(1, m), "P")
		b.add(k, "2N", "Jacoby 2NT: 4+ card support, 13+ HCP", hcp(13, 37), minLen(m, 4), gameForcing(),
			alert("Jacoby 2NT: 4+ card support, game forcing"))
		b.add(k, sc(4, m), "preemptive raise: 5+ trumps, a singleton or void", hcp(0, 9), minLen(m, 5),
			when("a singleton or void", func(hi *handInfo) bool { return hi.shortIn(m) }))
		b.add(k, sc(3, m), "limit raise: 3+ card support, 10-12 support points", hcp(0, 12), minLen(m, 3), points(DummyPoints, m, 10, 12))
		// Two over one: the longest of the suits that can be shown; 2H over 1S needs 5.
		cands := []engine.Suit{C, D}
		if m == S {
			cands = append(cands, H)
		}
		for i := len(cands) - 1; i >= 0; i-- {
			y := cands[i]
			need := 4
			if y == H {
				need = 5
			}
			among := cands
			b.add(k, sc(2, y), "two over one: 10+ HCP", hcp(10, 37), minLen(y, need), forcing(),
				when("the longest suit to show (longer than spades over 1H)", func(hi *handInfo) bool {
					for _, o := range among {
						if o == H && hi.len[H] < 5 {
							continue
						}
						if o != y && (hi.len[o] > hi.len[y] || (hi.len[o] == hi.len[y] && o > y)) {
							return false
						}
					}
					return m == S || hi.len[S] < hi.len[y] || hi.len[S] < 4
				}))
		}
		b.add(k, sc(2, m), "single raise: 3+ card support, 6-10 support points", hcp(0, 10), minLen(m, 3), points(DummyPoints, m, 6, 10))
		if m == H {
			b.add(k, "1S", "4+ spades, 6+ HCP", hcp(6, 37), minLen(S, 4), forcing())
		}
		nt := []opt{hcp(6, 10)}
		if m == H {
			nt = append(nt, maxLen(S, 3))
		}
		b.add(k, "1N", "6-10, not forcing", nt...)
		b.add(k, "2C", "two over one on a 3-card minor: 13+, nothing better", hcp(13, 37), minLen(C, 3), forcing(),
			when("clubs at least as long as diamonds", func(hi *handInfo) bool { return hi.len[C] >= hi.len[D] }))
		b.add(k, "2D", "two over one on a 3-card minor: 13+, nothing better", hcp(13, 37), minLen(D, 3), forcing())
		b.add(k, "P", "fewer than 6 HCP", hcp(0, 5))
	}
}

// minorResponses: responses to 1C and 1D. Documented choice: the limit
// raise of 1C may hold four clubs (the single raise needs five).
func (b *builder) minorResponses() {
	for _, m := range []engine.Suit{C, D} {
		k := joinKey(sc(1, m), "P")
		b.add(k, "1H", "4+ hearts (up the line with 4-4)", hcp(6, 37), minLen(H, 4), forcing(),
			when("hearts longer than spades, or 4-4", func(hi *handInfo) bool {
				return hi.len[H] > hi.len[S] || (hi.len[H] == hi.len[S] && hi.len[H] == 4) || hi.len[S] < 4
			}))
		b.add(k, "1S", "4+ spades", hcp(6, 37), minLen(S, 4), forcing())
		noMajor := []opt{maxLen(H, 3), maxLen(S, 3)}
		if m == C {
			b.add(k, "1D", "4+ diamonds, no 4-card major", append(noMajor, hcp(6, 37), minLen(D, 4), forcing())...)
		}
		b.add(k, "2N", "13-15 balanced, no 4-card major", append(noMajor, hcp(13, 15), balanced(), gameForcing())...)
		b.add(k, "3N", "16-18 balanced, no 4-card major", append(noMajor, hcp(16, 18), balanced())...)
		if m == D {
			b.add(k, "2C", "4+ clubs, 10+ HCP", append(noMajor, hcp(10, 37), minLen(C, 4), forcing())...)
		}
		b.add(k, sc(3, m), "limit raise: 10-12, 4+ card support", append(noMajor, hcp(10, 12), minLen(m, 4))...)
		single := 4
		if m == C {
			single = 5
		}
		b.add(k, sc(2, m), "single raise: 6-10", append(noMajor, hcp(6, 10), minLen(m, single))...)
		nt := append(noMajor, hcp(6, 10))
		if m == C {
			nt = append(nt, maxLen(D, 3))
		}
		b.add(k, "1N", "6-10, no 4-card major", nt...)
		b.add(k, "P", "fewer than 6 HCP", hcp(0, 5))
	}
}
