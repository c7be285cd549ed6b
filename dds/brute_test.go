package dds

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/openroom/openroom/engine"
)

// The bounds the search cuts with (quick tricks, the opponents' sure
// tricks, the second hand's quick tricks) are each checked against the
// exhaustive minimax here, which shares no code with the solver, on random
// endings small enough for it (quick_test.go, secondhand_test.go). A bound that claims a trick the defence
// can deny fails these tests directly, instead of showing up as a wrong
// table somewhere in the reference data.

// bruteCard is a card in the exhaustive solver: suit and rank.
type bruteCard struct{ suit, rank int }

type bruteKey struct {
	hands  [4][4]uint16
	leader int
}

// brute solves small endings by trying every legal card, remembering
// results at trick starts. It counts North-South's tricks.
type brute struct {
	trump int // 0..3, or noTrump
	memo  map[bruteKey]int
}

func newBrute(trump int) *brute { return &brute{trump: trump, memo: map[bruteKey]int{}} }

// nsTricks returns North-South's tricks from here, the current trick
// included: leader led it and trick holds the cards played to it so far.
func (b *brute) nsTricks(h *[4][4]uint16, leader int, trick []bruteCard) int {
	if len(trick) == 4 {
		w := 0
		for i := 1; i < 4; i++ {
			c, best := trick[i], trick[w]
			if (c.suit == best.suit && c.rank > best.rank) || (c.suit == b.trump && best.suit != b.trump) {
				w = i
			}
		}
		winner := (leader + w) & 3
		t := b.nsTricks(h, winner, nil)
		if winner&1 == 0 {
			t++
		}
		return t
	}
	if len(trick) == 0 {
		if h[leader] == [4]uint16{} {
			return 0
		}
		key := bruteKey{*h, leader}
		v, ok := b.memo[key]
		if !ok {
			v = b.bestCard(h, leader, trick)
			b.memo[key] = v
		}
		return v
	}
	return b.bestCard(h, leader, trick)
}

// bestCard returns North-South's tricks when the player to move plays his
// best card.
func (b *brute) bestCard(h *[4][4]uint16, leader int, trick []bruteCard) int {
	seat := (leader + len(trick)) & 3
	suits := []int{0, 1, 2, 3}
	if len(trick) > 0 && h[seat][trick[0].suit] != 0 {
		suits = []int{trick[0].suit}
	}
	best := -1
	for _, su := range suits {
		for x := h[seat][su]; x != 0; x &= x - 1 {
			r := bits.TrailingZeros16(x)
			h[seat][su] &^= 1 << r
			v := b.nsTricks(h, leader, append(trick[:len(trick):len(trick)], bruteCard{su, r}))
			h[seat][su] |= 1 << r
			if best < 0 || (seat&1 == 0 && v > best) || (seat&1 == 1 && v < best) {
				best = v
			}
		}
	}
	return best
}

// sideTricks returns the tricks of seat's side from position p.
func (b *brute) sideTricks(p *Position, seat int) int {
	h := p.Hands
	var trick []bruteCard
	for i := 0; i < p.NPlayed; i++ {
		trick = append(trick, bruteCard{int(p.Played[i].Suit()), int(p.Played[i].Rank())})
	}
	ns := b.nsTricks(&h, int(p.Leader), trick)
	if seat&1 == 0 {
		return ns
	}
	return p.Tricks() - ns
}

// randomEnding returns a random position with tricks tricks left (the
// current one included) and played cards already played to it.
func randomEnding(rng *rand.Rand, d engine.Deal, trump engine.Strain, tricks, played int) Position {
	hands, play := randomPlay(d, trump, engine.Seat(rng.IntN(4)), rng, 52-4*tricks+played)
	p, err := NewPosition(hands, trump, play.Leader(), play.CurrentTrick()...)
	if err != nil {
		panic(err)
	}
	return p
}

// eachEnding calls f on random endings of 2 to 4 tricks in every strain
// (seeded by seed and pcg), with played cards already played to the
// current trick, each loaded into sv (pos is its card position) and with an
// exhaustive solver for it. It returns how many endings there were.
func eachEnding(seed string, pcg [2]uint64, played int, sv *Solver, f func(p *Position, pos int, b *brute)) int {
	n := 6000
	if testing.Short() || underRace {
		n = 1500
	}
	rng := rand.New(rand.NewPCG(pcg[0], pcg[1]))
	for i, d := range randomDeals(n, seed) {
		p := randomEnding(rng, d, engine.Strain(i%5), 2+rng.IntN(3), played)
		pos := sv.load(&p)
		f(&p, pos, newBrute(sv.s.trump))
	}
	return n
}
