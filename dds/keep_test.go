package dds

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
)

// worldsOf returns n layouts of a position's East-West cards (North's and
// South's kept, as a bot's sampled worlds keep the hands it sees), each
// hand keeping its length.
func worldsOf(p Position, rng *rand.Rand, n int) []Position {
	out := make([]Position, 0, n)
	for len(out) < n {
		e, w := p.Hand(engine.East), p.Hand(engine.West)
		pool := e | w
		cards := make([]engine.Card, 0, pool.Len())
		for x := pool; x != 0; x &= x - 1 {
			c, _ := x.Lowest()
			cards = append(cards, c)
		}
		rng.Shuffle(len(cards), func(a, b int) { cards[a], cards[b] = cards[b], cards[a] })
		var d engine.Deal
		for _, s := range []engine.Seat{engine.North, engine.South} {
			d[s] = p.Hand(s)
		}
		d[engine.East] = engine.HandOf(cards[:e.Len()]...)
		d[engine.West] = engine.HandOf(cards[e.Len():]...)
		q, err := NewPosition(d, p.Trump, p.Leader, p.Played[:p.NPlayed]...)
		if err != nil {
			continue // a layout that revokes to the current trick: draw again
		}
		out = append(out, q)
	}
	return out
}

// TestKeptTableSolvesAlike checks KeepTable: a solver that keeps its table
// through many worlds of one position (and through target searches for
// either side, as the bot's play check asks) returns exactly what a solver
// starting each solve afresh does, with fewer nodes in all.
func TestKeptTableSolvesAlike(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(15, 10))
	fresh, kept := NewSolver(), NewSolver()
	kept.KeepTable(true)
	for i, d := range randomDeals(6, "keep-table") {
		p := randomPosition(d, rng, 12+rng.IntN(8))
		for _, q := range worldsOf(p, rng, 12) {
			want, err := fresh.SolveAll(&q, nil)
			require.NoError(t, err)
			got, err := kept.SolveAll(&q, nil)
			require.NoError(t, err)
			require.Equal(t, want, got, "deal %d: %s", i, handsString(&q))
			for _, target := range []int{want[0].Tricks, want[0].Tricks + 1} {
				wt, err := fresh.SolveTarget(&q, target, nil)
				require.NoError(t, err)
				gt, err := kept.SolveTarget(&q, target, nil)
				require.NoError(t, err)
				require.Equal(t, wt, gt, "deal %d, target %d: %s", i, target, handsString(&q))
			}
			v1, err := fresh.Solve(&q)
			require.NoError(t, err)
			v2, err := kept.Solve(&q)
			require.NoError(t, err)
			require.Equal(t, v1, v2)
		}
	}
	t.Logf("nodes: fresh %d, kept %d", fresh.Nodes(), kept.Nodes())
	require.Less(t, kept.Nodes(), fresh.Nodes(), "the kept table should save search")
}

// TestKeptTableStartsAfreshWhenHalfFull checks that a kept table is kept
// while at most half its entries are handed out and starts afresh after.
func TestKeptTableStartsAfreshWhenHalfFull(t *testing.T) {
	t.Parallel()
	sv := NewSolver()
	sv.KeepTable(true)
	half := int32(ttEntries / ttChunk / 2)
	for _, c := range []struct {
		top  int32
		kept bool
	}{{0, true}, {half, true}, {half + 1, false}} {
		sv.s.tt.top = c.top
		gen := sv.s.tt.gen
		sv.newSolve()
		require.Equal(t, c.kept, sv.s.tt.gen == gen, "%d of %d chunks handed out", c.top, 2*half)
	}
	sv.KeepTable(false)
	gen := sv.s.tt.gen
	sv.newSolve()
	require.NotEqual(t, gen, sv.s.tt.gen, "a table not kept is new at every solve")
}
