package bidding

import (
	"fmt"

	"github.com/openroom/openroom/engine"
)

// slamRows holds Blackwood: the 4NT ask, the answers (5C 0 or 4 aces, 5D 1,
// 5H 2, 5S 3), the asker's decision for each trump suit and answer, the
// 5NT king ask, its answers (6C 0 or 4, 6D 1, 6H 2, 6S 3) and the asker's
// final decision. These rows have no key: Blackwood can come up in any
// auction in which the partnership has publicly agreed a suit (8+ cards
// between the two hands' inferred minimum lengths), so the bidder
// recognises it by pattern (see System.situation). 4NT with no agreed suit,
// or directly over partner's notrump bid, is natural (quantitative), but
// for 3NT in a game force with a suit agreed (state.blackwood).
//
// With option aces = "rkc1430" the ask is Roman Key Card Blackwood
// instead (system_keycard.go): keycard is set, ask is its 4NT and
// kcAnswers its answers by trump suit; the answers to its king ask are
// kingAnswers here.
type slamRows struct {
	keycard     bool
	kcAnswers   [engine.NumSuits][]*row
	ask         *row
	aceAnswers  []*row
	aceCont     [engine.NumSuits][4][]*row
	kingAnswers []*row
	kingCont    [engine.NumSuits][4][]*row
}

// total returns the partnership's aces or kings from the asker's own count
// and partner's answer; an answer of "0 or 4" is read as 4 only when the
// asker holds none (with the 33 points needed to ask, the partnership
// cannot be missing all four).
func total(mine, shown int) int {
	if shown == 0 && mine == 0 {
		return 4
	}
	return mine + shown
}

// newSlamRows returns the slam rows: plain Blackwood, or Roman Key Card
// Blackwood 1430 with keycard.
func newSlamRows(keycard bool) slamRows {
	var sr slamRows
	sr.ask = newRow("", engine.Bid(4, engine.NoTrump), "Blackwood: asks for aces", forcing(),
		alert("Blackwood: asks for aces"), withConv(convBlackwood), needs(blackwoodNeed))
	counts := []string{"0 or 4", "1", "2", "3"}
	for i := 0; i < 4; i++ {
		n := i
		text := "answer to Blackwood: " + counts[i] + " aces"
		sr.aceAnswers = append(sr.aceAnswers, newRow("", engine.Bid(5, engine.Strain(i)), text, alert(text),
			withConv(convAceAnswer), when(text, func(hi *handInfo) bool { return hi.aces == n || (n == 0 && hi.aces == 4) })))
		ktext := "answer to the king ask: " + counts[i] + " kings"
		sr.kingAnswers = append(sr.kingAnswers, newRow("", engine.Bid(6, engine.Strain(i)), ktext, alert(ktext),
			withConv(convKingAnswer), when(ktext, func(hi *handInfo) bool { return hi.kings == n || (n == 0 && hi.kings == 4) })))
	}
	for _, t := range allSuits {
		ts := engine.Strain(t)
		for i := 0; i < 4; i++ {
			shown := i
			answer := engine.Bid(5, engine.Strain(i))
			var rows []*row
			rows = append(rows, newRow("", engine.Bid(5, engine.NoTrump), "asks for kings: all the aces, grand slam interest",
				forcing(), alert("asks for kings"), withConv(convKingAsk), needs(36),
				when("all four aces", func(hi *handInfo) bool { return total(hi.aces, shown) == 4 })))
			rows = append(rows, newRow("", engine.Bid(6, ts), "small slam: at most one ace missing",
				when("at most one ace missing", func(hi *handInfo) bool { return total(hi.aces, shown) >= 3 })))
			missing2 := when("two or more aces missing", func(hi *handInfo) bool { return total(hi.aces, shown) <= 2 })
			switch signoff := engine.Bid(5, ts); {
			case signoff == answer:
				rows = append(rows, newRow("", engine.Pass, "sign-off: two aces missing", missing2))
			case signoff > answer:
				rows = append(rows, newRow("", signoff, "sign-off: two aces missing", missing2))
			default:
				rows = append(rows, newRow("", engine.Bid(6, ts), "no sign-off below slam: two aces missing", missing2))
			}
			sr.aceCont[t][i] = rows

			kanswer := engine.Bid(6, engine.Strain(i))
			krows := []*row{newRow("", engine.Bid(7, ts), "grand slam: all aces and kings",
				when("all four kings", func(hi *handInfo) bool { return total(hi.kings, shown) == 4 }))}
			switch small := engine.Bid(6, ts); {
			case small == kanswer:
				krows = append(krows, newRow("", engine.Pass, "small slam: a king missing"))
			case small > kanswer:
				krows = append(krows, newRow("", small, "small slam: a king missing"))
			default:
				krows = append(krows, newRow("", engine.Bid(6, engine.NoTrump), "small slam in notrump: a king missing"))
			}
			sr.kingCont[t][i] = krows
		}
	}
	if keycard {
		newKeycardRows(&sr)
	}
	return sr
}

// needs sets the combined strength (own HCP and length points plus
// partner's inferred minimum HCP) a slam row requires.
func needs(n int) opt { return func(r *row) { r.need = n } }

