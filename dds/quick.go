package dds

import "math/bits"

// Quick tricks: bounds on the tricks a side is sure to take from a trick
// start, found without search. Each bound also reports the cards it depends
// on (the winning ranks of partition search), as few as it can: only the
// ranks that make the counted rounds win. Suit lengths need no ranks, since
// the transposition table's buckets are keyed on the exact lengths.

// runOf returns the cards of the run at the top of a (cards still out in
// a suit) that seat holds.
func runOf(h, a uint16) uint16 {
	var run uint16
	for a != 0 {
		hi := uint16(1) << (15 - bits.LeadingZeros16(a))
		if h&hi == 0 {
			break
		}
		run |= hi
		a &^= hi
	}
	return run
}

// suitLen returns the number of cards of each seat in suit su.
func (s *search) suitLen(su int) [4]int {
	return [4]int{
		bits.OnesCount16(s.hand[0][su]), bits.OnesCount16(s.hand[1][su]),
		bits.OnesCount16(s.hand[2][su]), bits.OnesCount16(s.hand[3][su]),
	}
}

// cashRounds returns how many rounds of suit su seat wins in a row when it
// leads the suit from the top every time, before any ruff is considered:
// its run of top cards, or all its cards once nobody else can follow any
// more (the others hold no more cards than the run is long). top is how many
// of the suit's highest cards those rounds depend on: the rounds after the
// others are out of the suit are won by length, whatever the ranks.
func (s *search) cashRounds(seat, su int, ln *[4]int) (rounds, top int) {
	h := s.hand[seat][su]
	if h == 0 {
		return 0, 0
	}
	k := bits.OnesCount16(runOf(h, s.aggr[su]))
	m := 0
	for o := 0; o < 4; o++ {
		if o != seat {
			m = max(m, ln[o])
		}
	}
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
// discard.
// oppTr holds the trumps of seat's left and right hand opponents and is
// reduced by the trump rounds cashed.
func (s *search) cashLine(seat int, oppTr *[2]int, cutoff int, got *int, wr *[4]uint16) {
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
		wr[su] |= topCards(s.aggr[su], min(rounds, top))
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
		tr = [2]int{bits.OnesCount16(s.hand[lho][s.trump]), bits.OnesCount16(s.hand[rho][s.trump])}
	}
	got := 0
	s.cashLine(L, &tr, cutoff, &got, wr)
	if got >= cutoff {
		return true
	}
	if e := s.entry(L, &tr); e >= 0 {
		wr[e] |= 1 << highest(s.aggr[e])
		// Partner's opponents are L's opponents in the other order.
		ptr := [2]int{tr[1], tr[0]}
		s.cashLine(P, &ptr, cutoff, &got, wr)
		if got >= cutoff {
			return true
		}
	}
	if s.trump != noTrump {
		m1, w := s.masterTrumps(L)
		m2, _ := s.masterTrumps(P)
		if max(bits.OnesCount16(m1), bits.OnesCount16(m2)) >= cutoff {
			*wr = [4]uint16{}
			wr[s.trump] = w
			return true
		}
	}
	if cutoff == 1 {
		*wr = [4]uint16{}
		return s.partnerRuff(L, wr)
	}
	return false
}

// entry returns a suit in which L can put partner on lead: L holds a card
// of it, partner its top card, and the first round cannot be ruffed given
// the opponents' trumps tr. Partner's line then starts with it (it counts
// as partner's first round of the suit). It returns -1 if there is none.
func (s *search) entry(L int, tr *[2]int) int {
	lho, P, rho := (L+1)&3, (L+2)&3, (L+3)&3
	for su := 0; su < 4; su++ {
		if s.hand[L][su] == 0 || s.hand[P][su] == 0 {
			continue
		}
		if s.owner[su][highest(s.aggr[su])] != uint8(P) {
			continue
		}
		if s.trump != noTrump && su != s.trump &&
			((tr[0] > 0 && s.hand[lho][su] == 0) || (tr[1] > 0 && s.hand[rho][su] == 0)) {
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
	pt := s.hand[P][t]
	if pt == 0 {
		return false
	}
	hi := uint16(1) << highest(pt)
	for su := 0; su < 4; su++ {
		if su == t || s.hand[L][su] == 0 || s.hand[P][su] != 0 {
			continue
		}
		needRank := false
		ok := true
		for _, o := range [2]int{lho, rho} {
			if s.hand[o][su] != 0 || s.hand[o][t] == 0 {
				continue
			}
			if s.hand[o][t] > hi {
				ok = false
				break
			}
			needRank = true
		}
		if ok {
			if needRank {
				wr[t] |= hi
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
	opp := s.hand[(seat+1)&3][t] | s.hand[(seat+3)&3][t]
	if opp == 0 {
		return s.hand[seat][t], 0 // lengths alone: no ranks needed
	}
	above := s.aggr[t] &^ (uint16(2)<<highest(opp) - 1)
	return s.hand[seat][t] & above, above
}

// oppSure returns a number of tricks the side not on lead is sure to take,
// and sets wr to the cards it depends on: the master trumps of its longer
// hand in them, or one trick when every suit the leader can lead is headed
// by an opponent and partner cannot ruff.
func (s *search) oppSure(L int, wr *[4]uint16) int {
	*wr = [4]uint16{}
	lho, rho, P := (L+1)&3, (L+3)&3, (L+2)&3
	best := 0
	if s.trump != noTrump {
		m1, w := s.masterTrumps(lho)
		m2, _ := s.masterTrumps(rho)
		best = max(bits.OnesCount16(m1), bits.OnesCount16(m2))
		wr[s.trump] = w
	}
	if best > 0 {
		return best
	}
	var w [4]uint16
	for su := 0; su < 4; su++ {
		if s.hand[L][su] == 0 {
			continue
		}
		top := highest(s.aggr[su])
		o := int(s.owner[su][top])
		if o != lho && o != rho {
			return 0
		}
		if s.trump != noTrump && su != s.trump && s.hand[P][su] == 0 && s.hand[P][s.trump] != 0 {
			return 0
		}
		w[su] = 1 << top
	}
	*wr = w
	return 1
}
