package dds

import (
	"slices"
	"strings"
	"testing"

	"github.com/openroom/openroom/engine"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// movesSolver is shared by the move ordering tests: a Solver's
// transposition table is large, and they only use its search state.
var movesSolver *Solver

// movesAt loads a small position (PBN hands North to West, cards already
// played to the trick given as "S2 H9 ...") and returns the solver and the
// card position of the player to move, with that player's moves generated.
func movesAt(t *testing.T, hands string, trump engine.Strain, leader engine.Seat, played string) (*Solver, int) {
	t.Helper()
	var d engine.Deal
	for i, hs := range strings.Fields(hands) {
		h, err := engine.ParseHand(hs)
		require.NoError(t, err)
		d[i] = h
	}
	var cards []engine.Card
	for _, cs := range strings.Fields(played) {
		c, err := engine.ParseCard(cs)
		require.NoError(t, err)
		cards = append(cards, c)
	}
	p, err := NewPosition(d, trump, leader, cards...)
	require.NoError(t, err)
	if movesSolver == nil {
		movesSolver = NewSolver()
	}
	sv := movesSolver
	pos := sv.load(&p)
	sv.s.genMoves(pos, int(p.Turn()), 0)
	return sv, pos
}

// order returns the generated moves at pos as cards, best first.
func order(sv *Solver, pos int) []string {
	var out []string
	for _, m := range sv.s.moves[pos][:sv.s.nmoves[pos]] {
		out = append(out, engine.NewCard(engine.Suit(m.suit), engine.Rank(m.rank)).String())
	}
	return out
}

func TestGroupTops(t *testing.T) {
	t.Parallel()
	const (
		r2, r3, r4, r5 = 1 << 2, 1 << 3, 1 << 4, 1 << 5
	)
	// 5 4 3 2 all in play: 5-4 is one group, 2 another (3 is elsewhere).
	assert.Equal(t, uint16(r5|r2), groupTops(r5|r4|r2, r5|r4|r3|r2))
	// Once the 3 is gone, 5 4 2 are one group.
	assert.Equal(t, uint16(r5), groupTops(r5|r4|r2, r5|r4|r2))
	assert.Equal(t, uint16(r5|r4|r2), groupOf(r5, r5|r4|r2, r5|r4|r2))
}

func TestTrickWinner(t *testing.T) {
	t.Parallel()
	// North leads the spade 2 in notrump: East (king) beats it, South
	// (ace) takes the trick over him, West cannot beat the ace.
	hands := "2.A.. K.2.. A.3.. .54.."
	sv, pos := movesAt(t, hands, engine.NoTrump, engine.North, "")
	s := &sv.s
	sp := uint8(engine.Spades)
	assert.Equal(t, int(engine.South), s.trickWinner(pos, 0, sp, sp, 2, int(engine.North)))

	// In hearts, West ruffs South's ace of spades.
	sv, pos = movesAt(t, hands, engine.StrainHearts, engine.North, "")
	s = &sv.s
	assert.Equal(t, int(engine.West), s.trickWinner(pos, 0, sp, sp, 2, int(engine.North)))
}

// candidates checks that the moves generated at pos are the cards want, in
// any order, and that they hold one card of each equivalence group of the
// player's legal cards: each move heads its group, and the groups of the
// moves cover the legal cards without overlapping. It returns the moves
// best first.
func candidates(t *testing.T, sv *Solver, pos int, want ...string) []string {
	t.Helper()
	s := &sv.s
	got := order(sv, pos)
	require.ElementsMatch(t, want, got, "candidate moves")
	seat := s.seatAt(pos)
	var legal, covered [4]uint16
	legal = s.hand[seat]
	if pos&3 != 0 {
		if lead := s.pSuit[pos-pos&3]; s.hand[seat][lead] != 0 {
			legal = [4]uint16{}
			legal[lead] = s.hand[seat][lead]
		}
	}
	for _, m := range s.moves[pos][:s.nmoves[pos]] {
		c := uint16(1) << m.rank
		h, a := s.hand[seat][m.suit], s.aggr[m.suit]
		require.NotZero(t, legal[m.suit]&c, "%v is not a legal card", got)
		require.NotZero(t, groupTops(h, a)&c, "a move of %v does not head its group", got)
		g := groupOf(c, h, a)
		require.Zero(t, covered[m.suit]&g, "two moves of %v in one group", got)
		covered[m.suit] |= g
	}
	require.Equal(t, legal, covered, "the moves %v leave out a group of legal cards", got)
	return got
}

// forcing returns the forcing card forcingCard picks for the player to
// move at pos (a follower to the suit led), "" if none.
func forcing(sv *Solver, pos int) string {
	s := &sv.s
	seat := s.seatAt(pos)
	lead := s.pSuit[pos-pos&3]
	t := groupTops(s.hand[seat][lead], s.aggr[lead])
	r := s.forcingCard(seat, pos&3, lead, s.winSuit[pos-1], s.winRank[pos-1], int(s.winSeat[pos-1]), t)
	if r == 16 {
		return ""
	}
	return engine.NewCard(engine.Suit(lead), engine.Rank(r)).String()
}

// The move ordering tests check the properties each position is about (the
// card tried first, a card coming before another, the forcing card), not the
// whole order, which the weights may change without harm; candidates checks
// in each that the moves are one card of each group of legal cards.

func TestFollowOrder(t *testing.T) {
	t.Parallel()
	// Fourth hand beats South's nine as cheaply as he can: the ten first,
	// and both cards that win before the one that does not.
	sv, pos := movesAt(t, "J.3.. .54.. .76.. QT4...", engine.NoTrump, engine.North, "S2 S3 S9")
	got := candidates(t, sv, pos, "ST", "SQ", "S4")
	assert.Equal(t, "ST", got[0], "cheapest winner first: %v", got)
	assert.Less(t, slices.Index(got, "SQ"), slices.Index(got, "S4"), "winners before losers: %v", got)

	// With partner's nine winning, he plays low first; his queen and ten
	// are one card (the jack is gone).
	sv, pos = movesAt(t, ".32.. .54.. .76.. QT4...", engine.NoTrump, engine.North, "S2 S9 S3")
	got = candidates(t, sv, pos, "S4", "SQ")
	assert.Equal(t, "S4", got[0], "low under partner's winner: %v", got)

	// Third hand plays the king to force out fourth hand's ace (and
	// promote partner's queen) before he plays low.
	sv, pos = movesAt(t, "Q... .3.. K3... A4...", engine.NoTrump, engine.North, "S2 S9")
	assert.Equal(t, "SK", forcing(sv, pos))
	got = candidates(t, sv, pos, "SK", "S3")
	assert.Equal(t, "SK", got[0], "the forcing king first: %v", got)

	// Third hand's queen forces fourth hand's ace, since his jack would
	// beat the eight: the queen is the cheapest forcing card, and first.
	sv, pos = movesAt(t, ".432.. ..765. Q83.5.. AJ2.6..", engine.NoTrump, engine.North, "S4 S5")
	assert.Equal(t, "SQ", forcing(sv, pos))
	got = candidates(t, sv, pos, "SQ", "S3", "S8")
	assert.Equal(t, "SQ", got[0], "the forcing queen first: %v", got)

	// A bare ace plays itself: nothing forces it, so third hand goes low
	// first (his queen and eight are one card, the jack to the nine gone).
	sv, pos = movesAt(t, ".432.. ..765. Q83.5.. A.76.2.", engine.NoTrump, engine.North, "S4 S5")
	assert.Equal(t, "", forcing(sv, pos), "no card forces a bare ace")
	got = candidates(t, sv, pos, "S3", "SQ")
	assert.Equal(t, "S3", got[0], "low first: %v", got)

	// Partner (West) takes the trick with the ace: second hand plays low
	// first.
	sv, pos = movesAt(t, ".3.. KT... Q4... A5...", engine.NoTrump, engine.North, "S2")
	got = candidates(t, sv, pos, "ST", "SK")
	assert.Equal(t, "ST", got[0], "low when partner wins: %v", got)
}

func TestDiscardOrder(t *testing.T) {
	t.Parallel()
	// West cannot follow to clubs: he keeps the guard of his king of
	// hearts (North has the ace) and discards a diamond first.
	sv, pos := movesAt(t, "2.A.3. .Q.A7. 3.3.4. .K2.65.", engine.NoTrump, engine.North, "CA C4 CK")
	got := candidates(t, sv, pos, "D6", "H2", "HK")
	assert.Equal(t, "D6", got[0], "a diamond first, keeping the guard: %v", got)
	s := &sv.s
	assert.True(t, s.isGuard(int(engine.West), int(engine.Hearts), s.hand[engine.West][engine.Hearts]))
	assert.False(t, s.isGuard(int(engine.West), int(engine.Diamonds), s.hand[engine.West][engine.Diamonds]))
}

func TestLeadOrder(t *testing.T) {
	t.Parallel()
	// North's top clubs win, but the opponents hold four clubs and two
	// diamonds, and South has no club: the diamond lead, to South's ace,
	// comes first (either reason alone puts it first).
	sv, pos := movesAt(t, "..2.AK ..K.QT AK..A. ..Q.J9", engine.NoTrump, engine.North, "")
	got := candidates(t, sv, pos, "D2", "CA")
	assert.Equal(t, "D2", got[0], "the diamond to partner's ace first: %v", got)
}

func TestLeadSetUp(t *testing.T) {
	t.Parallel()
	// East's ace heads both majors; North and South hold the king and
	// queen of spades under it, so spades are the suit to set up: both
	// spade leads come before the heart (whose second and third best
	// cards are the opponents').
	sv, pos := movesAt(t, "K2.32.. A4.A9.. Q6.65.. 73.74..", engine.NoTrump, engine.North, "")
	got := candidates(t, sv, pos, "S2", "SK", "H3")
	assert.Equal(t, "H3", got[len(got)-1], "both spades before the heart: %v", got)
}

func TestLeadKiller(t *testing.T) {
	t.Parallel()
	// The killer, the heart three, loses the trick to East's ace: it gets
	// the killer's full weight in no trump, less in a suit contract.
	const hands = "K2.32.. A4.A9.. Q6.65.. 73.74.."
	h3 := uint8(engine.Hearts)<<4 | 3
	gain := func(trump engine.Strain) int {
		sv, pos := movesAt(t, hands, trump, engine.North, "")
		s := &sv.s
		weight := func() int {
			for _, m := range s.moves[pos][:s.nmoves[pos]] {
				if m.suit<<4|m.rank == h3 {
					return int(m.weight)
				}
			}
			t.Fatal("no heart three")
			return 0
		}
		s.killer[pos] = 0
		s.genMoves(pos, int(engine.North), 0)
		w0 := weight()
		s.killer[pos] = h3
		s.genMoves(pos, int(engine.North), 0)
		w := weight()
		s.killer[pos] = 0
		return w - w0
	}
	assert.Equal(t, wLeadKiller, gain(engine.NoTrump))
	assert.Equal(t, wLeadKiller-wLeadKillerLoses, gain(engine.StrainClubs))
}

// groupOfLoop and runOfLoop are groupOf and runOf card by card, to check
// the loop-free forms against.
func groupOfLoop(c, h, a uint16) uint16 {
	g := c
	for {
		below := a & (c - 1)
		if below == 0 {
			return g
		}
		next := uint16(1) << highest(below)
		if h&next == 0 {
			return g
		}
		g |= next
		c = next
	}
}

func runOfLoop(h, a uint16) uint16 {
	var run uint16
	for a != 0 {
		hi := uint16(1) << highest(a)
		if h&hi == 0 {
			break
		}
		run |= hi
		a &^= hi
	}
	return run
}

// TestGroupAndRunWithoutLoops compares groupOf and runOf with their
// card-by-card forms on every holding h within every set a of cards in
// play (ranks 2 to ace), and every card c of a suit for groupOf.
func TestGroupAndRunWithoutLoops(t *testing.T) {
	const all = 0x7ffc // ranks 2..14
	for a := uint16(0); ; a = (a - all) & all {
		for h := uint16(0); ; h = (h - a) & a {
			if got, want := runOf(h, a), runOfLoop(h, a); got != want {
				t.Fatalf("runOf(%#x, %#x) = %#x, want %#x", h, a, got, want)
			}
			for r := 2; r <= 14; r++ {
				c := uint16(1) << r
				if got, want := groupOf(c, h|c, a), groupOfLoop(c, h|c, a); got != want {
					t.Fatalf("groupOf(%#x, %#x, %#x) = %#x, want %#x", c, h|c, a, got, want)
				}
			}
			if h == a {
				break
			}
		}
		if a == all {
			break
		}
	}
}
