package dds

import "math/bits"

// The second-hand cut: a quick-trick test made after the first card of a
// trick, when the second hand's side is sure of the current trick (and, in
// notrump, of winners cashed after it) and that settles the search.

// secondHand is the quick-trick test of the second hand to play, at card
// position pos: when the side of the second hand is sure to take enough
// tricks to settle the search (maxSide's side its need, the other side
// enough to defeat it), it reports a cutoff and its result, with s.wr[pos]
// set to the cards that depends on. The current trick is sure when the
// second hand or its partner holds the best card of the suit led and the
// leader's partner cannot ruff, or when one of them can ruff and nobody
// after him can overruff. In notrump the hand that wins it with the best
// card may go on cashing winners (see laterWinners).
func (s *search) secondHand(pos int) (cut, res bool) {
	left := 13 - pos>>2 // the current trick included
	need := s.target - s.tricksMax
	seat := s.seatAt(pos)
	third, fourth := (seat+1)&3, (seat+2)&3
	want := left - need + 1 // tricks the second hand's side needs
	if seat&1 == s.maxSide {
		want, res = need, true
	}
	if want > 1 && s.trump != noTrump {
		return false, false
	}
	var wr [4]uint16
	if !s.secondSideWins(pos, seat, third, fourth, &wr) {
		return false, false
	}
	if want > 1 && !s.laterWinners(pos, seat, fourth, want-1, &wr) {
		return false, false
	}
	s.wr[pos&63] = wr
	return true, res
}

// laterWinners reports whether, in notrump, the second hand's side, sure
// to win the current trick with the best card of the suit led, takes at
// least more further tricks by cashing: the hand holding that card wins
// the trick and keeps the lead while it cashes its other cards of the suit
// led that are above all the others' (the card led gone), then its winners
// in the other suits (see cashRounds). Nobody can ruff, and the cards the
// others play to the current trick only shorten their holdings. It adds
// to wr the ranks the counted tricks depend on.
func (s *search) laterWinners(pos, seat, fourth, more int, wr *[4]uint16) bool {
	ls := int(s.pSuit[(pos-1)&63]) & 3
	led := uint16(1) << s.pRank[pos-1]
	hh := seat
	if s.hand[fourth&3][ls&3] > s.hand[seat&3][ls&3] {
		hh = fourth
	}
	hi := uint16(1) << highest(s.hand[hh&3][ls&3])
	run := runOf(s.hand[hh&3][ls&3]&^hi, s.aggr[ls&3]&^(hi|led))
	got := bits.OnesCount16(run)
	if got > 0 {
		(*wr)[ls] |= run & -run
	}
	for su := 0; su < 4 && got < more; su++ {
		if su == ls {
			continue
		}
		ln := s.suitLen(su)
		rounds, top := s.cashRounds(hh, su, &ln)
		if rounds == 0 {
			continue
		}
		rounds = min(rounds, more-got)
		got += rounds
		(*wr)[su] |= topCards(s.aggr[su&3], min(rounds, top))
	}
	return got >= more
}

// secondSideWins reports whether second hand seat, or its partner fourth,
// surely wins the trick led at card position pos-1, third being the
// leader's partner, and adds to wr the ranks that depends on.
func (s *search) secondSideWins(pos, seat, third, fourth int, wr *[4]uint16) bool {
	ls, lr := int(s.pSuit[(pos-1)&63])&3, s.pRank[(pos-1)&63]
	t := s.trump
	thirdRuffs := t != noTrump && ls != t && s.hand[third&3][ls&3] == 0 && s.hand[third&3][t&3] != 0
	ours := s.hand[seat&3][ls&3] | s.hand[fourth&3][ls&3]
	if ours != 0 && !thirdRuffs {
		hi := highest(ours)
		if hi > lr && uint16(1)<<hi > s.hand[third&3][ls&3] {
			wr[ls] |= 1 << hi
			return true
		}
	}
	if t == noTrump || ls == t {
		return false
	}
	// A ruff by the second hand, or by the fourth, that the third hand
	// cannot overruff (the fourth plays after him, so it only has to be
	// higher than his trumps too).
	for _, r := range [2]int{seat, fourth} {
		if s.hand[r&3][ls&3] != 0 || s.hand[r&3][t&3] == 0 {
			continue
		}
		hi := highest(s.hand[r&3][t&3])
		if !thirdRuffs || uint16(1)<<hi > s.hand[third&3][t&3] {
			if thirdRuffs {
				wr[t&3] |= 1 << hi
			}
			return true
		}
	}
	return false
}
