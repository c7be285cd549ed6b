package dds

import "math/bits"

// groupTops returns the cards of h that head an equivalence group: cards of
// h whose next higher card among a (the cards still in play) is not in h.
// Playing any card of a group gives the same result, so only the top one is
// searched.
func groupTops(h, a uint16) uint16 {
	// A card of h heads its group when the next place above it holds
	// another hand's card, or the stop above the ace, or a card out of play
	// with such a card above it (skipping further cards out of play). So
	// spread the others' cards and the stop down through the cards out of
	// play, in doubling steps, and take the cards of h just below.
	z := a&^h | 1<<15
	g := ^(a | 1<<15) // out of play
	z |= g & (z >> 1)
	g &= g >> 1
	z |= g & (z >> 2)
	g &= g >> 2
	z |= g & (z >> 4)
	g &= g >> 4
	z |= g & (z >> 8)
	return h & (z >> 1)
}

// groupOf returns the equivalence group of card c (a single bit) in h.
// It is c and the cards of a below c down to the highest one not in h:
// worked out without a loop, since under WebAssembly every turn of a loop
// is an indirect jump.
func groupOf(c, h, a uint16) uint16 {
	below := a & (c - 1)
	// Shifting by 16 (no card of a below c outside h) gives 0.
	return c | below&^(0xffff>>bits.LeadingZeros16(below&^h))
}

func highest(h uint16) uint8 { return uint8(15 - bits.LeadingZeros16(h)) }

// Move ordering. The weights only order the moves: the search's results do
// not depend on them, its size does. A cut node's search is cheapest when
// the move tried first both succeeds and has a small subtree, so the weights
// favour moves that win the trick for the side to play, and leads into suits
// where the opponents have few cards to choose from.

// Weights of a lead.
const (
	// The side holding a suit's top card decides how it goes: leads
	// towards partner's top card or from one's own top are the likely
	// winners; a suit headed by RHO is led through him at best.
	wLeadTopSelf    = 40
	wLeadTopPartner = 45
	wLeadTopRHO     = 15
	wLeadTopLHO     = 5
	// The second best card matters too: with LHO's top over partner's
	// second best, a lead through LHO either lets partner's card win or
	// draws LHO's top; a suit whose second best RHO holds is led into
	// his tenace.
	wLeadThroughLHO = 40
	wLeadSecondRHO  = 30
	// With the second and third best cards on our side, the opponents'
	// top card takes one round and the suit is ours after it: a suit
	// to set up. Without this, tables take 1-4% more trick nodes.
	wLeadSetUp = 40
	// A side suit an opponent can ruff loses; one partner can ruff (and
	// no opponent) wins. A trump lead draws the opponents' ruffers.
	wLeadOppRuff     = 30
	wLeadPartnerRuff = 25
	wLeadTrump       = 5
	// A suit partner neither follows nor ruffs gets no help from him,
	// and he has a discard from every suit to choose from.
	wLeadPartnerVoid = 40
	// Per card the opponents hold in the suit (a void counts as the tricks
	// left: it can discard anything or ruff). By far the strongest signal
	// of a lead: without it the search at 8 cards played grows by 2/3,
	// without all the other lead weights by 1/6. Counting the opponents'
	// distinct choices (groups of equal cards) instead did worse, so it is
	// not only the breadth of the next trick: a suit the opponents are
	// long in is also one they are likely to control.
	wLeadOppCard = 20
	// A lead that wins the trick when everyone plays his best card on it
	// (trickWinner), and cashing one's own top card.
	wLeadWins    = 40
	wLeadCashTop = 20
	// Leading the second best card from a sequence (KQ against the ace)
	// forces the top card out and sets up the rest.
	wLeadSecond = 20
	// The killer (the last lead that cut at this depth) and the
	// transposition table's best move. Only leads get them: later in the
	// trick the killer comes from a trick with other cards in it, and
	// promoting it there more than doubled the search. The killer did
	// better than the table's move, which mostly agrees with the weights.
	wLeadKiller = 100
	wLeadBest   = 30
	// In a suit contract the killer counts for less when it does not win
	// the trick here: it cut in a sibling position where it may have won
	// (a ruff, a card that was high). In no trump it measured best at
	// full weight: a lead that gives up a trick to set up a suit is
	// often the right one there.
	wLeadKillerLoses = 40
)

