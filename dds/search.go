package dds

import (
	"context"
	"math/bits"
	"time"
)

// noTrump is the solver's trump index for no trump (suits are 0..3).
const noTrump = 4

// move is one candidate card: the top card of an equivalence group.
type move struct {
	suit   uint8
	rank   uint8
	weight int16
}

// search holds the state of one search; it lives inside a Solver and is
// reused, so the search loop allocates nothing.
type search struct {
	hand  [4][4]uint16 // [seat][suit] cards not yet played
	aggr  [4]uint16    // per suit: cards not yet played plus those of the current trick
	owner [4][16]uint8 // [suit][rank] seat that was dealt the card
	trump int

	maxSide   int // side (seat&1) whose tricks are maximised
	target    int // tricks maxSide must take, counted from the root's trick
	tricksMax int // tricks maxSide has taken since the root's trick started
	nodes     uint64
	tnodes    uint64 // nodes at trick boundaries: the figure DDS reports

	// SetContext's: the search stops (stopped) once ctx ends or the
	// deadline passes, looked at every stopEvery nodes.
	ctx         context.Context
	deadline    time.Time
	hasDeadline bool
	stopped     bool

	// The arrays below are sized to powers of two and indexed with masks
	// (trick&15, pos&63) where the search runs at every node, and seats
	// and suits with &3: the compiler then drops the bounds checks, which
	// under WebAssembly cost a compare and a branch each in the hottest
	// code (about 8% of the search's instructions there).

	leader [16]int // leader of each trick (indexed by trick number)

	// The transposition table's key parts, kept up to date as cards are
	// played rather than recomputed at each lookup: the suit lengths of the
	// hands (4 bits each), and per trick the owner patterns of each suit
	// at the trick's start (see patternOf).
	lenKey uint64
	pat    [16][4]uint32

	// per card position (4*trick + place in trick)
	pSuit, pRank [64]uint8
	winSeat      [64]uint8 // seat winning the trick after the card at pos
	winSuit      [64]uint8
	winRank      [64]uint8
	wr           [64][4]uint16 // winning ranks of the subtree searched at pos
	moves        [64][16]move  // 13 at most
	nmoves       [64]int
	killer       [64]uint8 // suit<<4|rank of the last cutoff move at pos
	cut          [64]uint8 // the cutoff move of the latest search at pos, 0 if none

	tt ttable
}

// seatAt returns the seat to play at card position pos.
func (s *search) seatAt(pos int) int { return (s.leader[pos>>2&15] + pos&3) & 3 }

// play plays the card at pos and settles the trick on its fourth card.
func (s *search) play(pos, seat int, suit, rank uint8) {
	seat, suit = seat&3, suit&3
	p, q := pos&63, (pos-1)&63
	bit := uint16(1) << rank
	s.hand[seat][suit] &^= bit
	s.lenKey -= 1 << (4 * (seat*4 + int(suit)))
	// Note the card and the card winning the trick so far: this one if it
	// leads, beats the winner in its suit, or is the first trump on a
	// side-suit lead (as record does; written out here, where it runs at
	// every node).
	s.pSuit[p], s.pRank[p] = suit, rank
	w, ws, wr := uint8(seat), suit, rank
	if pos&3 != 0 {
		if ws, wr = s.winSuit[q], s.winRank[q]; beats(suit, rank, ws, wr, s.trump) {
			ws, wr = suit, rank
		} else {
			w = s.winSeat[q]
		}
	}
	s.winSeat[p], s.winSuit[p], s.winRank[p] = w, ws, wr
	if pos&3 == 3 {
		// The trick's cards leave play: each one's two owner bits are
		// cut out of its suit's pattern, below them the higher cards'.
		t := pos >> 2 & 15
		pat := &s.pat[(t+1)&15]
		*pat = s.pat[t]
		// In order (each card's place counts the cards above it still
		// in play); written out rather than a loop, whose every turn is
		// an indirect jump under WebAssembly.
		s.leave(pat, pos-3)
		s.leave(pat, pos-2)
		s.leave(pat, pos-1)
		s.leave(pat, pos)
		s.leader[(t+1)&15] = int(w)
		if int(w)&1 == s.maxSide {
			s.tricksMax++
		}
	}
}

