package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestHandBasics(t *testing.T) {
	t.Parallel()
	h, err := ParseHand("AKQ.JT9.876.5432")
	require.NoError(t, err)
	assert.Equal(t, 13, h.Len())
	assert.Equal(t, [NumSuits]int{4, 3, 3, 3}, h.Lengths())
	assert.Equal(t, 10, h.HCP())
	assert.Equal(t, "AKQ.JT9.876.5432", h.String())
	assert.True(t, h.Has(NewCard(Spades, King)))
	assert.False(t, h.Has(NewCard(Spades, Jack)))
	assert.Equal(t, uint16(1<<Ace|1<<King|1<<Queen), h.Holding(Spades))

	lo, ok := h.Lowest()
	require.True(t, ok)
	assert.Equal(t, NewCard(Clubs, Two), lo)
	hi, ok := h.Highest()
	require.True(t, ok)
	assert.Equal(t, NewCard(Spades, Ace), hi)
	assert.Equal(t, NewCard(Clubs, Three), h.Nth(1))

	cards := h.Cards(nil)
	require.Len(t, cards, 13)
	assert.Equal(t, h, HandOf(cards...))
	assert.Equal(t, h.Without(NewCard(Spades, Ace)).Len(), 12)

	_, ok = Hand(0).Lowest()
	assert.False(t, ok)
	assert.Equal(t, 52, FullDeck.Len())
	assert.Equal(t, 40, FullDeck.HCP())
}

func TestParseHandVoidAndErrors(t *testing.T) {
	t.Parallel()
	h, err := ParseHand(".AKQJT98765432..")
	require.NoError(t, err)
	assert.Equal(t, 13, h.SuitLen(Hearts))
	assert.Equal(t, ".AKQJT98765432..", h.String())

	for _, bad := range []string{"AKQ.JT9.876", "AKQ.JT9.876.543.2", "AAK.JT9.876.5432", "AKX.JT9.876.5432"} {
		_, err := ParseHand(bad)
		assert.Error(t, err, bad)
	}
}
