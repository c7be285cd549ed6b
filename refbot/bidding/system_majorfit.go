package bidding

import (
	"fmt"

	"github.com/openroom/openroom/engine"
)

// Structures after a major-suit fit, extensions to SAYC-lite.

// losers counts the losers of suit s as a trick-taking estimate does: the
// first min(length, 3) cards, less the ace, king and queen among them (a
// void has none, a singleton ace none, Kx one, xxx three).
func (hi *handInfo) losers(s engine.Suit) int {
	n := min(hi.len[s], 3)
	return n - hi.honours(s, n)
}

// Control-showing cue bids. Where a player would bid four of a major the
// partnership has publicly agreed (8+ cards between the two hands' shown
// minimum lengths) and counts the partnership in the slam zone (its
// points, with shortness as the fallback counts it, plus partnerCredit:
// cueSlamMin or more; Blackwood itself, which counts partner at its
// minimum HCP, did not fire), it bids instead the cheapest side suit in
// which it holds the ace or a void, if that suit can be bid at the four
// level below four of the major and the side has not bid it: a cue bid,
// forcing and alerted, promising cueSlamMin less partner's credit in
// points counted as the try counts them (HCP, length and shortness, so
// that the hand that cue-bids fits the meaning it shows). Partner, knowing
// the fit and the slam interest, asks for aces when its own count beats
// what the cue bidder credited it with by enough to reach blackwoodNeed
// together, and it holds a control (ace, king, singleton or void) in each
// side suit the cue bid passed over (the cue bidder denied the ace there);
// otherwise it signs off in four of the major, which the cue bidder
// passes. The cue bid's meaning is computed from the auction
// (cueMeaning), by the same function when choosing it and when reading it
// back.

// cueSlamMin is the least count (own points and partner's expected
// strength) that makes a cue bid instead of game.
const cueSlamMin = 30

// askSlamMin is the count (as for cueSlamMin) with which the seat asks for
// key cards itself rather than cue-bid: with this much between the hands
// the cue bid's exchange adds less than it risks (partner's sign-off
// with a hand that holds the controls).
const askSlamMin = 34

// partnerCredit is what a slam try counts for partner: the strength
// partner's calls have shown (the highest of its minimum HCP and minimum
// points) plus half the width of partner's HCP range still open, at most
// two.
func partnerCredit(st *state, partner engine.Seat, ownHCP int) int {
	p := &st.cons[partner]
	return partnerExpected(p, ownHCP) + max(0, st.shown[partner]-p.MinHCP)
}

// cueTrump returns the major a cue bid of c by seat would agree: a major
// ranking above c's suit at the four level that the partnership has
// publicly agreed (8+ cards between the two hands' shown minimum
// lengths), spades first.
func cueTrump(st *state, seat engine.Seat, c engine.Call) (engine.Suit, bool) {
	mine, p := &st.cons[seat], &st.cons[seat.Partner()]
	for _, t := range []engine.Suit{S, H} {
		if engine.Bid(4, engine.Strain(t)) <= c || engine.Suit(c.Strain()) == t {
			continue
		}
		if mine.MinLen[t]+p.MinLen[t] >= 8 {
			return t, true
		}
	}
	return 0, false
}

// cueMeaning returns the meaning of call c by seat at st as a cue bid,
// when the public pattern fits: c is a four-level bid of a suit below four
// of the agreed major (cueTrump), above the last bid; the side has not
// asked for aces or cue-bid yet; partner's last call is not a slam
// convention; and no row of the situation makes c (so a natural call of
// the table keeps its meaning).
func (s *System) cueMeaning(st *state, seat engine.Seat, c engine.Call) (Meaning, bool) {
	side := seat.Side()
	if !c.IsBid() || c.Level() != 4 || c.Strain() == engine.NoTrump || c <= st.lastBid || st.n < 2 ||
		st.bwUsed[side] || st.cueUsed[side] || !st.bid[side] {
		return Meaning{}, false
	}
	if p := st.back(2); p.conv != convNone {
		return Meaning{}, false
	}
	t, ok := cueTrump(st, seat, c)
	if !ok || st.suits[side]&(1<<c.Strain()) != 0 {
		return Meaning{}, false // no agreed major, or a suit the side has bid (natural)
	}
	if rowMakes(s.situation(st, seat), c) {
		return Meaning{}, false
	}
	partner := seat.Partner()
	z := engine.Suit(c.Strain())
	m := unconstrained(c)
	m.MinLen[t] = max(0, 8-st.cons[partner].MinLen[t])
	m.Valuation, m.Trump = SlamPoints, t
	m.MinPoints, m.MaxPoints = max(0, cueSlamMin-partnerCredit(st, partner, 0)), 40
	m.Forcing, m.Artificial, m.conv = ForcingOne, true, convCue
	m.Alert = fmt.Sprintf("cue bid: the ace or a void in %s, slam interest in %s", z, t)
	m.Text = m.Alert
	return m, true
}

