package bidding

import (
	"fmt"

	"github.com/openroom/openroom/engine"
)

// callNote is what the analysis remembers of one of the last few calls.
type callNote struct {
	call       engine.Call
	conv       convention
	trump      engine.Suit
	forcing    Forcing
	artificial bool
}

// state is the public reading of an auction prefix, built call by call:
// the situation key for the next call, each seat's inferred constraints
// and what the slam patterns need. It depends on the calls only.
type state struct {
	n          int
	opened     bool
	key        []byte
	buf        [96]byte
	cons       [engine.NumSeats]handConstraints
	recent     [4]callNote // recent[i&3] is call i
	lastBid    engine.Call
	lastBidder engine.Seat
	gameForced [2]bool // the side made a game-forcing call
	bwUsed     [2]bool // the side has asked with Blackwood
	cueUsed    [2]bool // the side has made a cue bid
	bid        [2]bool // the side has made a bid (doubles do not count)
	// lastSuit is the suit of the side's last natural suit bid, plus one
	// (0: none); Blackwood without an agreed suit is for that suit.
	lastSuit [2]uint8
	// suits has bit s set when the side has bid suit s naturally; acted
	// is true once the side has made any call but a pass.
	suits [2]uint8
	acted [2]bool
	// shown is the least strength each seat's table calls have shown: the
	// highest of their minimum HCP and minimum total points (a judgment of
	// the bidder's, so the fallback and the slam tries may count on it,
	// the inference does not).
	shown [engine.NumSeats]int
	// reader is the seat whose reading this is (noReader: one system
	// reads every seat's calls); see System.reading.
	reader engine.Seat
}

// back returns the call i places before the next one (1 = the last call).
func (st *state) back(i int) callNote { return st.recent[(st.n-i)&3] }

// analyze reads the first upto calls of the auction into st, every call
// by this system.
func (s *System) analyze(st *state, a *engine.Auction, upto int) {
	s.analyzeFor(st, a, upto, noReader)
}

// analyzeFor is analyze for the seat reader: the other side's calls are
// read by the system its opponents play (ReadingOpponents), when known.
func (s *System) analyzeFor(st *state, a *engine.Auction, upto int, reader engine.Seat) {
	*st = state{reader: reader}
	st.key = st.buf[:0]
	for i := range st.cons {
		st.cons[i] = anyHandConstraints()
	}
	calls := a.Calls()
	for i := 0; i < upto && i < len(calls); i++ {
		seat := a.SeatOf(i)
		m := s.reading(seat, st.reader).meaning(st, seat, calls[i])
		st.push(seat, calls[i], &m)
	}
}

// noReader is the reader of an auction read by one system at every seat.
const noReader = engine.Seat(255)

// reading returns the system that reads seat's calls for reader: the
// opponents' when seat is on the other side and their system is known.
func (s *System) reading(seat, reader engine.Seat) *System {
	if s.opp != nil && reader != noReader && seat.Side() != reader.Side() {
		return s.opp
	}
	return s
}

// push records a call and its meaning.
func (st *state) push(seat engine.Seat, c engine.Call, m *Meaning) {
	if m.Source == FromTable {
		st.cons[seat].intersect(m)
		st.shown[seat] = max(st.shown[seat], m.MinHCP)
		if m.Valuation != HCPOnly {
			st.shown[seat] = max(st.shown[seat], m.MinPoints)
		}
	}
	side := seat.Side()
	switch m.Forcing {
	case GameForcing:
		st.gameForced[side] = true
	}
	switch m.conv {
	case convBlackwood:
		st.bwUsed[side] = true
	case convCue:
		st.cueUsed[side] = true
	}
	st.recent[st.n&3] = callNote{call: c, conv: m.conv, trump: m.Trump, forcing: m.Forcing, artificial: m.Artificial}
	st.n++
	if c != engine.Pass {
		st.acted[side] = true
	}
	if c.IsBid() {
		st.lastBid, st.lastBidder = c, seat
		st.bid[side] = true
		if c.Strain() != engine.NoTrump && !m.Artificial {
			st.lastSuit[side] = uint8(c.Strain()) + 1
			st.suits[side] |= 1 << c.Strain()
		}
	}
	if !st.opened && c == engine.Pass {
		return
	}
	if st.opened {
		st.key = append(st.key, ' ')
	}
	st.opened = true
	st.key = append(st.key, KeyCall(c)...)
}