// leave takes the card played at position i out of play, and its two
// owner bits out of pat (its suit's pattern at the next trick): below
// them, the lower cards' bits move up.
func (s *search) leave(pat *[4]uint32, i int) {
	su, r := s.pSuit[i&63]&3, s.pRank[i&63]
	sh := 2 * bits.OnesCount16(s.aggr[su]>>(r+1))
	x := pat[su]
	pat[su] = x&(1<<sh-1) | x>>(sh+2)<<sh
	s.aggr[su] &^= 1 << r
}

// record notes the card played at pos and the card winning the trick so
// far: this one if it leads, beats the winner in its suit, or is the first
// trump on a side-suit lead.
func (s *search) record(pos, seat int, suit, rank uint8) {
	s.pSuit[pos], s.pRank[pos] = suit, rank
	w := uint8(seat)
	if pos&3 != 0 && !beats(suit, rank, s.winSuit[pos-1], s.winRank[pos-1], s.trump) {
		w, suit, rank = s.winSeat[pos-1], s.winSuit[pos-1], s.winRank[pos-1]
	}
	s.winSeat[pos], s.winSuit[pos], s.winRank[pos] = w, suit, rank
}

// beats reports whether the card (suit, rank) beats the trick's winning
// card (ws, wr): it is higher in the same suit, or a trump on a card of
// another suit.
func beats(suit, rank, ws, wr uint8, trump int) bool {
	return (suit == ws && rank > wr) || (int(suit) == trump && ws != suit)
}

// unplay takes back the card at pos.
func (s *search) unplay(pos, seat int) {
	suit, rank := s.pSuit[pos&63]&3, s.pRank[pos&63]
	s.hand[seat&3][suit] |= 1 << rank
	s.lenKey += 1 << (4 * (seat*4 + int(suit)))
	if pos&3 == 3 {
		s.aggr[s.pSuit[(pos-3)&63]&3] |= 1 << s.pRank[(pos-3)&63]
		s.aggr[s.pSuit[(pos-2)&63]&3] |= 1 << s.pRank[(pos-2)&63]
		s.aggr[s.pSuit[(pos-1)&63]&3] |= 1 << s.pRank[(pos-1)&63]
		s.aggr[s.pSuit[pos&63]&3] |= 1 << s.pRank[pos&63]
		if int(s.winSeat[pos&63])&1 == s.maxSide {
			s.tricksMax--
		}
	}
}

// wonByRank reports whether the trick ending at pos was won by the rank of
// its winning card (another card of the same suit was played to it).
func (s *search) wonByRank(pos int) bool {
	ws := s.winSuit[pos&63]
	n := 0
	// The trick's four cards, written out rather than a loop (see play).
	if s.pSuit[(pos-3)&63] == ws {
		n++
	}
	if s.pSuit[(pos-2)&63] == ws {
		n++
	}
	if s.pSuit[(pos-1)&63] == ws {
		n++
	}
	if s.pSuit[pos&63] == ws {
		n++
	}
	return n > 1
}

// ab is the zero-window search: can maxSide take s.target tricks? It fills
// s.wr[pos] with the ranks the answer depends on.
func (s *search) ab(pos int) bool {
	s.nodes++
	if s.nodes%stopEvery == 0 && s.checkStop() || s.stopped {
		// Stopped: every node answers at once; the solve's caller
		// returns ErrCanceled and empties the table (canceled).
		return false
	}
	if pos&3 == 0 {
		s.tnodes++
		return s.abTrick(pos)
	}
	if pos&3 == 1 {
		if cut, res := s.secondHand(pos); cut {
			return res
		}
	}
	return s.abMoves(pos)
}