// slamCount is what the slam tries in a major fit count: the hand's
// points, its shortness with t as trumps, and partner's credit.
func slamCount(st *state, seat engine.Seat, hi *handInfo, t engine.Suit) int {
	return hi.points + shortness(hi, t) + partnerCredit(st, seat.Partner(), hi.hcp)
}

// slamTry is the bidder's side of cueMeaning: when the call chosen is four
// of a major the seat holds an 8-card fit in (with partner's shown
// minimum) and its count is in the slam zone, the cheapest cue bid with
// the ace or a void in its suit; with askSlamMin or more, the ace ask
// itself where Blackwood's pattern fits for that major (not over
// partner's cue bid, which cueAnswerRows answers).
func (s *System) slamTry(st *state, seat engine.Seat, hi *handInfo, a *engine.Auction, c engine.Call) (Meaning, bool) {
	if !c.IsBid() || c.Level() != 4 || c.Strain() < engine.StrainHearts || c.Strain() == engine.NoTrump {
		return Meaning{}, false
	}
	t := engine.Suit(c.Strain())
	count := slamCount(st, seat, hi, t)
	if count < cueSlamMin {
		return Meaning{}, false
	}
	if count >= askSlamMin && (st.n < 2 || st.back(2).conv == convNone) {
		// Slam values whatever partner's controls: ask for key cards
		// now, which the sign-off in five of the major protects. Over
		// partner's cue bid the answer rows decide (the controls it
		// denied count there).
		if m, ok := s.blackwoodAsk(st, a, seat, hi, 0); ok && m.Trump == t {
			return m, true
		}
	}
	for _, z := range allSuits {
		cue := engine.Bid(4, engine.Strain(z))
		if z == t || !a.Legal(cue) || cue >= c {
			continue
		}
		if !hi.has(z, engine.Ace) && hi.len[z] > 0 {
			continue
		}
		m, ok := s.cueMeaning(st, seat, cue)
		if ok && m.Trump == t && hi.value(SlamPoints, t) >= m.MinPoints {
			return m, true
		}
		return Meaning{}, false // the cheapest control decides: a later one would deny this ace
	}
	return Meaning{}, false
}

// cueAnswerRows: partner cue-bid (its last call, the next opponent
// passed). Asking for aces needs a count that beats the cue bidder's
// credit by enough to reach blackwoodNeed together, and a control in each
// side suit the cue bid passed over; otherwise four of the major. The ask
// carries the alert of the system's ace ask (askAlert).
func cueAnswerRows(st *state, seat engine.Seat, askAlert string) []*row {
	cue := st.back(2)
	t := cue.trump
	z := engine.Suit(cue.call.Strain())
	credit := partnerCredit(st, seat, 0)
	theirs := max(0, cueSlamMin-credit) // what the cue bidder holds at least
	need := blackwoodNeed - theirs
	ask := newRow("", engine.Bid(4, engine.NoTrump), "Blackwood over the cue bid: extras and the controls the cue bid lacks",
		forcing(), alert(askAlert), withConv(convBlackwood), trumpSuit(t),
		when(fmt.Sprintf("%d+ points with shortness, a control in each side suit below %s", need, z), func(hi *handInfo) bool {
			if hi.points+shortness(hi, t) < need {
				return false
			}
			for _, o := range allSuits {
				if o == t || o >= z {
					continue
				}
				if !hi.has(o, engine.Ace) && !hi.has(o, engine.King) && hi.len[o] > 1 {
					return false
				}
			}
			return true
		}))
	sign := newRow("", engine.Bid(4, engine.Strain(t)), "signs off over the cue bid")
	return []*row{ask, sign}
}

// cueSignOffRows: the seat cue-bid, partner signed off in four of the
// major and the next opponent passed: the seat passes.
func cueSignOffRows() []*row {
	return []*row{newRow("", engine.Pass, "accepts the sign-off over the cue bid")}
}

// trumpSuit sets the suit a convention is for (the trump of a Blackwood
// ask made from a row).
func trumpSuit(t engine.Suit) opt { return func(r *row) { r.Meaning.Trump = t } }
