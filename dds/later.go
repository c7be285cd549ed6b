package dds

import "math/bits"

// Later tricks: bounds on the tricks the side not on lead is sure to take
// from a trick start, found without search, for when the leader's side has
// too few quick tricks to settle it (DDS calls its checks of this kind
// "later tricks"). Each bound sets the cards it depends on, as the quick
// tricks do; the master-trump helpers they share are in quick.go.

// oppSure returns a number of tricks the side not on lead is sure to take,
// and sets wr to the cards it depends on: the master trumps of its longer
// hand in them, or one trick when every suit the leader can lead is headed
// by an opponent and partner cannot ruff.
func (s *search) oppSure(L int, wr *[4]uint16) int {
	*wr = [4]uint16{}
	lho, rho, P := (L+1)&3, (L+3)&3, (L+2)&3
	best := 0
	if s.trump != noTrump {
		best, _, _, wr[s.trump&3] = s.sideMasters(lho, rho)
		if best == 0 {
			if k := s.trumpTrick(lho); k > 0 {
				wr[s.trump&3] = topCards(s.aggr[s.trump&3], k)
				return 1
			}
		}
	}
	if best > 0 {
		return best
	}
	var w [4]uint16
	for su := 0; su < 4; su++ {
		if s.hand[L&3][su&3] == 0 {
			continue
		}
		top := highest(s.aggr[su&3])
		o := int(s.owner[su&3][top&15])
		if o != lho && o != rho {
			return s.lengthBound(L, wr)
		}
		if s.trump != noTrump && su != s.trump && s.hand[P&3][su&3] == 0 && s.hand[P&3][s.trump&3] != 0 {
			return s.lengthBound(L, wr)
		}
		w[su] = 1 << top
	}
	*wr = w
	return 1
}

// lengthBound returns 1 when, without trumps, the side of leader L cannot
// take every trick left, and sets wr to the cards that depends on. Every
// trick it wins is won by the best card still out in the suit, since the
// opponents would beat anything less. A suit headed by the side gives it
// at most as many tricks as its longer hand there holds cards (each round
// takes a card from that hand); in a suit headed by an opponent it wins
// nothing until the opponent parts with that card, which only a squeeze
// forces, and a squeeze needs threat and entry cards beyond the tricks
// counted. So when those lengths add up to fewer than the tricks left,
// the opponents take one. (DDS uses the same bound; a test checks it
// against an exhaustive search of random endings.) It depends on which
// opponent heads the suits they head, unless nobody else holds them.
func (s *search) lengthBound(L int, wr *[4]uint16) int {
	if s.trump != noTrump && s.aggr[s.trump&3] != 0 {
		return 0
	}
	P := (L + 2) & 3
	var w [4]uint16
	sum, n := 0, 0
	for su := 0; su < 4; su++ {
		n += bits.OnesCount16(s.hand[L&3][su&3])
		a := s.aggr[su&3]
		if a == 0 {
			continue
		}
		top := highest(a)
		if o := int(s.owner[su&3][top&15]); o&1 == L&1 {
			sum += max(bits.OnesCount16(s.hand[L&3][su&3]), bits.OnesCount16(s.hand[P&3][su&3]))
		} else if s.hand[o&3][su&3] != a {
			w[su] = 1 << top
		}
	}
	if sum >= n {
		return 0
	}
	*wr = w
	return 1
}

// trumpTrick reports whether the side of seat x, not on lead, takes a
// trick with its trumps although an opponent holds the top one: its
// second-best trump, guarded, sits over the top one (its holder plays after
// it), or it holds the second and third best with the second guarded.
// Either that trump wins a trick, or the side gets the lead first, which
// takes a trick too. (A side on lead could be made to lead into the top
// trump.) It returns how many of the highest trumps that depends on, or 0.
func (s *search) trumpTrick(x int) int {
	t := s.trump
	a := s.aggr[t&3]
	if bits.OnesCount16(a) < 3 {
		return 0
	}
	r1 := highest(a)
	r2 := highest(a &^ (1 << r1))
	r3 := highest(a &^ (1<<r1 | 1<<r2))
	o1, o2, o3 := int(s.owner[t&3][r1&15]), int(s.owner[t&3][r2&15]), int(s.owner[t&3][r3&15])
	if o1&1 == x&1 || o2&1 != x&1 || bits.OnesCount16(s.hand[o2&3][t&3]) < 2 {
		return 0
	}
	if o2 == (o1+1)&3 {
		return 2
	}
	if o3&1 == x&1 {
		return 3
	}
	return 0
}