// Weights of the later cards of a trick: whether the card wins the trick for
// the side playing it (trickWinner), cheapest card first; a card that
// cannot change the outcome goes lowest first.
const (
	wFollowWin  = 80
	wFollowLose = 40
	// Of the cards that do not win the trick, the cheapest one that makes
	// the next hand play its top card to win it: it may promote a card
	// of the side's. Only that one card: a higher one loses the same way,
	// and a lower one is beaten by a card the next hand has to spare.
	wFollowForce = 60
	// Ruffing when partner takes the trick anyway wastes a trump;
	// underruffing can win nothing. A ruff that stands comes first, and
	// even one that is overruffed comes before discards: it costs the
	// opponents a high trump.
	wRuffNeedless = 5
	wUnderruff    = 0
	wRuffWins     = 75
	wRuffLoses    = 60
	// Discards come from long suits, not the top card of a suit, and not
	// from a holding that guards a card against the opponents' higher
	// ones (Kx against the ace).
	wDiscard      = 30
	wDiscardLen   = 4
	wDiscardTop   = 15
	wDiscardGuard = 15
)

// rootMoves returns the moves of seat at the root of a solve, ordered as
// genMoves orders them, copied out of s.moves[pos] (which the search below
// the root reuses) so that each can be searched in turn.
func (s *search) rootMoves(pos, seat int) (ml [13]move, n int) {
	s.genMoves(pos, seat, 0)
	n = s.nmoves[pos]
	copy(ml[:], s.moves[pos][:n])
	return ml, n
}

// genMoves fills s.moves[pos] with the moves of seat, ordered best first by
// heuristic weights; best (suit<<4|rank) is the transposition table's move
// for a lead, 0 if none.
func (s *search) genMoves(pos, seat int, best uint8) {
	ml := &s.moves[pos&63]
	var n int
	if k := pos & 3; k == 0 {
		n = s.genLead(pos, seat, best, ml)
	} else {
		n = s.genFollow(pos, seat, k, ml)
	}
	// insertion sort, heaviest first
	for i := 1; i < n; i++ {
		m := ml[i&15]
		j := i
		for j > 0 && ml[(j-1)&15].weight < m.weight {
			ml[j&15] = ml[(j-1)&15]
			j--
		}
		ml[j&15] = m
	}
	s.nmoves[pos&63] = n
}

