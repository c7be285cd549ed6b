package practice

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/refbot"
)

// playedTo returns the seeded board played by easy bots to n actions, and
// the view of the seat to act.
func playedTo(t *testing.T, seed string, n int) (*engine.Board, engine.View) {
	t.Helper()
	setup := engine.SeededBoards(seed, []int{1})[0]
	b := engine.NewBoard(setup.Number, setup.Deal)
	b.Reset(setup)
	easy := refbot.New(refbot.Easy, 1)
	for i := 0; i < n; i++ {
		actor, ok := b.Actor()
		require.True(t, ok)
		v := b.View(actor)
		if b.Phase() == engine.PhaseAuction {
			c, _, err := easy.Call(context.Background(), &v)
			require.NoError(t, err)
			require.NoError(t, b.Call(actor, c))
		} else {
			c, err := easy.Card(context.Background(), &v)
			require.NoError(t, err)
			turn, _ := b.Turn()
			require.NoError(t, b.PlayCard(turn, c))
		}
	}
	actor, _ := b.Actor()
	return b, b.View(actor)
}

// TestChainLinks forces each link of the browser's fallback chain: the
// level's search (the native bot's card), the weaker search when the
// decision goes over its cap, the heuristic when both searches fail,
// the first legal action when the heuristic fails too, and a decision
// after a dead worker that skips the searches once.
func TestChainLinks(t *testing.T) {
	t.Parallel()
	_, v := playedTo(t, "chain-links", 20) // in the play, a searched card at medium
	require.Equal(t, engine.PhasePlay, v.Phase())
	legal, _ := v.LegalCards()
	native := refbot.New(refbot.Medium, 9, refbot.WithParams(BrowserParams(refbot.Medium)))
	want, err := native.Card(context.Background(), &v)
	require.NoError(t, err)
	solver := NewSharedSolver()
	chain := func(fault string, heuristic func(*engine.View) (string, error)) *Chain {
		c, err := NewChain("medium", 9, nil, solver)
		require.NoError(t, err)
		c.Fault, c.Heuristic = fault, heuristic
		return c
	}
	lowestOther := func(*engine.View) (string, error) {
		for _, c := range legal.Cards(nil) {
			if c != want {
				return c.String(), nil
			}
		}
		return want.String(), nil
	}

	c := chain("", nil)
	got, err := c.Card(context.Background(), &v)
	require.NoError(t, err)
	assert.Equal(t, want, got, "the level's search decides as native refbot")
	assert.Empty(t, c.LastLink())

	c = chain("slow", nil)
	got, err = c.Card(context.Background(), &v)
	require.NoError(t, err)
	assert.True(t, legal.Has(got))
	assert.Equal(t, LinkWeaker, c.LastLink())

	c = chain("throw", lowestOther)
	got, err = c.Card(context.Background(), &v)
	require.NoError(t, err)
	h, _ := lowestOther(&v)
	assert.Equal(t, h, got.String(), "the heuristic's card")
	assert.Equal(t, LinkHeuristic, c.LastLink())

	for name, bad := range map[string]func(*engine.View) (string, error){
		"error":   func(*engine.View) (string, error) { return "", errors.New("no") },
		"illegal": func(*engine.View) (string, error) { return "XX", nil },
		"panic":   func(*engine.View) (string, error) { panic("heuristic") },
	} {
		c = chain("throw", bad)
		got, err = c.Card(context.Background(), &v)
		require.NoError(t, err, name)
		low, _ := legal.Lowest()
		assert.Equal(t, low, got, name)
		assert.Equal(t, LinkLegal, c.LastLink(), name)
	}

	c = chain("", lowestOther)
	c.SkipSearch()
	got, err = c.Card(context.Background(), &v)
	require.NoError(t, err)
	assert.Equal(t, h, got.String())
	assert.Equal(t, LinkHeuristic, c.LastLink(), "the decision the worker died in")
	got, err = c.Card(context.Background(), &v)
	require.NoError(t, err)
	assert.Equal(t, want, got, "then the search again")
	assert.Empty(t, c.LastLink())

	// A call: over its cap, the weaker search (the system's call); both
	// searches failing and no heuristic, a pass.
	_, cv := playedTo(t, "chain-links", 1)
	require.Equal(t, engine.PhaseAuction, cv.Phase())
	c = chain("slow", nil)
	call, _, err := c.Call(context.Background(), &cv)
	require.NoError(t, err)
	assert.True(t, cv.Auction.Legal(call))
	assert.Equal(t, LinkWeaker, c.LastLink())
	c = chain("throw", nil)
	call, _, err = c.Call(context.Background(), &cv)
	require.NoError(t, err)
	assert.Equal(t, engine.Pass, call)
	assert.Equal(t, LinkLegal, c.LastLink())
}