// situation returns the rows that apply to the next call, by seat: a slam
// convention's rows when the pattern fits (Blackwood, the king ask, a cue
// bid and its sign-off), else the keyed rows, else (in a
// contested auction the table has no key for) the computed competitive
// rows of competitiveRows.
func (s *System) situation(st *state, seat engine.Seat) []*row {
	if st.n >= 2 && st.back(1).call == engine.Pass {
		p := st.back(2)
		switch p.conv {
		case convBlackwood:
			if s.slam.keycard {
				return s.slam.kcAnswers[p.trump]
			}
			return s.slam.aceAnswers
		case convKingAsk:
			return s.slam.kingAnswers
		case convQueenAsk:
			return queenAnswerRows(p.trump, p.call)
		case convCue:
			return cueAnswerRows(st, seat, s.slam.ask.Meaning.Alert)
		case convAceAnswer, convKingAnswer, convQueenAnswer:
			if st.n >= 4 && st.back(3).call == engine.Pass {
				ask := st.back(4)
				idx := int(p.call.Strain())
				if p.conv == convAceAnswer && ask.conv == convBlackwood {
					if s.slam.keycard {
						return keycardContRows(st, seat, ask.trump, p.call)
					}
					return s.slam.aceCont[ask.trump][idx]
				}
				if p.conv == convKingAnswer && ask.conv == convKingAsk {
					if s.slam.keycard {
						return keycardKingContRows(st, seat, ask.trump, idx)
					}
					return s.slam.kingCont[ask.trump][idx]
				}
				if p.conv == convQueenAnswer && ask.conv == convQueenAsk {
					return queenContRows(ask.trump, p.call)
				}
			}
		}
		if st.n >= 4 && st.back(3).call == engine.Pass {
			if cue := st.back(4); cue.conv == convCue && p.call == engine.Bid(4, engine.Strain(cue.trump)) {
				return cueSignOffRows()
			}
		}
	}
	if rows := s.rows[string(st.key)]; len(rows) > 0 {
		return rows
	}
	return competitiveRows(st, seat)
}

// agreedSuit returns the partnership's agreed suit for seat: the suit with
// the most cards between the two hands' inferred minimum lengths, at least
// eight (majors first, then the higher); ok is false without one.
func agreedSuit(mine, partner *handConstraints) (engine.Suit, bool) {
	var l [engine.NumSuits]int
	for s := range l {
		l[s] = mine.MinLen[s] + partner.MinLen[s]
	}
	return bestFit(l)
}

// bestFit picks the longest combined suit of 8+ cards, majors before minors.
func bestFit(l [engine.NumSuits]int) (engine.Suit, bool) {
	best, ok := engine.Suit(0), false
	for _, s := range []engine.Suit{S, H, D, C} {
		if l[s] < 8 {
			continue
		}
		if !ok || l[s] > l[best] && !(best >= H && s < H) {
			best, ok = s, true
		}
	}
	return best, ok
}

// blackwood reports whether 4NT by seat now would be Blackwood, and for
// which trump suit: the partnership has not asked before, and either the
// partnership has publicly agreed a suit (agreed is true) or, without one,
// the side has bid a suit naturally: then Blackwood is for the last such
// suit, and the asker needs a fit for it in his own hand (agreed is
// false). Directly over partner's notrump bid 4NT is natural
// (quantitative), except over 3NT in a game-forcing auction with a suit
// agreed (1H P 2N P 3N, Jacoby's 2NT): there the side has no use for a
// quantitative invitation, and 4NT asks for aces in the agreed suit.
func (st *state) blackwood(seat engine.Seat) (trump engine.Suit, agreed, ok bool) {
	if st.bwUsed[seat.Side()] || st.lastBid >= engine.Bid(4, engine.NoTrump) {
		return 0, false, false
	}
	overNT := false
	if st.n >= 2 {
		if p := st.back(2).call; p.IsBid() && p.Strain() == engine.NoTrump {
			overNT = true
		}
	}
	if t, ok := agreedSuit(&st.cons[seat], &st.cons[seat.Partner()]); ok && (!overNT || st.back(2).call == engine.Bid(3, engine.NoTrump) && st.gameForced[seat.Side()]) {
		return t, true, true
	}
	if overNT {
		return 0, false, false
	}
	if l := st.lastSuit[seat.Side()]; l > 0 && st.bid[seat.Side()] {
		return engine.Suit(l - 1), false, true
	}
	return 0, false, false
}

