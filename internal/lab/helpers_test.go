package lab

import (
	"slices"
	"strings"
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

// firstAndNamed returns the first of items (a paired measurement's base)
// and those others whose names are in the comma-separated list only; all of
// them when only is empty.
func firstAndNamed[T any](items []T, only string, name func(T) string) []T {
	if only == "" || len(items) == 0 {
		return items
	}
	keep := items[:1:1]
	for _, it := range items[1:] {
		if slices.Contains(strings.Split(only, ","), name(it)) {
			keep = append(keep, it)
		}
	}
	return keep
}