// abTrick searches at a trick boundary: bounds, quick tricks, the
// transposition table, then the moves.
func (s *search) abTrick(pos int) bool {
	trick := pos >> 2 & 15
	p := pos & 63
	left := 13 - trick
	need := s.target - s.tricksMax
	if need <= 0 {
		s.wr[p] = [4]uint16{}
		return true
	}
	if need > left {
		s.wr[p] = [4]uint16{}
		return false
	}
	if left == 1 {
		return s.lastTrick(pos)
	}
	L := s.leader[trick]
	lmax := L&1 == s.maxSide
	var key uint64
	var pat [4]uint32
	var best uint8
	// With many tricks left a stored result is likelier, and cheaper to
	// find, than a quick-trick cutoff; near the end it is the other way.
	early := left >= ttFirst
	if early {
		key, pat = s.ttKey(pos)
		if hit, res := s.lookup(pos, L, left, need, lmax, key, &pat, &best); hit {
			return res
		}
	}
	// The leader's side needs need tricks, or left-need+1 to defeat.
	if lmax && s.quickTricks(L, need, &s.wr[p]) {
		return true
	}
	if !lmax && s.quickTricks(L, left-need+1, &s.wr[p]) {
		return false
	}
	os := s.oppSure(L, &s.wr[p])
	if lmax && left-os < need {
		return false
	}
	if !lmax && os >= need {
		return true
	}
	if !early {
		key, pat = s.ttKey(pos)
		if hit, res := s.lookup(pos, L, left, need, lmax, key, &pat, &best); hit {
			return res
		}
	}

	res := s.abMovesBest(pos, best)

	var ks [4]uint8
	for su := 0; su < 4; su++ {
		w := s.wr[p][su] & s.aggr[su]
		if w == 0 {
			pat[su] = 0
			continue
		}
		low := w & -w
		k := bits.OnesCount16(s.aggr[su] &^ (low - 1))
		ks[su] = uint8(k)
		pat[su] &= kMask[k&15]
	}
	lb, ub := 0, left
	switch {
	case res && lmax:
		lb = need
	case res && !lmax:
		ub = left - need
	case !res && lmax:
		ub = need - 1
	default:
		lb = left - need + 1
	}
	s.tt.store(key, L, &pat, ks, lb, ub, s.cut[p])
	return res
}

// ttFirst is the number of tricks left from which the transposition table
// is probed before the quick-trick bounds.
const ttFirst = 5

// ttKey returns the transposition table's bucket key (the suit lengths of
// the four hands) and the owner patterns of the position at trick start pos.
func (s *search) ttKey(pos int) (uint64, [4]uint32) {
	return s.lenKey, s.pat[pos>>2&15]
}

// lookup probes the transposition table for the position at trick start
// pos, led by L, where maxSide needs need of the left tricks. On a hit it
// sets s.wr[pos] from the entry and returns the result; otherwise it sets
// *best to the best move of a matching entry, if any (suit<<4|rank). Of the
// entries that decide, it takes the one that depends on the fewest ranks,
// not the first: the ranks it reports go into every entry stored above
// it, and more general entries there save more search than the rest of
// the scan costs (-7% trick nodes over the reference tables).
func (s *search) lookup(pos, L, left, need int, lmax bool, key uint64, pat *[4]uint32, best *uint8) (hit, res bool) {
	if bi := s.tt.find(key, L); bi >= 0 {
		b := &s.tt.buckets[bi&(ttBuckets-1)]
		n := int(b.n)
		p01 := uint64(pat[0]) | uint64(pat[1])<<32
		p23 := uint64(pat[2]) | uint64(pat[3])<<32
		q := ttFilter(p01, p23)
		var hitE *ttEntry
		hitK, hitR := 99, false
		for c := 0; c*ttChunk < n; c++ {
			base := s.tt.chunk(bi, b, c) * ttChunk
			fs := s.tt.filt[base : base+min(ttChunk, n-c*ttChunk)]
			for i, f := range fs {
				if q&(f>>32) != f&0xffffffff {
					continue
				}
				e := &s.tt.entries[(base+i)&(ttEntries-1)]
				if m01, m23 := kMasks(e.k); p01&m01 != e.pat[0] || p23&m23 != e.pat[1] {
					continue
				}
				var r, h bool
				if lmax {
					if int(e.lb) >= need {
						r, h = true, true
					} else if int(e.ub) < need {
						r, h = false, true
					}
				} else {
					if int(e.ub) <= left-need {
						r, h = true, true
					} else if int(e.lb) > left-need {
						r, h = false, true
					}
				}
				if h {
					if kk := int(e.k[0]) + int(e.k[1]) + int(e.k[2]) + int(e.k[3]); kk < hitK {
						hitE, hitK, hitR = e, kk, r
					}
					continue
				}
				if e.best != 0 {
					*best = e.best
				}
			}
		}
		if hitE != nil {
			for su := 0; su < 4; su++ {
				s.wr[pos&63][su] = topCards(s.aggr[su], int(hitE.k[su]))
			}
			return true, hitR
		}
	}
	return false, false
}