// Choose picks the call for the seat on turn from its View: its own hand
// and the public auction, nothing else. It tries the rows of the current
// situation in priority order and takes the first whose call is legal and
// whose constraints and condition the hand meets; when none fits, it takes
// the most natural legal call (game with the values for it, a forced bid
// when partner's last call was forcing, else pass). The call is always
// legal (Pass when the auction is over, which callers should not ask about).
// alert is non-empty for artificial calls. meaning is the chosen row's
// meaning, with Source FromFallback when no row fitted.
func (s *System) Choose(v *engine.View) (call engine.Call, alert string, meaning Meaning) {
	a := &v.Auction
	if a.Done() {
		m := unconstrained(engine.Pass)
		m.Source, m.Text = FromFallback, "the auction is over"
		return engine.Pass, "", m
	}
	var st state
	s.analyzeFor(&st, a, a.Len(), v.Seat)
	return s.chooseAfter(&st, a, v.Hand)
}

// chooseAfter is Choose once the auction a has been read into st (which it
// does not change, so that one reading serves many hands: callModel).
func (s *System) chooseAfter(st *state, a *engine.Auction, hand engine.Hand) (call engine.Call, alert string, meaning Meaning) {
	seat := a.Turn()
	hi := newHandInfo(hand)
	call, alert, meaning = s.chooseCall(st, a, seat, &hi)
	if meaning.conv != convNone || meaning.Artificial {
		return call, alert, meaning // an artificial five of a minor (an answer) keeps its meaning
	}
	if m, ok := s.minorSlamAsk(st, a, seat, &hi, call); ok {
		return m.Call, m.Alert, m
	}
	if m, ok := s.overMajorGameAsk(st, a, seat, &hi, call); ok {
		return m.Call, m.Alert, m
	}
	return call, alert, meaning
}

// overMajorGameAsk turns the pass of partner's four of a major, which the
// next opponent passed, into the ace ask for it when the hand counts what
// a slam try over its own game would ask with (askSlamMin: points,
// shortness, partner's credit): partner's jump to game (1D P 1S P 4S)
// shows more than its minimum HCP, and a responder with an opening bid
// that passes it leaves a slam between the hands. (With a count of 33 it
// found as many failing slams as making ones; with 35, fewer slams.)
func (s *System) overMajorGameAsk(st *state, a *engine.Auction, seat engine.Seat, hi *handInfo, c engine.Call) (Meaning, bool) {
	game := st.lastBid
	side := seat.Side()
	if c != engine.Pass || st.n < 2 || st.back(1).call != engine.Pass || st.back(2).call != game ||
		!st.contractOurs(seat) || game.Level() != 4 ||
		(game.Strain() != engine.StrainHearts && game.Strain() != engine.StrainSpades) {
		return Meaning{}, false
	}
	if st.bwUsed[side] || st.cueUsed[side] {
		// The side has asked, or partner's game signed off over its cue
		// bid: the slam question is answered.
		return Meaning{}, false
	}
	t := engine.Suit(game.Strain())
	if slamCount(st, seat, hi, t) < askSlamMin {
		return Meaning{}, false
	}
	if m, ok := s.blackwoodAsk(st, a, seat, hi, 0); ok && m.Trump == t {
		return m, true
	}
	return Meaning{}, false
}