// Notrump slams by count. Where the table has no slam row of its own (no
// 4NT and no Gerber in the situation), a partnership that has bid (the
// opponents may have bid too: the count does not change) and holds the values for slam between the bidder's HCP and
// partner's inferred minimum bids it in notrump: 7NT with 35 together, 6NT
// with 32, and directly over partner's natural notrump bid a quantitative
// 4NT with 30-31, which partner accepts with the upper half of the range
// shown (own HCP and the asker's minimum at least 31). These meanings are computed from the auction (partner's inferred
// minimum), not stored as rows, so that they follow whatever partner has
// shown; Explain reads them with the same function.
//
// The thresholds count partner's inferred minimum, which understates
// partner's hand by a point or two on average, so each stands a point or
// two below the textbook count (32 for a small slam, not 33; 35 for a
// grand, not 37); docs/refbot-strength.md has the measurements.
const (
	quantMinTotal = 30 // combined HCP to invite with a quantitative 4NT
	smallSlamHCP  = 32 // combined HCP for a small slam in notrump
	// grandSlamHCP counts partner's minimum too, so 35 stands for the
	// textbook 37 as 32 stands for 33; 34 would leave room for a missing
	// ace and two kings.
	grandSlamHCP  = 35 // combined HCP for a grand slam in notrump
	blackwoodNeed = 32 // combined points (own HCP and length, partner's minimum HCP) to ask for aces
	// minorBlackwoodNeed is the same count where the seat would otherwise
	// bid five of the fit minor (minorSlamAsk); docs/refbot-strength.md
	// has how it was chosen.
	minorBlackwoodNeed = 28
)

// tableHandlesSlam reports whether the situation's own rows include a slam
// try (4NT or an artificial four-level ask such as Gerber), in which case
// the count-based notrump slams stay out of the way.
func tableHandlesSlam(rows []*row) bool {
	for _, r := range rows {
		c := r.Meaning.Call
		if c == engine.Bid(4, engine.NoTrump) || (c.IsBid() && c >= engine.Bid(4, engine.StrainClubs) && r.Meaning.Artificial) {
			return true
		}
	}
	return false
}

// ntSlamMeaning returns the count-based meaning of 4NT, 6NT, 7NT (and of
// the pass that declines a quantitative 4NT) by seat at st, when the public
// pattern fits: the side has bid, partner's last
// call is not an artificial ask or a convention, no row of the situation
// makes the call and the table has no slam try of its own there; a
// quantitative 4NT also needs partner's last call to be a natural notrump
// bid (and is not Blackwood, which the caller checks first).
func (s *System) ntSlamMeaning(st *state, seat engine.Seat, c engine.Call) (Meaning, bool) {
	side := seat.Side()
	if !st.bid[side] || st.n < 2 {
		return Meaning{}, false
	}
	p := st.back(2)
	if p.artificial || (p.conv != convNone && p.conv != convQuant) {
		return Meaning{}, false
	}
	if rows := s.situation(st, seat); tableHandlesSlam(rows) || rowMakes(rows, c) {
		return Meaning{}, false
	}
	pmin := st.cons[seat.Partner()].MinHCP
	m := unconstrained(c)
	switch c {
	case engine.Bid(4, engine.NoTrump):
		if !p.call.IsBid() || p.call.Strain() != engine.NoTrump || p.call.Level() > 3 {
			return Meaning{}, false
		}
		m.MinHCP, m.MaxHCP = quantMinTotal-pmin, smallSlamHCP-1-pmin
		m.conv = convQuant
		m.Text = fmt.Sprintf("quantitative: invites 6NT (%d-%d HCP together with partner's minimum)", quantMinTotal, smallSlamHCP-1)
	case engine.Bid(6, engine.NoTrump):
		m.MinHCP, m.MaxHCP = smallSlamHCP-pmin, grandSlamHCP-1-pmin
		m.Text = fmt.Sprintf("small slam in notrump: %d+ HCP together with partner's minimum", smallSlamHCP)
		if p.conv == convQuant {
			// The invitation showed 30-31 with its minimum counted:
			// accept with the upper half of one's own range.
			m.MinHCP--
			m.Text = fmt.Sprintf("accepts the quantitative 4NT: %d+ HCP together with partner's minimum", smallSlamHCP-1)
		}
	case engine.Bid(7, engine.NoTrump):
		m.MinHCP = grandSlamHCP - pmin
		m.Text = fmt.Sprintf("grand slam in notrump: %d+ HCP together with partner's minimum", grandSlamHCP)
	case engine.Pass:
		if p.conv != convQuant {
			return Meaning{}, false
		}
		m.MaxHCP = smallSlamHCP - 2 - pmin
		m.Text = "declines the quantitative 4NT"
	default:
		return Meaning{}, false
	}
	m.MinHCP, m.MaxHCP = max(0, m.MinHCP), min(37, m.MaxHCP)
	if m.MinHCP > m.MaxHCP {
		return Meaning{}, false
	}
	return m, true
}

// notrumpSlam is the bidder's side of ntSlamMeaning: the highest of 7NT,
// 6NT and a quantitative 4NT (or, over one, the pass that declines it)
// that is legal, fits the pattern and whose HCP range holds the hand.
func (s *System) notrumpSlam(st *state, seat engine.Seat, hi *handInfo, a *engine.Auction) (Meaning, bool) {
	for _, c := range []engine.Call{engine.Bid(7, engine.NoTrump), engine.Bid(6, engine.NoTrump), engine.Bid(4, engine.NoTrump), engine.Pass} {
		if !a.Legal(c) {
			continue
		}
		m, ok := s.ntSlamMeaning(st, seat, c)
		if ok && hi.hcp >= m.MinHCP && hi.hcp <= m.MaxHCP {
			return m, true
		}
	}
	return Meaning{}, false
}
