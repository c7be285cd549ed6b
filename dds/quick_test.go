package dds

import (
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/openroom/openroom/engine"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The bounds the search cuts with (quick tricks, the opponents' sure
// tricks, the second hand's quick tricks) are each checked here against
// an exhaustive minimax that shares no code with the solver, on random
// endings small enough for it. A bound that claims a trick the defence
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

// TestTrickStartBoundsSound checks, at trick starts of random endings, that
// quickTricks never promises the side on lead more tricks than it takes,
// and that oppSure (with lengthBound) never promises the other side more
// than it takes.
func TestTrickStartBoundsSound(t *testing.T) {
	sv := NewSolver()
	s := &sv.s
	var claimsQT, claimsOpp, claimsLen int
	n := eachEnding("openroom-dds-bounds", [2]uint64{41, 43}, 0, sv, func(p *Position, _ int, b *brute) {
		L := int(p.Leader)
		left := p.Tricks()
		own := b.sideTricks(p, L)
		var wr [4]uint16
		for c := 1; c <= left; c++ {
			if s.quickTricks(L, c, &wr) {
				claimsQT++
				require.GreaterOrEqual(t, own, c, "quickTricks claims %d: %s", c, handsString(p))
			}
		}
		if k := s.oppSure(L, &wr); k > 0 {
			claimsOpp++
			require.GreaterOrEqual(t, left-own, k, "oppSure claims %d: %s", k, handsString(p))
		}
		if s.lengthBound(L, &wr) > 0 {
			claimsLen++
			require.Less(t, own, left, "lengthBound claims a trick: %s", handsString(p))
		}
	})
	// The bounds must have been put to the test.
	t.Logf("claims: quick tricks %d, opponents %d, length bound %d", claimsQT, claimsOpp, claimsLen)
	assert.Greater(t, claimsQT, n/10)
	assert.Greater(t, claimsOpp, n/20)
	assert.Greater(t, claimsLen, n/50)
}

// TestSecondHandSound checks, with the second hand to play in random
// endings, that every cutoff secondHand reports agrees with the exhaustive
// result, for every target.
func TestSecondHandSound(t *testing.T) {
	sv := NewSolver()
	s := &sv.s
	cuts, multi := 0, 0
	n := eachEnding("openroom-dds-second-hand", [2]uint64{47, 53}, 1, sv, func(p *Position, pos int, b *brute) {
		seat := int(p.Turn())
		left := p.Tricks()
		for _, side := range []int{0, 1} {
			got := b.sideTricks(p, side)
			for target := 1; target <= left; target++ {
				s.maxSide, s.target, s.tricksMax = side, target, 0
				cut, res := s.secondHand(pos)
				if !cut {
					continue
				}
				cuts++
				want := left - target + 1 // the second hand's side's tricks that settle it
				if seat&1 == side {
					want = target
				}
				if want > 1 {
					multi++
				}
				require.Equal(t, got >= target, res, "side %d target %d: %s", side, target, handsString(p))
			}
		}
	})
	t.Logf("cutoffs %d, of which count later tricks %d", cuts, multi)
	assert.Greater(t, cuts, n/4)
	assert.Greater(t, multi, n/50, "notrump cutoffs that count later tricks")
}

// TestTopRounds checks the rounds a side wins with its cards above all the
// opponents' when they are split between the hands.
func TestTopRounds(t *testing.T) {
	holding := func(ranks string) uint16 {
		var h uint16
		for _, r := range ranks {
			h |= 1 << uint(strings.IndexRune("23456789TJQKA", r)+2)
		}
		return h
	}
	cases := []struct {
		lead, partner, opp string
		limit              int
		rounds             int
		lowest             string // the lowest card the result depends on
	}{
		// The queen, partner unblocking the jack, then low to his king.
		{"Q3", "KJ", "T75986", 13, 2, "Q"},
		// Q with partner's 7, then low to his J.
		{"Q63", "J7", "T428", 13, 2, "J"},
		// Partner's king falls under the ace.
		{"A", "K", "QJ", 13, 1, "A"},
		// Partner overtakes the queen with his only card, the king, and
		// has nothing to lead back.
		{"Q", "K", "J2", 13, 1, "K"},
		// An opponent ruffs the second round.
		{"Q3", "KJ", "T75986", 1, 1, "Q"},
		// Nothing above the opponents' best.
		{"J3", "T2", "Q54", 13, 0, ""},
	}
	s := &NewSolver().s
	for _, c := range cases {
		hS, hP, opp := holding(c.lead), holding(c.partner), holding(c.opp)
		r, wr := s.topRounds(hS, hP, hS|hP|opp, opp, c.limit)
		assert.Equal(t, c.rounds, r, "%s / %s against %s", c.lead, c.partner, c.opp)
		if c.rounds > 0 {
			assert.Equal(t, holding(c.lowest), wr&-wr, "%s / %s against %s", c.lead, c.partner, c.opp)
		}
	}
}
