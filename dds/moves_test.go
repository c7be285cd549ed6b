package dds

import (
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

func TestFollowOrder(t *testing.T) {
	// Fourth hand beats South's nine as cheaply as he can, then plays low.
	sv, pos := movesAt(t, "J.3.. .54.. .76.. QT4...", engine.NoTrump, engine.North, "S2 S3 S9")
	assert.Equal(t, []string{"ST", "SQ", "S4"}, order(sv, pos))

	// With partner's nine winning, he plays low; his queen and ten are
	// one card (the jack is gone).
	sv, pos = movesAt(t, ".32.. .54.. .76.. QT4...", engine.NoTrump, engine.North, "S2 S9 S3")
	assert.Equal(t, []string{"S4", "SQ"}, order(sv, pos))

	// Third hand plays the king to force out fourth hand's ace (and
	// promote partner's queen) before he plays low.
	sv, pos = movesAt(t, "Q... .3.. K3... A4...", engine.NoTrump, engine.North, "S2 S9")
	assert.Equal(t, []string{"SK", "S3"}, order(sv, pos))

	// Third hand's queen forces fourth hand's ace, since his jack would
	// beat the eight; then low. The eight, beaten cheaply, comes last.
	sv, pos = movesAt(t, ".432.. ..765. Q83.5.. AJ2.6..", engine.NoTrump, engine.North, "S4 S5")
	assert.Equal(t, []string{"SQ", "S3", "S8"}, order(sv, pos))

	// A bare ace plays itself: nothing forces it, so third hand goes low
	// (his queen and eight are one card, the jack to the nine gone).
	sv, pos = movesAt(t, ".432.. ..765. Q83.5.. A.76.2.", engine.NoTrump, engine.North, "S4 S5")
	assert.Equal(t, []string{"S3", "SQ"}, order(sv, pos))

	// Partner (West) takes the trick with the ace: second hand plays low.
	sv, pos = movesAt(t, ".3.. KT... Q4... A5...", engine.NoTrump, engine.North, "S2")
	assert.Equal(t, []string{"ST", "SK"}, order(sv, pos))
}

func TestDiscardOrder(t *testing.T) {
	// West cannot follow to clubs: he keeps the guard of his king of
	// hearts (North has the ace) and discards a diamond first.
	sv, pos := movesAt(t, "2.A.3. .Q.A7. 3.3.4. .K2.65.", engine.NoTrump, engine.North, "CA C4 CK")
	assert.Equal(t, []string{"D6", "H2", "HK"}, order(sv, pos))
	s := &sv.s
	assert.True(t, s.isGuard(int(engine.West), int(engine.Hearts), s.hand[engine.West][engine.Hearts]))
	assert.False(t, s.isGuard(int(engine.West), int(engine.Diamonds), s.hand[engine.West][engine.Diamonds]))
}

func TestLeadOrder(t *testing.T) {
	// North's top clubs win, but the opponents hold four clubs and two
	// diamonds: the diamond lead, to South's ace, comes first.
	sv, pos := movesAt(t, "..2.AK ..K.QT AK..A. ..Q.J9", engine.NoTrump, engine.North, "")
	assert.Equal(t, []string{"D2", "CA"}, order(sv, pos))
}

func TestLeadSetUp(t *testing.T) {
	// East's ace heads both majors; North and South hold the king and
	// queen of spades under it, so spades are the suit to set up: both
	// spade leads come before the heart (whose second and third best
	// cards are the opponents').
	sv, pos := movesAt(t, "K2.32.. A4.A9.. Q6.65.. 73.74..", engine.NoTrump, engine.North, "")
	assert.Equal(t, []string{"S2", "SK", "H3"}, order(sv, pos))
}

func TestLeadKiller(t *testing.T) {
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
