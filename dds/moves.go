package dds

import "math/bits"

// groupTops returns the cards of h that head an equivalence group: cards of
// h whose next higher card among a (the cards still in play) is not in h.
// Playing any card of a group gives the same result, so only the top one is
// searched.
func groupTops(h, a uint16) uint16 {
	var tops uint16
	for x := h; x != 0; x &= x - 1 {
		c := x & -x
		above := a &^ (c<<1 - 1)
		next := above & -above
		if next == 0 || h&next == 0 {
			tops |= c
		}
	}
	return tops
}

// groupOf returns the equivalence group of card c (a single bit) in h.
func groupOf(c, h, a uint16) uint16 {
	g := c
	// walk down while the next lower card of a is in h
	for {
		below := a & (c - 1)
		if below == 0 {
			return g
		}
		next := uint16(1) << (15 - bits.LeadingZeros16(below))
		if h&next == 0 {
			return g
		}
		g |= next
		c = next
	}
}

func highest(h uint16) uint8 { return uint8(15 - bits.LeadingZeros16(h)) }

// genMoves fills s.moves[pos] with the moves of seat, ordered best first by
// heuristic weights; at the lead the killer and best (suit<<4|rank, the
// transposition table's move) get a bonus.
func (s *search) genMoves(pos, seat int, best uint8) {
	n := 0
	ml := &s.moves[pos]
	k := pos & 3
	partner := (seat + 2) & 3
	if k == 0 {
		lho, rho := (seat+1)&3, (seat+3)&3
		for su := 0; su < 4; su++ {
			h := s.hand[seat][su]
			if h == 0 {
				continue
			}
			a := s.aggr[su]
			top := highest(a)
			topOwner := int(s.owner[su][top])
			base := 0
			switch {
			case topOwner == seat:
				base = 40
			case topOwner == partner:
				base = 45
			case topOwner == rho:
				base = 15
			default:
				base = 5
			}
			if s.trump != noTrump && su != s.trump {
				oppRuff := (s.hand[lho][su] == 0 && s.hand[lho][s.trump] != 0) ||
					(s.hand[rho][su] == 0 && s.hand[rho][s.trump] != 0)
				if oppRuff {
					base -= 30
				}
				if s.hand[partner][su] == 0 && s.hand[partner][s.trump] != 0 && !oppRuff {
					base += 25
				}
			}
			if s.trump == su {
				base += 5
			}
			for t := groupTops(h, a); t != 0; t &= t - 1 {
				r := uint8(bits.TrailingZeros16(t))
				w := base
				if topOwner == seat && r == top {
					w += 20
				} else {
					w -= int(r)
				}
				ml[n] = move{uint8(su), r, int16(w)}
				n++
			}
		}
	} else {
		lead := s.pSuit[pos-k]
		ws, wr := s.winSuit[pos-1], s.winRank[pos-1]
		wseat := int(s.winSeat[pos-1])
		partnerWins := wseat == partner
		last := k == 3
		if h := s.hand[seat][lead]; h != 0 {
			a := s.aggr[lead]
			// can anybody still to play beat the current winner?
			for t := groupTops(h, a); t != 0; t &= t - 1 {
				r := uint8(bits.TrailingZeros16(t))
				beats := ws == lead && r > wr
				var w int
				switch {
				case partnerWins && !beats:
					w = 60 - int(r)
				case partnerWins:
					w = 20 - int(r)
				case beats && last:
					w = 80 - int(r)
				case beats:
					// a winner that none of the later opponents can beat?
					sure := true
					for j := k + 1; j < 4; j++ {
						o := (seat + j - k) & 3
						if o == partner {
							continue
						}
						if s.hand[o][lead]>>r != 0 {
							sure = false
						} else if s.hand[o][lead] == 0 && s.trump != noTrump && s.hand[o][s.trump] != 0 {
							sure = false
						}
					}
					if sure {
						w = 80 - int(r)
					} else if k == 2 {
						w = 50 + int(r)
					} else {
						w = 35 - int(r)
					}
				default:
					w = 40 - int(r)
				}
				ml[n] = move{lead, r, int16(w)}
				n++
			}
		} else {
			for su := 0; su < 4; su++ {
				h := s.hand[seat][su]
				if h == 0 {
					continue
				}
				a := s.aggr[su]
				isTrump := su == s.trump
				l := bits.OnesCount16(h)
				for t := groupTops(h, a); t != 0; t &= t - 1 {
					r := uint8(bits.TrailingZeros16(t))
					var w int
					if isTrump {
						switch {
						case partnerWins:
							w = 5 - int(r)
						case int(ws) == s.trump && r < wr:
							w = 0 - int(r)
						default:
							w = 75 - int(r)
						}
					} else {
						w = 30 - int(r) + l
						if highest(a) == r {
							w -= 15
						}
					}
					ml[n] = move{uint8(su), r, int16(w)}
					n++
				}
			}
		}
	}
	// The TT's best move and the killer (the last move that cut at this
	// place) are only promoted at the lead: later in the trick the killer
	// comes from a trick with other cards in it, and promoting it there
	// more than doubled the search. At the lead the killer does better
	// than the TT's move, which mostly agrees with the weights already.
	if k == 0 {
		killer := s.killer[pos]
		for i := 0; i < n; i++ {
			c := ml[i].suit<<4 | ml[i].rank
			if c == killer {
				ml[i].weight += 100
			} else if c == best {
				ml[i].weight += 30
			}
		}
	}
	// insertion sort, heaviest first
	for i := 1; i < n; i++ {
		m := ml[i]
		j := i
		for j > 0 && ml[j-1].weight < m.weight {
			ml[j] = ml[j-1]
			j--
		}
		ml[j] = m
	}
	s.nmoves[pos] = n
}