// genLead fills ml with the leads of seat at pos (a trick's start) and
// returns their number.
func (s *search) genLead(pos, seat int, best uint8, ml *[16]move) int {
	n := 0
	seat &= 3
	partner, lho, rho := (seat+2)&3, (seat+1)&3, (seat+3)&3
	left := 13 - pos>>2
	killer := s.killer[pos&63]
	for su := 0; su < 4; su++ {
		h := s.hand[seat][su]
		if h == 0 {
			continue
		}
		a := s.aggr[su]
		top := highest(a) & 15
		topOwner := int(s.owner[su][top])
		var base int
		switch topOwner {
		case seat:
			base = wLeadTopSelf
		case partner:
			base = wLeadTopPartner
		case rho:
			base = wLeadTopRHO
		default:
			base = wLeadTopLHO
		}
		if a2 := a &^ (1 << top); a2 != 0 {
			switch int(s.owner[su][highest(a2)]) {
			case partner:
				if topOwner == lho {
					base += wLeadThroughLHO
				}
			case rho:
				base -= wLeadSecondRHO
			}
			if a3 := a2 &^ (1 << highest(a2)); topOwner&1 != seat&1 && a3 != 0 &&
				int(s.owner[su][highest(a2)])&1 == seat&1 && int(s.owner[su][highest(a3)])&1 == seat&1 {
				base += wLeadSetUp
			}
		}
		if s.trump != noTrump && su != s.trump {
			oppRuff := (s.hand[lho][su] == 0 && s.hand[lho][s.trump&3] != 0) ||
				(s.hand[rho][su] == 0 && s.hand[rho][s.trump&3] != 0)
			if oppRuff {
				base -= wLeadOppRuff
			} else if s.hand[partner][su] == 0 && s.hand[partner][s.trump&3] != 0 {
				base += wLeadPartnerRuff
			}
		}
		if su == s.trump {
			base += wLeadTrump
		}
		if s.hand[partner][su] == 0 && (s.trump == noTrump || s.hand[partner][s.trump&3] == 0) {
			base -= wLeadPartnerVoid
		}
		base -= wLeadOppCard * (oppCards(s.hand[lho][su], left) + oppCards(s.hand[rho][su], left))
		for t := groupTops(h, a); t != 0; t &= t - 1 {
			r := uint8(bits.TrailingZeros16(t))
			w := base
			wins := s.trickWinner(pos, 0, uint8(su), uint8(su), r, seat)&1 == seat&1
			if wins {
				w += wLeadWins
			}
			if r != top && bits.OnesCount16(a>>r) == 2 && groupOf(1<<r, h, a) != 1<<r {
				w += wLeadSecond
			}
			if topOwner == seat && r == top {
				w += wLeadCashTop
			} else {
				w -= int(r)
			}
			switch uint8(su)<<4 | r {
			case killer:
				w += wLeadKiller
				if !wins && s.trump != noTrump {
					w -= wLeadKillerLoses
				}
			case best:
				w += wLeadBest
			}
			ml[n&15] = move{uint8(su), r, int16(w)}
			n++
		}
	}
	return n
}

// oppCards returns the choices an opponent holding h in the suit led has,
// counted in cards; a void counts as the left tricks.
func oppCards(h uint16, left int) int {
	if h == 0 {
		return left
	}
	return bits.OnesCount16(h)
}

// beaterSuit returns the suit and holding from which seat o would play to
// beat a trick led in suit lead: the suit led when it holds a card of it,
// else its trumps (an empty holding: it cannot beat anything).
func (s *search) beaterSuit(o int, lead uint8) (uint8, uint16) {
	if h := s.hand[o&3][lead&3]; h != 0 || s.trump == noTrump {
		return lead, h
	}
	return uint8(s.trump), s.hand[o&3][s.trump&3]
}

// trickWinner estimates which seat wins the trick when the card at place k
// leaves (ws, wr) of wseat winning: each later player whose side is losing
// (or whose partner's card a later opponent can still beat) plays its
// best card (highest of the suit led, or highest trump when void) if that
// beats the winner; the others play low.
func (s *search) trickWinner(pos, k int, lead, ws, wr uint8, wseat int) int {
	L := s.leader[pos>>2&15]
	for j := k + 1; j < 4; j++ {
		o := (L + j) & 3
		contest := wseat&1 != o&1
		if !contest && j < 3 {
			su, h := s.beaterSuit((L+3)&3, lead)
			contest = h != 0 && beats(su, highest(h), ws, wr, s.trump)
		}
		if !contest {
			continue
		}
		if su, h := s.beaterSuit(o, lead); h != 0 {
			if r := highest(h); beats(su, r, ws, wr, s.trump) {
				ws, wr, wseat = su, r, o
			}
		}
	}
	return wseat
}