// minorSlamAsk turns a game bid in a minor into Blackwood for it. Where the
// seat would bid five of a minor the side has a fit in (Blackwood's own
// pattern: the minor agreed, or the last suit the side bid with eight
// cards between the seat and partner's shown length) and counts
// minorBlackwoodNeed (its points and partner's expected strength, as for
// Blackwood), it asks for aces instead: the sign-off with two aces missing
// is the same five of the minor (six of clubs over a one-ace answer, whose
// 5D leaves no five-level sign-off), so the ask costs the game nothing
// that the stronger count for a major suit slam (blackwoodNeed, whose
// sign-off is a level above four of the major) has to pay for.
func (s *System) minorSlamAsk(st *state, a *engine.Auction, seat engine.Seat, hi *handInfo, c engine.Call) (Meaning, bool) {
	if !c.IsBid() || c.Level() != 5 || c.Strain() > engine.StrainDiamonds {
		return Meaning{}, false
	}
	if m, ok := s.blackwoodAsk(st, a, seat, hi, minorBlackwoodNeed); ok && engine.Strain(m.Trump) == c.Strain() {
		return m, true
	}
	return Meaning{}, false
}

// blackwoodAsk returns the 4NT ask for aces when Blackwood's pattern fits
// (st.blackwood: an agreed suit, or the side's last suit with eight cards
// between the seat and partner's shown length), 4NT is legal and the
// seat's points and partner's expected strength reach need.
func (s *System) blackwoodAsk(st *state, a *engine.Auction, seat engine.Seat, hi *handInfo, need int) (Meaning, bool) {
	trump, agreed, ok := st.blackwood(seat)
	if !ok {
		return Meaning{}, false
	}
	r := s.slam.ask
	p := &st.cons[seat.Partner()]
	fit := agreed || hi.len[trump]+p.MinLen[trump] >= 8
	if !fit || !a.Legal(r.Meaning.Call) || hi.points+partnerExpected(p, hi.hcp) < need {
		return Meaning{}, false
	}
	m := r.Meaning
	m.Trump = trump
	return m, true
}

// chooseCall is chooseAfter before a game bid in a minor may become a
// slam try (minorSlamAsk).
func (s *System) chooseCall(st *state, a *engine.Auction, seat engine.Seat, hi *handInfo) (call engine.Call, alert string, meaning Meaning) {
	partnerMin := st.cons[seat.Partner()].MinHCP
	if m, ok := s.blackwoodAsk(st, a, seat, hi, s.slam.ask.need); ok {
		return m.Call, m.Alert, m
	}
	if m, ok := s.notrumpSlam(st, seat, hi, a); ok {
		return m.Call, m.Alert, m
	}
	rows := s.situation(st, seat)
	if r := firstFitting(rows, a, hi, partnerMin); r != nil {
		m := r.Meaning
		if m.conv == convKingAsk {
			m.Trump = st.back(4).trump
		}
		if m.conv == convNone && !m.Artificial {
			// A natural game bid may become a cue bid; an artificial
			// answer (Gerber's 4H, say) keeps its meaning.
			if cm, ok := s.slamTry(st, seat, hi, a, m.Call); ok {
				return cm.Call, cm.Alert, cm
			}
		}
		return m.Call, m.Alert, m
	}
	c := s.natural(st, seat, hi, a)
	if !a.Legal(c) {
		c = engine.Pass
	}
	if cm, ok := s.slamTry(st, seat, hi, a, c); ok {
		return cm.Call, cm.Alert, cm
	}
	if m, ok := raiseMeaning(st, seat, c); ok && !rowMakes(rows, c) {
		return c, "", m
	}
	m := naturalMeaning(c)
	return c, "", m
}

// firstFitting returns the first of rows the hand may choose: its call is
// legal, the hand fits it and, for a row with a slam need, the hand's
// points and partner's minimum HCP reach it. It returns nil when none does,
// and the call falls to the natural fallback.
func firstFitting(rows []*row, a *engine.Auction, hi *handInfo, partnerMin int) *row {
	for _, r := range rows {
		if !a.Legal(r.Meaning.Call) || !r.fits(hi) {
			continue
		}
		if r.need > 0 && hi.points+partnerMin < r.need {
			continue
		}
		return r
	}
	return nil
}

// rowMakes reports whether one of rows makes call c: then the call reads
// as the rows' meaning (System.meaning), which a fallback call need not
// meet, rather than as a computed one.
func rowMakes(rows []*row, c engine.Call) bool {
	for _, r := range rows {
		if r.Meaning.Call == c {
			return true
		}
	}
	return false
}

