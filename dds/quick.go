package dds

import "math/bits"

// Quick tricks: bounds on the tricks a side is sure to take from a trick
// start, found without search. Each bound also reports the cards it depends
// on (the winning ranks of partition search), as few as it can: only the
// ranks that make the counted rounds win. Suit lengths need no ranks, since
// the transposition table's buckets are keyed on the exact lengths.

// runOf returns the cards of the run at the top of a (cards still out in
// a suit) that seat holds.
// It is the cards of a above the highest one not in h (all of a if
// none), worked out without a loop as groupOf is.
func runOf(h, a uint16) uint16 {
	return a &^ (0xffff >> bits.LeadingZeros16(a&^h))
}

// suitLen returns the number of cards of each seat in suit su.
func (s *search) suitLen(su int) [4]int {
	return [4]int{
		bits.OnesCount16(s.hand[0][su&3]), bits.OnesCount16(s.hand[1][su&3]),
		bits.OnesCount16(s.hand[2][su&3]), bits.OnesCount16(s.hand[3][su&3]),
	}
}

// cashRounds returns how many rounds of suit su seat wins in a row when it
// leads the suit from the top every time, before any ruff is considered:
// its run of top cards, or all its cards once nobody else can follow any
// more (the others hold no more cards than the run is long). top is how many
// of the suit's highest cards those rounds depend on: the rounds after the
// others are out of the suit are won by length, whatever the ranks. ln
// holds the suit's length in each hand.
func (s *search) cashRounds(seat, su int, ln *[4]int) (rounds, top int) {
	// A void gives k = 0 and ln[seat] = 0, so (0, 0) below.
	seat, su = seat&3, su&3
	k := bits.OnesCount16(runOf(s.hand[seat][su], s.aggr[su]))
	m := max(ln[(seat+1)&3], ln[(seat+2)&3], ln[(seat+3)&3]) // the others' longest
	if m <= k {
		return ln[seat], m
	}
	return k, k
}

// cashLine counts the tricks seat takes by cashing its own winners while it
// keeps the lead, trumps first (which draws the opponents' trumps), adding
// to *got and stopping once *got reaches cutoff. Rounds of a side suit are
// counted only while each opponent with trumps still follows suit, so no
// counted round can be ruffed and no opponent who could ruff ever has to
// discard. cnt receives the rounds counted in each suit.
// oppTr holds the trumps of seat's left and right hand opponents and is
// reduced by the trump rounds cashed.
func (s *search) cashLine(seat int, oppTr *[2]int, cutoff int, got *int, wr *[4]uint16, cnt *[4]int) {
	lho, rho := (seat+1)&3, (seat+3)&3
	for i := 0; i < 4 && *got < cutoff; i++ {
		su := i
		if s.trump != noTrump {
			// trumps first, then the other suits in order
			su = (s.trump + i) & 3
		}
		ln := s.suitLen(su)
		rounds, top := s.cashRounds(seat, su, &ln)
		if rounds == 0 {
			continue
		}
		if s.trump != noTrump && su != s.trump {
			if oppTr[0] > 0 {
				rounds = min(rounds, ln[lho])
			}
			if oppTr[1] > 0 {
				rounds = min(rounds, ln[rho])
			}
		}
		if rounds == 0 {
			continue
		}
		rounds = min(rounds, cutoff-*got)
		*got += rounds
		cnt[su&3] = rounds
		wr[su] |= topCards(s.aggr[su&3], min(rounds, top))
		if su == s.trump {
			oppTr[0] = max(0, oppTr[0]-rounds)
			oppTr[1] = max(0, oppTr[1]-rounds)
		}
	}
}

