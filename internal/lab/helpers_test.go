package lab

import (
	"testing"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/refbot/cardplay"
	"github.com/stretchr/testify/require"
)

// playHeuristic plays the board by the heuristic until n cards are played.
func playHeuristic(t testing.TB, bd *engine.Board, n int) {
	t.Helper()
	for bd.Play().Len() < n {
		actor, _ := bd.Actor()
		turn, _ := bd.Turn()
		v := bd.View(actor)
		c, err := cardplay.Heuristic(&v)
		require.NoError(t, err)
		require.NoError(t, bd.PlayCard(turn, c))
	}
}