// raiseMeaning is the computed meaning of a natural fallback bid in a
// suit. Below game: min(4, 8 - partner's shown length there) cards, so four
// in a new suit and support for partner's (three for a five-card major,
// four for a minor). Below game the fallback bids only when forced, and
// then either the side's fit (eight cards with partner's shown length, or a
// self-sufficient suit of six or seven) or its own longest suit, which has
// four cards at least, so every hand that makes the bid holds them.
// Without it partner, counting none, found no fit: after 1H P 2D P 3C P 4C,
// opener with 19 HCP passed four of a minor below game.
//
// The fallback's game in a suit (four of a major, five of a minor) shows
// the length its rules bid it with (gameLength), so that partner finds the
// fit for a slam: after 1S P 2C P 2H P 4S, opener with 20 HCP and six
// spades had not counted responder's support and passed.
func raiseMeaning(st *state, seat engine.Seat, c engine.Call) (Meaning, bool) {
	if !c.IsBid() || c.Strain() == engine.NoTrump {
		return Meaning{}, false
	}
	s := engine.Suit(c.Strain())
	pmin := st.cons[seat.Partner()].MinLen[s]
	m := unconstrained(c)
	switch {
	case !IsGame(c):
		m.MinLen[s] = min(4, 8-pmin)
	case (s >= H && c.Level() == 4) || (s < H && c.Level() == 5):
		m.MinLen[s] = gameLength(s, pmin)
		if fallbackForced(st, seat) {
			// A forced bid that had to go to game level (over partner's
			// takeout double of three of a major, say) holds the fit or
			// the longest suit, as below game.
			m.MinLen[s] = min(m.MinLen[s], 4, 8-pmin)
		}
	default:
		return Meaning{}, false
	}
	what := "natural"
	if IsGame(c) {
		what = "natural game"
	}
	if pmin >= 3 {
		m.Text = fmt.Sprintf("%s: support for partner's %s, %d+ cards", what, s, m.MinLen[s])
	} else {
		m.Text = fmt.Sprintf("%s: %d+ %s", what, m.MinLen[s], s)
	}
	return m, true
}

// gameLength is the least length in suit s with which the fallback bids
// game there (natural) when partner has shown pmin cards: eight together,
// or a self-sufficient suit (six in a major, seven in a minor, counting
// partner for two), or in a major seven together opposite partner's shown
// five or six.
func gameLength(s engine.Suit, pmin int) int {
	switch {
	case s >= H && pmin >= 5:
		return max(1, 7-pmin)
	case s >= H:
		return min(8-pmin, 6)
	}
	return max(1, min(8-pmin, 7))
}

// partnerExpected is what the slam tries count for partner: the inferred
// minimum HCP plus half the width of the range still open (partner's
// maximum, capped by the HCP the bidder does not hold), at most two more.
// The minimum alone understates partner by a point or two on average.
func partnerExpected(p *handConstraints, ownHCP int) int {
	top := min(p.MaxHCP, 40-ownHCP)
	return p.MinHCP + min(2, max(0, top-p.MinHCP)/2)
}

// IsGame reports whether a bid is at game level or above.
func IsGame(c engine.Call) bool {
	if !c.IsBid() {
		return false
	}
	switch c.Strain() {
	case engine.NoTrump:
		return c.Level() >= 3
	case engine.StrainHearts, engine.StrainSpades:
		return c.Level() >= 4
	}
	return c.Level() >= 5
}