// quickTricks reports whether the side of leader L is sure to take cutoff
// tricks from this trick start, and sets wr to the cards that depends on.
// The main line: L cashes its winners, then crosses to partner, who cashes
// his. Partner may have to discard while L cashes, but he holds as many
// cards as L, and the line claims no more tricks than there are, so he
// always has cards to spare that his own winners do not need. Failing
// that, master trumps, and when one trick is enough, a ruff by partner.
func (s *search) quickTricks(L, cutoff int, wr *[4]uint16) bool {
	*wr = [4]uint16{}
	if cutoff <= 0 {
		return true
	}
	lho, P, rho := (L+1)&3, (L+2)&3, (L+3)&3
	var tr [2]int // trumps of L's left and right hand opponents
	if s.trump != noTrump {
		tr = [2]int{bits.OnesCount16(s.hand[lho&3][s.trump&3]), bits.OnesCount16(s.hand[rho&3][s.trump&3])}
	}
	h := &s.hand[L&3]
	// cards in each hand
	n := bits.OnesCount16(h[0]) + bits.OnesCount16(h[1]) + bits.OnesCount16(h[2]) + bits.OnesCount16(h[3])
	got := 0
	var cntL, cntP [4]int
	s.cashLine(L, &tr, cutoff, &got, wr, &cntL)
	if got >= cutoff || s.lastSuit(L, &tr, cutoff, got, n, &cntL, nil, wr) {
		return true
	}
	if e := s.entry(L, &tr); e >= 0 {
		wr[e] |= 1 << highest(s.aggr[e&3])
		// Partner's opponents are L's opponents in the other order.
		ptr := [2]int{tr[1], tr[0]}
		s.cashLine(P, &ptr, cutoff, &got, wr, &cntP)
		if got >= cutoff || s.lastSuit(P, &ptr, cutoff, got, n, &cntP, &cntL, wr) {
			return true
		}
	}
	if s.trump != noTrump {
		var w [4]uint16
		if s.trumpTricks(L, &w) >= cutoff {
			*wr = w
			return true
		}
	}
	if cutoff == 1 {
		*wr = [4]uint16{}
		return s.partnerRuff(L, wr)
	}
	return false
}

// lastSuit ends a line of got tricks in which seat has kept the lead: it
// reports whether cashing one suit last instead, with the lead free to pass
// between seat and partner in it (see sideRounds), brings the side to
// cutoff tricks. cnt holds the rounds the line counted in each suit by
// seat's leads; those of the last suit are replaced, except for a trump
// suit that drew the opponents' trumps (the other suits' counts may rely
// on that). Suits that an earlier line (before) cashed are left alone.
// Both hands must keep all their cards of the last suit while the rest of
// the line is cashed: they play one card a round from n, so the rounds plus
// the suit's length in either hand must fit in n. oppTr holds the trumps of
// seat's left and right hand opponents.
func (s *search) lastSuit(seat int, oppTr *[2]int, cutoff, got, n int, cnt, before *[4]int, wr *[4]uint16) bool {
	P := (seat + 2) & 3
	for su := 0; su < 4; su++ {
		if before != nil && before[su] > 0 {
			continue
		}
		if su == s.trump && cnt[su] > 0 {
			continue
		}
		rest := got - cnt[su]
		long := max(bits.OnesCount16(s.hand[seat&3][su&3]), bits.OnesCount16(s.hand[P&3][su&3]))
		// The suit gives at most long rounds, and only if the side heads it.
		if rest+long > n || rest+long < cutoff || s.hand[seat&3][su&3] == 0 ||
			int(s.owner[su&3][highest(s.aggr[su&3])&15])&1 != seat&1 {
			continue
		}
		if r, w := s.sideRounds(seat, su, oppTr); rest+r >= cutoff {
			wr[su] |= w
			return true
		}
	}
	return false
}

// sideRounds returns how many rounds of suit su the side of seat wins when
// seat leads it and the lead may pass to partner, and the cards of the suit
// that count depends on. One hand (H) must hold as many of the suit's top
// cards as an opponent holds cards: H wins those rounds while the other hand
// (G) plays its lowest cards (seat leads low to H first if H is partner).
// Then the opponents are out of the suit; if they cannot ruff it, the
// side's remaining cards win every round it leads, for as long as the
// winner of each round can lead the suit again: all of H's cards if G's are
// lower, all of G's if H's are lower, else as many as the shorter hand has.
func (s *search) sideRounds(seat, su int, oppTr *[2]int) (int, uint16) {
	o1, P, o2 := (seat+1)&3, (seat+2)&3, (seat+3)&3
	hS, hP := s.hand[seat&3][su&3], s.hand[P&3][su&3]
	if hS == 0 {
		return 0, 0
	}
	a := s.aggr[su&3]
	l1, l2 := bits.OnesCount16(s.hand[o1&3][su&3]), bits.OnesCount16(s.hand[o2&3][su&3])
	mo := max(l1, l2)
	limit := 13 // rounds before an opponent can ruff
	if s.trump != noTrump && su != s.trump {
		if oppTr[0] > 0 {
			limit = min(limit, l1)
		}
		if oppTr[1] > 0 {
			limit = min(limit, l2)
		}
	}
	var hH, hG uint16
	switch {
	case mo == 0 || bits.OnesCount16(runOf(hS, a)) >= mo:
		hH, hG = hS, hP
	case bits.OnesCount16(runOf(hP, a)) >= mo:
		hH, hG = hP, hS
	default:
		return s.topRounds(hS, hP, a, s.hand[o1&3][su&3]|s.hand[o2&3][su&3], limit)
	}
	wr := topCards(a, mo)
	if limit <= mo {
		return limit, topCards(a, limit)
	}
	restH := hH &^ topCards(hH, mo)
	restG := hG
	for i := 0; i < mo && restG != 0; i++ {
		restG &= restG - 1 // G follows with its lowest cards
	}
	nH, nG := bits.OnesCount16(restH), bits.OnesCount16(restG)
	var more int
	switch {
	case nH == 0:
	case nG == 0:
		more = nH
	case restG < restH&-restH:
		// G's cards are all below H's: H keeps the lead.
		more = nH
		wr |= a &^ (restH&-restH - 1)
	case restH < restG&-restG:
		// H's are all below G's: G takes over and keeps the lead.
		more = nG
		wr |= a &^ (restG&-restG - 1)
	default:
		more = min(nH, nG)
	}
	return mo + more, wr
}

