package bidding

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
)

// strongClub opens 1C with any 16+ hand and is SAYC-lite otherwise.
const strongClub = `system "strong club"
base "sayc-lite"
situation ""
1C "strong: 16+, any shape"  hcp 16.. alert "strong, artificial"
P  "no opening bid"  hcp 0..15
`

func TestReadingOpponents(t *testing.T) {
	t.Parallel()
	sayc := NewSystem()
	club, err := Load("club.bid", []byte(strongClub))
	require.NoError(t, err)
	// North opened 1C; East, holding a hand, reads it.
	v := viewFor(t, "K73.Q54.J52.9863", "1C")
	require.Equal(t, engine.East, v.Seat)

	own := sayc.Soft(&v)
	assert.Equal(t, 11, own.Seats[engine.North].MinHCP, "by its own card, 1C is an opening of 11+ (11 with six-five)")
	assert.Equal(t, 3, own.Seats[engine.North].MinLen[engine.Clubs])

	theirs := sayc.ReadingOpponents(club).Soft(&v)
	assert.Equal(t, 16, theirs.Seats[engine.North].MinHCP, "by their card, 1C is 16+")
	assert.Equal(t, 0, theirs.Seats[engine.North].MinLen[engine.Clubs], "and says nothing of clubs")

	// The call model reads their 1C by their system too: a 17-count with
	// two clubs fits; a 13-count with clubs does not.
	strong, _ := engine.ParseHand("AKJ73.AQ4.K52.63")
	light, _ := engine.ParseHand("A73.Q54.K52.AJ63")
	model := theirs.Calls
	require.NotNil(t, model)
	assert.True(t, model(engine.North, strong))
	assert.False(t, model(engine.North, light))
	assert.False(t, own.Calls(engine.North, strong), "by SAYC-lite a 17-count with five spades opens 1S")

	// Our own side's calls are still read by our system, and the system's
	// own choices and explanations are unchanged by the reading.
	assert.Same(t, sayc, sayc.ReadingOpponents(nil))
	assert.Same(t, sayc, sayc.ReadingOpponents(sayc))
	a := v.Auction
	m, err := sayc.ReadingOpponents(club).Explain(&a, 0)
	require.NoError(t, err)
	assert.Equal(t, 11, m.MinHCP, "Explain is the system's own reading")
}