// natural is the fallback: the most natural call when no row fits. With
// 25+ combined points (own HCP and length points plus the least strength
// partner's calls have shown, counting the total points of rows that value
// by points, such as raises; with a major fit also the hand's shortness, and two points for
// each trump beyond eight, at most four) it bids game: four of an 8-card
// major fit, 3NT (five of a minor fit with 28+, or when a suit the
// opponents have bid has no stopper in the hand), 3NT without a fit (with
// a suit of theirs unstopped, a six-card suit below game instead), but
// four of a major with a 7-card fit opposite partner's shown five or six
// (closer to par than 3NT on those deals); over the opponents' bid past
// 3NT, five of a minor fit with 28 counting shortness and extra trumps as
// for a major. A long trump fit makes game
// with fewer points than a short one, so the fallback values trump length
// and shortness rather than lowering its threshold, which would bid games
// that fail as often as it finds games missed. When partner's last call was forcing
// and the right-hand opponent passed, or the side is in a game force below
// game with the contract its own, it bids the cheapest natural call: the
// fit, else its longest suit, else notrump. Otherwise it passes.
func (s *System) natural(st *state, seat engine.Seat, hi *handInfo, a *engine.Auction) engine.Call {
	p := &st.cons[seat.Partner()]
	combined := hi.points + max(p.MinHCP, st.shown[seat.Partner()])
	ours := st.contractOurs(seat)
	forced := fallbackForced(st, seat)
	// Fits: own length plus partner's shown minimum; a self-sufficient
	// 7-card suit, or a 6-card major, counts partner for two cards unless
	// partner showed fewer (a 6-card major in game beat 3NT on the deals
	// where the fallback had chosen between them).
	var l [engine.NumSuits]int
	for s := range l {
		l[s] = hi.len[s] + p.MinLen[s]
		if hi.len[s] >= 7 || (hi.len[s] == 6 && s >= int(H)) {
			l[s] = hi.len[s] + max(p.MinLen[s], min(2, p.MaxLen[s]))
		}
	}
	trump, fit := bestFit(l)
	game := engine.Bid(3, engine.NoTrump)
	if fit && trump >= H {
		combined += shortness(hi, trump)
		combined += min(2, max(0, l[trump]-8)) * 2
	}
	if fit {
		switch {
		case trump >= H:
			game = engine.Bid(4, engine.Strain(trump))
		case combined >= 28:
			game = engine.Bid(5, engine.Strain(trump))
		}
	}
	if !fit || trump < H {
		// Without an eight-card major fit, a seven-card one with a
		// five-card suit partner has shown (five opposite two, six
		// opposite one) plays game in the major rather than 3NT.
		for _, m := range []engine.Suit{S, H} {
			if hi.len[m] >= 1 && p.MinLen[m] >= 5 && hi.len[m]+p.MinLen[m] >= 7 {
				game = engine.Bid(4, engine.Strain(m))
				break
			}
		}
	}
	var long engine.Call // a six-card suit shown below game instead of 3NT
	if game == engine.Bid(3, engine.NoTrump) && !theirSuitsStopped(st, seat, hi) {
		// No 3NT with a suit the opponents have bid unstopped: game in
		// the minor fit instead, and without a fit a six-card suit of
		// the hand's own below game, where partner may bid 3NT with the
		// stopper.
		if fit {
			game = engine.Bid(5, engine.Strain(trump))
		} else {
			long = ownSixCardSuit(st, seat, hi, a)
		}
	}
	need := 25
	if fit && trump < H && !ours && !a.Legal(engine.Bid(3, engine.NoTrump)) {
		// The opponents have bid past 3NT: the game is five of the
		// minor fit, valued as a major fit is (shortness, extra trumps)
		// since the hand plays in it, at the minor game's 28. (Raising
		// the side's own four of a minor this way was no closer to par.)
		combined += shortness(hi, trump) + min(2, max(0, l[trump]-8))*2
		game, need = engine.Bid(5, engine.Strain(trump)), 28
	}
	if long == engine.Pass && combined >= need && a.Legal(game) && (st.lastBid == engine.Pass || !IsGame(st.lastBid) || !ours) {
		return game
	}
	if long != engine.Pass && (combined >= need || forced) {
		return long
	}
	if !forced {
		return engine.Pass
	}
	return cheapestNatural(st, hi, a, trump, fit)
}

// ownSixCardSuit returns the cheapest bid below game in the hand's longest
// suit, when it holds six or more cards and the opponents have not bid it,
// else Pass.
func ownSixCardSuit(st *state, seat engine.Seat, hi *handInfo, a *engine.Auction) engine.Call {
	long := hi.longestSuit()
	if hi.len[long] < 6 || st.suits[1-seat.Side()]&(1<<long) != 0 {
		return engine.Pass
	}
	lvl := cheapest(engine.Strain(long), st.lastBid)
	if lvl > 4 {
		return engine.Pass
	}
	if c := engine.Bid(lvl, engine.Strain(long)); !IsGame(c) && a.Legal(c) {
		return c
	}
	return engine.Pass
}

