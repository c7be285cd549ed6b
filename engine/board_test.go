package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestBoardRejectsOutOfTurnAndIllegalCalls(t *testing.T) {
	t.Parallel()
	d, err := ParseDeal(specDeal)
	require.NoError(t, err)
	b := NewBoard(2, d) // board 2: dealer East, N-S vulnerable
	assert.Equal(t, East, b.Dealer())
	assert.Equal(t, VulNS, b.Vulnerability())
	assert.Equal(t, 2, b.Number())
	assert.Equal(t, PhaseAuction, b.Phase())

	err = b.Call(North, Pass)
	require.ErrorIs(t, err, ErrNotYourTurn)
	assert.Contains(t, err.Error(), "East is to call")
	require.ErrorIs(t, b.Call(East, Double), ErrIllegalDouble)
	require.NoError(t, b.Call(East, Bid(1, StrainDiamonds)))
	require.ErrorIs(t, b.Call(South, Bid(1, StrainClubs)), ErrInsufficient)
	require.ErrorIs(t, b.Call(Seat(9), Pass), ErrInvalidSeat)
	require.ErrorIs(t, b.PlayCard(South, NewCard(Spades, Nine)), ErrWrongPhase)
	_, ok := b.Contract()
	assert.False(t, ok)
	_, ok = b.ScoreNS()
	assert.False(t, ok)
	assert.Zero(t, b.LegalCards())

	for _, c := range []Call{Pass, Pass, Pass} {
		s, _ := b.Turn()
		require.NoError(t, b.Call(s, c))
	}
	c, ok := b.Contract()
	require.True(t, ok)
	assert.Equal(t, Contract{1, StrainDiamonds, Undoubled, East}, c)
	turn, _ := b.Turn()
	assert.Equal(t, South, turn)
}

func TestBoardScoresTheResult(t *testing.T) {
	t.Parallel()
	// Board 3 (dealer South, E-W vulnerable): 3NT by West, played to the end
	// with the first legal card each time.
	d, err := ParseDeal(specDeal)
	require.NoError(t, err)
	b := NewBoard(3, d)
	for _, c := range []Call{Pass, Bid(3, NoTrump), Pass, Pass, Pass} {
		s, _ := b.Turn()
		require.NoError(t, b.Call(s, c))
	}
	for b.Phase() == PhasePlay {
		s, _ := b.Turn()
		c, _ := b.LegalCards().Lowest()
		require.NoError(t, b.PlayCard(s, c))
	}
	score, ok := b.ScoreNS()
	require.True(t, ok)
	con, _ := b.Contract()
	assert.Equal(t, West, con.Declarer)
	tricks := b.DeclarerTricks()
	assert.Equal(t, -Score(con, true, tricks), score)
	assert.Equal(t, 13, b.Play().Tricks(EW)+b.Play().Tricks(NS))
}
