package cardplay_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/refbot"
	"github.com/openroom/openroom/refbot/bidding"
	"github.com/openroom/openroom/refbot/cardplay"
)

// signalBoard is the board of the internal signal tests: South declares
// 1NT, and East holds the queen-eight-five of spades under West's ace.
func signalBoard(t *testing.T, play string) *engine.Board {
	t.Helper()
	d, err := engine.ParseDeal("N:432.432.AKQJ.432 Q85.8765.432.765 J76.AKQ.8765.AKQ AKT9.JT9.T9.JT98")
	require.NoError(t, err)
	b := engine.NewBoard(1, d) // dealer North
	for _, c := range []engine.Call{engine.Pass, engine.Pass, engine.Bid(1, engine.NoTrump), engine.Pass, engine.Pass, engine.Pass} {
		s, _ := b.Turn()
		require.NoError(t, b.Call(s, c))
	}
	playCards(t, b, play)
	return b
}

// TestSearchSignalsOnlyAmongEqualCards scripts East's values under West's
// ace: East signals with the eight (encouraging, with the queen) when the
// cards are equal, and never plays a card the search rates lower.
func TestSearchSignalsOnlyAmongEqualCards(t *testing.T) {
	t.Parallel()
	b := signalBoard(t, "SA S2")
	v := b.View(engine.East)
	q, e, f := mustCard(t, "SQ"), mustCard(t, "S8"), mustCard(t, "S5")
	cases := []struct {
		name   string
		script []map[engine.Card]int
		want   engine.Hand // the cards it may play
	}{
		{"equal cards: the encouraging eight", []map[engine.Card]int{{q: 5, e: 5, f: 5}, {q: 4, e: 4, f: 4}}, engine.HandOf(e)},
		{"the eight costs a trick in one world", []map[engine.Card]int{{q: 5, e: 5, f: 5}, {q: 4, e: 3, f: 4}}, engine.HandOf(q, f)},
		{"only the eight is best", []map[engine.Card]int{{q: 4, e: 5, f: 4}, {q: 4, e: 4, f: 4}}, engine.HandOf(e)},
		{"the five is best", []map[engine.Card]int{{q: 4, e: 4, f: 5}, {q: 4, e: 4, f: 4}}, engine.HandOf(f)},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := refbot.Expert.Params()
			p.Worlds, p.ExactTricks, p.TargetCards, p.Nodes, p.ClockCap, p.IMPs = 2, 0, 0, 0, time.Hour, false
			got, _, err := cardplay.SearchCard(context.Background(), &v, bidding.SoftFacts{}, p, &scriptedSolver{script: tc.script}, cardplay.DecisionSeed(3, 1, engine.East, 2))
			require.NoError(t, err)
			assert.True(t, tc.want.Has(got), "played %s, want one of %s", got, tc.want)
		})
	}
}

// TestSignalSearchIsDeterministic searches, with signals, East's card
// under West's ace and declarer's card after East's signal twice with the
// same seed on fresh solvers: the same card from the same worlds.
func TestSignalSearchIsDeterministic(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		play string
		seat engine.Seat
	}{
		{"East signals", "SA S2", engine.East},
		{"declarer reads", "SA S2 S8", engine.South},
		{"West reads", "SA S2 S8 S6 SK S3 S5 S7", engine.West},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := signalBoard(t, tc.play).View(tc.seat)
			p := refbot.Expert.Params()
			p.Worlds, p.Nodes, p.ClockCap = 8, 400_000, time.Hour
			var cards [2]engine.Card
			var stats [2]cardplay.SearchStats
			for i := range cards {
				c, st, err := cardplay.SearchCard(context.Background(), &v, bidding.NewSystem().Soft(&v), p, cardplay.NewDDSSolver(), cardplay.DecisionSeed(5, 1, v.Play.Turn(), v.Play.Len()))
				require.NoError(t, err)
				st.Elapsed = 0
				cards[i], stats[i] = c, st
			}
			assert.Equal(t, cards[0], cards[1])
			assert.Equal(t, stats[0], stats[1])
		})
	}
}

// TestSignalsAtHardAndExpertOnly: easy and medium do not signal.
func TestSignalsAtHardAndExpertOnly(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		level refbot.Level
		want  bool
	}{{refbot.Easy, false}, {refbot.Medium, false}, {refbot.Hard, true}, {refbot.Expert, true}} {
		assert.Equal(t, tc.want, tc.level.Params().Signals, tc.level.String())
	}
}

// mustCard parses one card.
func mustCard(t *testing.T, s string) engine.Card {
	t.Helper()
	c, err := engine.ParseCard(s)
	require.NoError(t, err)
	return c
}