// cheapestNatural is the fallback's forced bid: the fit at the cheapest
// level, else the longest suit, else notrump, else the pass.
func cheapestNatural(st *state, hi *handInfo, a *engine.Auction, trump engine.Suit, fit bool) engine.Call {
	if fit {
		if c := engine.Bid(cheapest(engine.Strain(trump), st.lastBid), engine.Strain(trump)); a.Legal(c) {
			return c
		}
	}
	long := hi.longestSuit()
	if lvl := cheapest(engine.Strain(long), st.lastBid); lvl <= 7 {
		if c := engine.Bid(lvl, engine.Strain(long)); a.Legal(c) {
			return c
		}
	}
	if lvl := cheapest(engine.NoTrump, st.lastBid); lvl <= 7 {
		if c := engine.Bid(lvl, engine.NoTrump); a.Legal(c) {
			return c
		}
	}
	return engine.Pass
}

// fallbackForced reports whether the fallback must bid (natural): partner's
// last call was forcing and the right-hand opponent passed, the side is in
// a game force below game with the contract its own, or the contract is
// the side's cue bid of the opponents' suit (doubled, say), which neither
// partner means to play.
func fallbackForced(st *state, seat engine.Seat) bool {
	if st.n >= 2 && st.back(1).call == engine.Pass {
		if b := st.back(2); b.call != engine.Pass && b.forcing != NotForcing {
			return true
		}
	}
	if st.gameForced[seat.Side()] && st.contractOurs(seat) && !IsGame(st.lastBid) {
		return true
	}
	return st.contractOurs(seat) && st.lastBid.Strain() != engine.NoTrump &&
		st.suits[1-seat.Side()]&(1<<engine.Suit(st.lastBid.Strain())) != 0 && st.doubled()
}

// doubled reports whether the last bid has been doubled (and not
// redoubled).
func (st *state) doubled() bool {
	for i := 1; i <= min(3, st.n); i++ {
		switch st.back(i).call {
		case engine.Double:
			return true
		case engine.Pass:
			continue
		}
		return false
	}
	return false
}

// contractOurs reports whether the last bid so far is seat's side's.
func (st *state) contractOurs(seat engine.Seat) bool {
	return st.lastBid != engine.Pass && st.lastBidder.Side() == seat.Side()
}

// theirSuitsStopped reports whether the seat holds a stopper in every suit
// the opponents have bid naturally, or partner's last call was a natural
// notrump bid (which, over their suit, promised the stopper; an artificial
// one, the ask over a weak two say, promised none).
func theirSuitsStopped(st *state, seat engine.Seat, hi *handInfo) bool {
	if st.n >= 2 {
		if p := st.back(2); p.call.IsBid() && p.call.Strain() == engine.NoTrump && !p.artificial {
			return true
		}
	}
	theirs := st.suits[1-seat.Side()]
	for _, x := range allSuits {
		if theirs&(1<<x) != 0 && !hi.stopper(x) {
			return false
		}
	}
	return true
}

// shortness is what a singleton or void adds to the fallback's count once a
// major fit is known: the dummy points of a hand with at most four trumps
// (void 5, singleton 3, doubleton 1), and for the long-trump hand a point
// for a singleton and two for a void beyond the length points it counts.
func shortness(hi *handInfo, trump engine.Suit) int {
	if hi.len[trump] <= 4 {
		return hi.dummy(trump)
	}
	p := 0
	for s := engine.Clubs; s <= engine.Spades; s++ {
		switch {
		case s == trump:
		case hi.len[s] == 0:
			p += 2
		case hi.len[s] == 1:
			p++
		}
	}
	return p
}

// naturalMeaning is the meaning of a call the table does not cover: it
// promises nothing.
func naturalMeaning(c engine.Call) Meaning {
	m := unconstrained(c)
	m.Source = FromFallback
	switch {
	case c == engine.Pass:
		m.Text = "no call in the system fits"
	case c == engine.Double:
		m.Text = "natural double"
	case c == engine.Redouble:
		m.Text = "natural redouble"
	default:
		m.Text = "natural"
	}
	return m
}

// Bid is Choose in the shape the Bot's bidder takes: the call, its alert
// text and its meaning as one line for refbot --explain logs.
func (s *System) Bid(v *engine.View) (call engine.Call, alert, meaning string) {
	c, a, m := s.Choose(v)
	return c, a, m.String()
}