// topRounds returns how many rounds of a suit the side wins with its cards
// above all the opponents' when neither hand alone holds enough of them to
// draw the opponents' cards (see sideRounds), and the cards that depends
// on: hS and hP are the holdings of the hand on lead and of its partner, a
// the suit's cards in play, opp the opponents' cards, limit the rounds
// before an opponent can ruff. The hand on lead plays its highest such
// card, partner his lowest card (overtaking only if he must, which passes
// him the lead); without such a card the hand on lead leads low to one of
// partner's. Every round counted is won by one of these cards, which beat
// anything the opponents hold in the suit.
func (s *search) topRounds(hS, hP, a, opp uint16, limit int) (int, uint16) {
	above := a &^ (uint16(2)<<highest(opp) - 1)
	if (hS|hP)&above == 0 {
		return 0, 0
	}
	rounds := 0
	low := uint16(1) << 15 // the lowest card that won a round
	for rounds < limit {
		var w uint16
		if t := hS & above; t != 0 {
			w = uint16(1) << highest(t)
			hS &^= w
			if hP != 0 {
				f := hP & -hP // partner's lowest
				hP &^= f
				if f > w {
					w = f
					hS, hP = hP, hS // partner overtook: he leads next
				}
			}
		} else if hS != 0 && hP&above != 0 {
			hS &^= hS & -hS
			t := hP & above
			w = t & -t // partner's lowest card that wins
			hP &^= w
			hS, hP = hP, hS
		} else {
			break
		}
		low = min(low, w)
		rounds++
	}
	if rounds == 0 {
		return 0, 0
	}
	// The owners of the cards down to the lowest winner decide it: with
	// them the same, every winner still beats the opponents' cards, and
	// the cards below it only follow.
	return rounds, a &^ (low - 1)
}

// entry returns a suit in which L can put partner on lead: L holds a card
// of it, partner its top card, and the first round cannot be ruffed given
// the opponents' trumps tr. Partner's line then starts with it (it counts
// as partner's first round of the suit). It returns -1 if there is none.
func (s *search) entry(L int, tr *[2]int) int {
	lho, P, rho := (L+1)&3, (L+2)&3, (L+3)&3
	for su := 0; su < 4; su++ {
		if s.hand[L&3][su&3] == 0 || s.hand[P&3][su&3] == 0 {
			continue
		}
		if s.owner[su&3][highest(s.aggr[su&3])&15] != uint8(P) {
			continue
		}
		if s.trump != noTrump && su != s.trump &&
			((tr[0] > 0 && s.hand[lho&3][su&3] == 0) || (tr[1] > 0 && s.hand[rho&3][su&3] == 0)) {
			continue
		}
		return su
	}
	return -1
}