// genFollow fills ml with the moves of seat at place k > 0 of the trick
// and returns their number.
func (s *search) genFollow(pos, seat, k int, ml *[16]move) int {
	n := 0
	seat &= 3
	lead := s.pSuit[(pos-k)&63] & 3
	q := (pos - 1) & 63
	ws, wr := s.winSuit[q], s.winRank[q]
	wseat := int(s.winSeat[q])
	side := seat & 1
	if h := s.hand[seat][lead]; h != 0 {
		t := groupTops(h, s.aggr[lead])
		if t&(t-1) == 0 {
			// one choice: nothing to order
			ml[0] = move{lead, uint8(bits.TrailingZeros16(t)), 0}
			return 1
		}
		// does our side take the trick if this hand plays low?
		lowWins := s.trickWinner(pos, k, lead, ws, wr, wseat)&1 == side
		force := s.forcingCard(seat, k, lead, ws, wr, wseat, t)
		// Cards come lowest first; once one of them wins the trick for
		// the side, every higher one does too.
		wins := false
		for ; t != 0; t &= t - 1 {
			r := uint8(bits.TrailingZeros16(t))
			var w int
			if ws == lead && r > wr {
				wins = wins || s.trickWinner(pos, k, lead, lead, r, seat)&1 == side
				switch {
				case wins:
					w = wFollowWin - int(r)
				case r == force:
					w = wFollowForce - int(r)
				default:
					w = wFollowLose - int(r)
				}
			} else if lowWins {
				w = wFollowWin - int(r)
			} else {
				w = wFollowLose - int(r)
			}
			ml[n&15] = move{lead, r, int16(w)}
			n++
		}
		return n
	}
	lowWins := false
	if s.trump != noTrump && s.hand[seat][s.trump&3] != 0 {
		// does our side take the trick without a ruff?
		lowWins = s.trickWinner(pos, k, lead, ws, wr, wseat)&1 == side
	}
	for su := 0; su < 4; su++ {
		h := s.hand[seat][su]
		if h == 0 {
			continue
		}
		a := s.aggr[su]
		t := groupTops(h, a)
		if su == s.trump {
			wins := false
			for ; t != 0; t &= t - 1 {
				r := uint8(bits.TrailingZeros16(t))
				var w int
				switch {
				case lowWins:
					w = wRuffNeedless - int(r)
				case int(ws) == s.trump && r < wr:
					w = wUnderruff - int(r)
				case wins || s.trickWinner(pos, k, lead, uint8(su), r, seat)&1 == side:
					wins = true
					w = wRuffWins - int(r)
				default:
					w = wRuffLoses - int(r)
				}
				ml[n&15] = move{uint8(su), r, int16(w)}
				n++
			}
			continue
		}
		base := wDiscard + wDiscardLen*bits.OnesCount16(h)
		if s.isGuard(seat, su, h) {
			base -= wDiscardGuard
		}
		top := highest(a)
		for ; t != 0; t &= t - 1 {
			r := uint8(bits.TrailingZeros16(t))
			w := base - int(r)
			if r == top {
				w -= wDiscardTop
			}
			ml[n&15] = move{uint8(su), r, int16(w)}
			n++
		}
	}
	return n
}

// forcingCard returns the rank of the card of t (group tops of seat, at
// place k of the trick, in the suit led) that forces the next hand's top
// card: the lowest one above the trick's winning card and the next hand's
// second best group, 16 if none. With partner winning the trick, it is
// only worth playing above the next hand's second group. A next hand
// that is void must ruff or discard: beating the winner still makes that
// choice costlier.
func (s *search) forcingCard(seat, k int, lead, ws, wr uint8, wseat int, t uint16) uint8 {
	if k == 3 || ws != lead {
		return 16
	}
	f := wr
	n := groupTops(s.hand[(seat+1)&3][lead&3], s.aggr[lead&3])
	if n != 0 && n&(n-1) == 0 {
		// the next hand has one card to play, forced or not
		return 16
	}
	if n != 0 {
		n &^= 1 << highest(n)
		f = max(f, highest(n))
	}
	if f == wr && wseat&1 == seat&1 {
		return 16
	}
	if above := t &^ (uint16(2)<<f - 1); above != 0 {
		return uint8(bits.TrailingZeros16(above))
	}
	return 16
}

// isGuard reports whether seat's holding h in suit su guards its top card:
// the opponents hold higher cards, exactly as many as h's other cards (Kx
// under the ace, Qxx under AK), so a discard from it lets the top card fall.
func (s *search) isGuard(seat, su int, h uint16) bool {
	hi := highest(h)
	above := s.aggr[su&3] &^ (uint16(2)<<hi - 1)
	opp := s.hand[(seat+1)&3][su&3] | s.hand[(seat+3)&3][su&3]
	n := bits.OnesCount16(above & opp)
	return n > 0 && n == bits.OnesCount16(h)-1
}