// topCards returns the k highest cards of holding a.
//
// They are the cards of a from the lowest shift t at which a>>t still holds
// k of them up: t is found by halving steps rather than card by card, since
// under WebAssembly every turn of a loop is an indirect jump.
func topCards(a uint16, k int) uint16 {
	t := 0
	if bits.OnesCount16(a>>8) >= k {
		t = 8
	}
	if bits.OnesCount16(a>>(t+4)) >= k {
		t += 4
	}
	if bits.OnesCount16(a>>(t+2)) >= k {
		t += 2
	}
	if bits.OnesCount16(a>>(t+1)) >= k {
		t++
	}
	if k <= 0 {
		return 0
	}
	return a >> t << t
}

// patternOf returns the owners of the cards of suit su still in play
// (those of the current trick included), two bits each from the highest
// card down.
func (s *search) patternOf(su int) uint32 {
	a := s.aggr[su]
	var p uint32
	sh := 0
	for a != 0 {
		r := 15 - bits.LeadingZeros16(a)
		p |= uint32(s.owner[su][r]) << sh
		sh += 2
		a &^= 1 << r
	}
	return p
}

// lastTrick evaluates the final trick, one card in each hand.
func (s *search) lastTrick(pos int) bool {
	L := s.leader[pos>>2&15]
	var ws, wr uint8
	var wseat int
	for i := 0; i < 4; i++ {
		seat := (L + i) & 3
		var su, r uint8
		for x := 0; x < 4; x++ {
			if h := s.hand[seat][x]; h != 0 {
				su, r = uint8(x), uint8(bits.TrailingZeros16(h))
				break
			}
		}
		if i == 0 {
			ws, wr, wseat = su, r, seat
			continue
		}
		if su == ws {
			if r > wr {
				wr, wseat = r, seat
			}
		} else if int(su) == s.trump {
			ws, wr, wseat = su, r, seat
		}
	}
	// The trick was won by rank if another card of the winning suit was in it.
	n := 0
	for i := 0; i < 4; i++ {
		seat := (L + i) & 3
		if s.hand[seat][ws&3] != 0 {
			n++
		}
	}
	s.wr[pos&63] = [4]uint16{}
	if n > 1 {
		s.wr[pos&63][ws&3] = 1 << wr
	}
	t := s.tricksMax
	if wseat&1 == s.maxSide {
		t++
	}
	return t >= s.target
}

// abMoves searches the moves at pos.
func (s *search) abMoves(pos int) bool { return s.abMovesBest(pos, 0) }

// abMovesBest searches the moves at pos, trying best (suit<<4|rank) first
// when it is one of them.
func (s *search) abMovesBest(pos int, best uint8) bool {
	seat := s.seatAt(pos)
	s.genMoves(pos, seat, best)
	isMax := seat&1 == s.maxSide
	var union [4]uint16
	// skip[su]: moves in suit su below this rank are known to give the
	// same result as one already searched (Kuijf's small-card rule).
	var skip [4]uint8
	p := pos & 63
	ml := &s.moves[p]
	n := s.nmoves[p]
	for i := 0; i < n; i++ {
		m := ml[i&15]
		su := m.suit & 3
		if m.rank < skip[su] {
			continue
		}
		s.play(pos, seat, su, m.rank)
		res := s.ab(pos + 1)
		cw := s.wr[(pos+1)&63]
		s.unplay(pos, seat)
		if pos&3 == 3 && s.wonByRank(pos) {
			// The winning card and the cards equivalent to it in its
			// hand: only one of them was searched, and a position that
			// matches on fewer ranks might let that hand play one of
			// them below a card it had to beat here.
			ws, wr := s.winSuit[p]&3, s.winRank[p]
			w := uint16(1) << wr
			cw[ws] |= groupOf(w, s.hand[s.winSeat[p]&3][ws]|w, s.aggr[ws])
		}
		if res == isMax {
			s.wr[p] = cw
			s.killer[p] = su<<4 | m.rank
			s.cut[p] = s.killer[p]
			return res
		}
		// If the card's rank did not matter (it is below every rank the
		// result depends on), other cards of the suit below those ranks
		// give the same result.
		if w := cw[su]; w == 0 {
			skip[su] = 16
		} else if low := uint8(bits.TrailingZeros16(w)); low > m.rank && low > skip[su] {
			skip[su] = low
		}
		union[0] |= cw[0]
		union[1] |= cw[1]
		union[2] |= cw[2]
		union[3] |= cw[3]
	}
	s.wr[p] = union
	s.cut[p] = 0
	return !isMax
}
