package analysis

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/openroom/openroom/dds"
	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/player"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// playRandom plays a seeded board to its end with random players.
func playRandom(t *testing.T, setup engine.BoardSetup, seed string) *engine.Board {
	t.Helper()
	b := engine.NewBoard(setup.Number, setup.Deal)
	b.Reset(setup)
	var ps [engine.NumSeats]player.Player
	for s := range ps {
		ps[s] = player.Random{Seed: fmt.Sprintf("%s-%d", seed, s)}
	}
	require.NoError(t, player.PlayBoard(context.Background(), b, ps))
	return b
}

// TestLostTricksAddUp: the tricks North-South took equal their
// double-dummy tricks at the start, less what their cards lost, plus what
// East-West's cards gave away; each card's own figures chain the same way.
func TestLostTricksAddUp(t *testing.T) {
	t.Parallel()
	sv := dds.NewSolver()
	played := 0
	for _, setup := range engine.SeededBoards("analysis", engine.BoardNumbers(1, 4)) {
		b := playRandom(t, setup, "r")
		a, err := Analyse(sv, b)
		require.NoError(t, err)
		c, ok := b.Contract()
		require.True(t, ok)
		if c.PassedOut() {
			assert.Empty(t, a.Cards)
			assert.Empty(t, a.Contract)
			continue
		}
		played++
		require.Len(t, a.Cards, 52)
		require.NotNil(t, a.DDTricks)
		assert.Equal(t, a.Table[c.Strain][c.Declarer], *a.DDTricks)
		declNS := c.Declarer.Side() == engine.NS
		startNS := *a.DDTricks
		if !declNS {
			startNS = 13 - *a.DDTricks
		}
		tookNS := b.DeclarerTricks()
		if !declNS {
			tookNS = 13 - tookNS
		}
		assert.Equal(t, tookNS, startNS-a.Lost.NS+a.Lost.EW, "board %d", setup.Number)
		assert.Equal(t, tookNS, a.Cards[51].NSAfter, "after the last card the figure is the result")
		prev, sumNS, sumEW := startNS, 0, 0
		for i, cr := range a.Cards {
			seat, err := engine.ParseSeat(cr.Seat)
			require.NoError(t, err)
			if seat.Side() == engine.NS {
				assert.Equal(t, prev-cr.NSAfter, cr.Lost, "card %d", i)
				sumNS += cr.Lost
			} else {
				assert.Equal(t, cr.NSAfter-prev, cr.Lost, "card %d", i)
				sumEW += cr.Lost
			}
			assert.GreaterOrEqual(t, cr.Lost, 0, "card %d: double dummy never gains by a card", i)
			prev = cr.NSAfter
		}
		assert.Equal(t, a.Lost, TricksLost{NS: sumNS, EW: sumEW})
	}
	require.Positive(t, played, "some boards must have been played out")
}

// TestBestPlayLosesNothing plays every card as the solver's best and finds
// no trick lost by anyone.
func TestBestPlayLosesNothing(t *testing.T) {
	t.Parallel()
	sv := dds.NewSolver()
	setup := engine.SeededBoards("best", []int{3})[0]
	b := engine.NewBoard(setup.Number, setup.Deal)
	b.Reset(setup)
	for _, call := range []string{"1NT", "Pass", "Pass", "Pass"} {
		seat, _ := b.Turn()
		c, err := engine.ParseCall(call)
		require.NoError(t, err)
		require.NoError(t, b.Call(seat, c))
	}
	c, _ := b.Contract()
	for range 52 {
		seat, _ := b.Turn()
		var left engine.Deal
		for s := engine.North; s <= engine.West; s++ {
			left[s] = b.Remaining(s)
		}
		pos, err := dds.NewPosition(left, c.Strain, b.Play().Leader(), b.Play().CurrentTrick()...)
		require.NoError(t, err)
		vals, err := sv.SolveAll(&pos, nil)
		require.NoError(t, err)
		best := vals[0]
		for _, v := range vals[1:] {
			if v.Tricks > best.Tricks {
				best = v
			}
		}
		require.NoError(t, b.PlayCard(seat, best.Card))
	}
	a, err := Analyse(sv, b)
	require.NoError(t, err)
	assert.Equal(t, TricksLost{}, a.Lost)
	assert.Equal(t, *a.DDTricks, b.DeclarerTricks())
}

// TestJSONShape pins the keys the browser pages read.
func TestJSONShape(t *testing.T) {
	t.Parallel()
	sv := dds.NewSolver()
	setup := engine.SeededBoards("json", []int{1})[0]
	b := playRandom(t, setup, "j")
	a, err := Analyse(sv, b)
	require.NoError(t, err)
	raw, err := json.Marshal(a)
	require.NoError(t, err)
	var m map[string]any
	require.NoError(t, json.Unmarshal(raw, &m))
	for _, k := range []string{"deal", "dd", "par_score_ns", "par_contracts", "makeable", "tricks_lost"} {
		assert.Contains(t, m, k)
	}
	dd := m["dd"].(map[string]any)
	assert.Equal(t, float64(a.Table[engine.NoTrump][engine.South]), dd["S"].(map[string]any)["NT"])
}