// partnerRuff reports whether L's partner surely wins a trick by ruffing a
// side suit L leads: partner is void in it and has trumps, and each
// opponent follows suit, has no trumps, or has only trumps below partner's
// highest. On success it adds to wr the trump ranks that depends on.
func (s *search) partnerRuff(L int, wr *[4]uint16) bool {
	if s.trump == noTrump {
		return false
	}
	t := s.trump
	lho, P, rho := (L+1)&3, (L+2)&3, (L+3)&3
	pt := s.hand[P&3][t&3]
	if pt == 0 {
		return false
	}
	hi := uint16(1) << highest(pt)
	for su := 0; su < 4; su++ {
		if su == t || s.hand[L&3][su&3] == 0 || s.hand[P&3][su&3] != 0 {
			continue
		}
		needRank := false
		ok := true
		for _, o := range [2]int{lho, rho} {
			if s.hand[o&3][su&3] != 0 || s.hand[o&3][t&3] == 0 {
				continue
			}
			if s.hand[o&3][t&3] > hi {
				ok = false
				break
			}
			needRank = true
		}
		if ok {
			if needRank {
				wr[t&3] |= hi
			}
			return true
		}
	}
	return false
}

// masterTrumps returns the trumps held by seat that are higher than every
// trump of its opponents, and the cards of the trump suit that fact depends
// on. Each of them wins the trick it is played to (or partner's higher trump
// does), and every card is played some time, so the side takes at least as
// many tricks as either of its hands holds masters, whoever leads.
func (s *search) masterTrumps(seat int) (masters, wr uint16) {
	t := s.trump
	opp := s.hand[(seat+1)&3][t&3] | s.hand[(seat+3)&3][t&3]
	if opp == 0 {
		return s.hand[seat&3][t&3], 0 // lengths alone: no ranks needed
	}
	above := s.aggr[t&3] &^ (uint16(2)<<highest(opp) - 1)
	return s.hand[seat&3][t&3] & above, above
}

// trumpTricks returns a number of tricks the side of leader L takes with
// its master trumps (see masterTrumps), and sets wr to the cards that
// depends on: as many as either hand holds, or one more than the leader
// holds when partner can ruff a suit the leader leads with one of his, or,
// when the opponents have no trumps left, one more than partner holds when
// the leader can ruff a suit partner leads after partner gets the lead by a
// ruff or a top card.
func (s *search) trumpTricks(L int, wr *[4]uint16) int {
	t := s.trump
	P := (L + 2) & 3
	best, nL, nP, w := s.sideMasters(L, P)
	*wr = [4]uint16{}
	wr[t&3] = w
	partnerRuffs := nP > 0 && s.voidIn(P, L)
	if partnerRuffs {
		best = max(best, nL+1)
	}
	if nL > 0 && nP > nL && s.hand[(L+1)&3][t&3]|s.hand[(L+3)&3][t&3] == 0 && s.voidIn(L, P) {
		if partnerRuffs {
			best = nP + 1
		} else if e := s.entry(L, &[2]int{}); e >= 0 {
			wr[e] |= 1 << highest(s.aggr[e&3])
			best = nP + 1
		}
	}
	return best
}

// sideMasters returns the tricks the side of partners x and y is sure of
// with master trumps (see masterTrumps): as many as either hand holds, or
// two when they split the two top trumps (see splitTopTrumps). It also
// returns each hand's masters and the trumps the count depends on.
func (s *search) sideMasters(x, y int) (tricks, nx, ny int, wr uint16) {
	mx, w := s.masterTrumps(x)
	my, _ := s.masterTrumps(y)
	nx, ny = bits.OnesCount16(mx), bits.OnesCount16(my)
	tricks = max(nx, ny)
	if tricks == 1 && s.splitTopTrumps(x, y) {
		return 2, nx, ny, topCards(s.aggr[s.trump&3], 2)
	}
	return tricks, nx, ny, w
}

// splitTopTrumps reports whether the two highest trumps are held one by
// seat x and one by its partner y, and either of them has another trump:
// then each wins a trick, since they never have to fall on the same trick.
func (s *search) splitTopTrumps(x, y int) bool {
	a := s.aggr[s.trump&3]
	if bits.OnesCount16(a) < 2 {
		return false
	}
	hi := highest(a)
	second := highest(a &^ (1 << hi))
	ox, os := int(s.owner[s.trump&3][hi&15]), int(s.owner[s.trump&3][second&15])
	if !((ox == x && os == y) || (ox == y && os == x)) {
		return false
	}
	return bits.OnesCount16(s.hand[x&3][s.trump&3]) > 1 || bits.OnesCount16(s.hand[y&3][s.trump&3]) > 1
}

// voidIn reports whether seat x is void in a side suit in which seat y
// holds cards (so x can ruff y's lead of it).
func (s *search) voidIn(x, y int) bool {
	for su := 0; su < 4; su++ {
		if su != s.trump && s.hand[y&3][su&3] != 0 && s.hand[x&3][su&3] == 0 {
			return true
		}
	}
	return false
}
