package bidding

import "github.com/openroom/openroom/engine"

// Slam judgement: the game-or-slam decision left to a bot that simulates.
//
// The system's own slam tries (Blackwood at blackwoodNeed, the cue bids,
// notrump slams by count) count partner at its inferred minimum plus a
// little, because partner's shown range is usually wide: a hand that sees
// slam only opposite the upper part of that range bids game, and most
// slams that par reaches are found by no count of that kind. Where the
// system's call is such a game (or the pass of partner's game) and the
// count is within reach of slam, the decision is a judgement between the
// game and the slam call, like the file's judge rows but computed from
// the auction, as Blackwood is: a bot that simulates bids each out over
// layouts that fit the auction and takes the slam call only when it
// scores better by its margin. The slam call is the ace ask, where
// Blackwood's pattern fits for the suit of the game (or, for 3NT, for a
// minor fit): its answers stop in five with two key cards missing, and it
// keeps Blackwood's meaning. 6NT is not a candidate: without a fit the
// layouts cannot tell twelve notrump tricks from a suit slam elsewhere or
// none, and the count-based notrump slams decide it. The system's own
// choice, which the other levels bid, does not change.

// slamJudgeMin is the least count (own points, with shortness once a
// major fit is known, and partner's credit as the cue bids count it)
// at which a game is weighed against the slam call.
const slamJudgeMin = 27

// slamJudgeWidth is the widest HCP range of partner's (its shown range,
// capped by the HCP the bidder does not hold) over which slam is judged:
// opposite a wider one the layouts' average hides whether this partner
// holds the values, and a slam judged on it is a gamble. A hand of 22+
// HCP (the strong 2C, 2NT and 3NT openings) judges whatever partner's
// range: its own values carry most of the slam.
const slamJudgeWidth = 9

// slamJudgeStrong is the HCP from which a hand judges slam opposite any
// range of partner's (slamJudgeWidth).
const slamJudgeStrong = 22

// slamJudgeCall returns the slam call a bot that simulates weighs against
// the system's call c (meaning m) for the hand hi by seat at st, when c
// is a natural game of the side's (the sign-off over partner's cue bid
// included) or the pass of partner's game and the count reaches
// slamJudgeMin; ok is false otherwise.
func (s *System) slamJudgeCall(st *state, a *engine.Auction, seat engine.Seat, hi *handInfo, c engine.Call, m *Meaning) (engine.Call, bool) {
	side := seat.Side()
	// Partner's cue bid, which the next opponent passed: the sign-off is
	// weighed against the ask whatever partner's range, since the cue bid
	// itself showed the values for slam.
	overCue := st.n >= 2 && st.back(1).call == engine.Pass && st.back(2).conv == convCue
	if m.conv != convNone || m.Artificial || st.bwUsed[side] || st.cueUsed[side] && !overCue || !st.bid[side] {
		return engine.Pass, false
	}
	game := c
	if c == engine.Pass {
		// Partner's game, which the next opponent passed.
		if st.n < 2 || st.back(1).call != engine.Pass || st.back(2).call != st.lastBid || !st.contractOurs(seat) {
			return engine.Pass, false
		}
		game = st.lastBid
	}
	if !game.IsBid() || !IsGame(game) || game.Level() > 5 || (game.Strain() == engine.NoTrump && game.Level() > 3) {
		return engine.Pass, false
	}
	partner := seat.Partner()
	if p := &st.cons[partner]; !overCue && hi.hcp < slamJudgeStrong && min(p.MaxHCP, 37-hi.hcp)-p.MinHCP > slamJudgeWidth {
		return engine.Pass, false
	}
	ask := engine.Bid(4, engine.NoTrump)
	trump, agreed, ok := st.blackwood(seat)
	if !ok || !a.Legal(ask) {
		return engine.Pass, false
	}
	// The game is in the fit, or 3NT with a minor fit.
	if g := game.Strain(); g != engine.Strain(trump) && (g != engine.NoTrump || trump >= H) {
		return engine.Pass, false
	}
	p := &st.cons[partner]
	count := hi.points + partnerCredit(st, partner, hi.hcp)
	if trump >= H {
		count += shortness(hi, trump)
	}
	if !agreed && hi.len[trump]+p.MinLen[trump] < 8 || count < slamJudgeMin {
		return engine.Pass, false
	}
	return ask, true
}

// IsSlamCall reports whether c is a slam call of a judgement: the ace ask
// (4NT) or a bid at the six or seven level. A bot weighs a judgement
// among calls that include one as a slam decision (more layouts, a wider
// margin), whose swings are larger than a game's.
func IsSlamCall(c engine.Call) bool {
	return c == engine.Bid(4, engine.NoTrump) || c.IsBid() && c.Level() >= 6
}
