package refbot

import (
	"context"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/internal/lab/boardtest"
	"github.com/openroom/openroom/internal/lab/brute"
	"github.com/openroom/openroom/player"
	"github.com/openroom/openroom/refbot/bidding"
	"github.com/openroom/openroom/refbot/cardplay"
)

// testParams are search settings small enough for the brute-force solver.
func testParams() LevelParams {
	p := Hard.Params()
	p.Worlds, p.Nodes, p.SearchCards = 6, 200_000, 0
	p.ClockCap = 10 * time.Second // only the deterministic limits bind, even under -race
	return p
}

func testSolver() cardplay.CardSolver { return &brute.Solver{MaxNodes: 60_000} }

// recorder wraps a player and keeps a copy of every view it was given.
type recorder struct {
	player.Player
	mu    sync.Mutex
	views []engine.View
}

func (r *recorder) Call(ctx context.Context, v *engine.View) (engine.Call, string, error) {
	r.mu.Lock()
	r.views = append(r.views, *v)
	r.mu.Unlock()
	return r.Player.Call(ctx, v)
}

func (r *recorder) Card(ctx context.Context, v *engine.View) (engine.Card, error) {
	r.mu.Lock()
	r.views = append(r.views, *v)
	r.mu.Unlock()
	return r.Player.Card(ctx, v)
}

// playOut plays the board's cards with bots of the given levels and
// returns the cards played.
func playOut(t *testing.T, b *engine.Board, levels [4]Level, seed uint64, wrap func(engine.Seat, player.Player) player.Player) []engine.Card {
	t.Helper()
	var players [4]player.Player
	for s := range players {
		var p player.Player = New(levels[s], seed+uint64(s), withSolver(testSolver), WithParams(withSearch(levels[s])))
		if wrap != nil {
			p = wrap(engine.Seat(s), p)
		}
		players[s] = p
	}
	require.NoError(t, player.PlayBoard(context.Background(), b, players))
	return append([]engine.Card(nil), b.Play().Cards()...)
}

// withSearch gives search levels the small test settings.
func withSearch(l Level) LevelParams {
	if l == Easy {
		return l.Params()
	}
	return testParams()
}

func TestBotPlaysWholeBoardsLegally(t *testing.T) {
	t.Parallel()
	for board := 1; board <= 4; board++ {
		b := boardtest.OpenedBoard(t, "bot-legal", board, 1+board%6, engine.Strain(board%5))
		cards := playOut(t, b, [4]Level{Expert, Easy, Hard, Medium}, 3, nil)
		assert.Len(t, cards, 52)
		assert.Equal(t, engine.PhaseDone, b.Phase())
	}
}

func TestBotIsDeterministic(t *testing.T) {
	t.Parallel()
	run := func() []engine.Card {
		b := boardtest.OpenedBoard(t, "bot-det", 9, 4, engine.StrainSpades)
		return playOut(t, b, [4]Level{Hard, Hard, Hard, Hard}, 42, nil)
	}
	assert.Equal(t, run(), run())
}

// TestBotSeesNoHiddenCard checks every view a bot was given: it holds the
// seat's own 13 cards, dummy's cards only after the opening lead (and never
// as dummy), and no other hand.
func TestBotSeesNoHiddenCard(t *testing.T) {
	t.Parallel()
	b := boardtest.OpenedBoard(t, "bot-views", 2, 3, engine.NoTrump)
	deal := b.Deal()
	contract, _ := b.Contract()
	var recs [4]*recorder
	playOut(t, b, [4]Level{Expert, Expert, Expert, Expert}, 1, func(s engine.Seat, p player.Player) player.Player {
		recs[s] = &recorder{Player: p}
		return recs[s]
	})
	total := 0
	for s, r := range recs {
		seat := engine.Seat(s)
		for _, v := range r.views {
			total++
			require.Equal(t, seat, v.Seat)
			require.Equal(t, deal[seat], v.Hand, "own cards only")
			if v.DummyVisible {
				require.NotEqual(t, contract.Dummy(), seat)
				require.Positive(t, v.Play.Len(), "dummy is shown only after the opening lead")
				require.Equal(t, deal[contract.Dummy()], v.Dummy)
			} else {
				require.Zero(t, v.Dummy)
			}
		}
	}
	assert.Equal(t, 52, total, "one view per card (dummy's cards asked of declarer)")
	assert.Empty(t, recs[contract.Dummy()].views, "dummy decides nothing")
}

func TestBotCallIsLegal(t *testing.T) {
	t.Parallel()
	bot := New(Expert, 1, withBidder(func(*engine.View) (engine.Call, string) { return engine.Redouble, "" }))
	b := engine.NewBoard(1, engine.NewDealSource("call").Deal(1))
	v := b.View(engine.North)
	c, _, err := bot.Call(context.Background(), &v)
	require.NoError(t, err)
	assert.Equal(t, engine.Pass, c, "an illegal choice becomes a pass")
	v = b.View(engine.East)
	_, _, err = bot.Call(context.Background(), &v)
	assert.Error(t, err, "not East's turn")
}

func TestBotFallsBackWhenSearchFails(t *testing.T) {
	t.Parallel()
	var got []Decision
	bot := New(Expert, 1, withSolver(func() cardplay.CardSolver { return &brute.Solver{MaxNodes: 1} }), WithParams(testParams()),
		WithDecisionHook(func(d Decision) { got = append(got, d) }))
	b := boardtest.OpenedBoard(t, "fallback", 3, 4, engine.StrainHearts)
	boardtest.PlayRandom(t, b, rand.New(rand.NewPCG(1, 1)), 1) // past the opening lead, which the heuristic makes
	actor, _ := b.Actor()
	v := b.View(actor)
	c, err := bot.Card(context.Background(), &v)
	require.NoError(t, err)
	assert.True(t, b.LegalCards().Has(c))
	require.Len(t, got, 1)
	assert.Equal(t, "heuristic", got[0].Fallback)
	want, err := cardplay.Heuristic(&v)
	require.NoError(t, err)
	assert.Equal(t, want, c)
}

// TestBotSearchesTheOpeningLeadWithItsOwnSettings checks that a level
// with LeadWorlds searches the opening lead, though its search window
// (SearchCards) starts later, with the lead's worlds; and that one
// without leads with the heuristic.
func TestBotSearchesTheOpeningLeadWithItsOwnSettings(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name       string
		leadWorlds int
		policy     string
	}{
		{"lead worlds", 3, "search"},
		{"no lead worlds", 0, "heuristic"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := testParams()
			p.SearchCards, p.LeadWorlds, p.LeadSuits, p.LeadNodes = 51, tc.leadWorlds, true, 1<<40
			var got []Decision
			bot := New(Expert, 1, WithParams(p), WithDecisionHook(func(d Decision) { got = append(got, d) }))
			b := boardtest.OpenedBoard(t, "lead-search", 2, 3, engine.NoTrump)
			c, _ := b.Contract()
			v := b.View(c.Leader())
			_, err := bot.Card(context.Background(), &v)
			require.NoError(t, err)
			require.Len(t, got, 1)
			assert.Equal(t, tc.policy, got[0].Policy)
			if tc.leadWorlds > 0 {
				assert.Equal(t, tc.leadWorlds, got[0].Stats.Worlds)
			}
		})
	}
}

// TestSearchExactEnding checks exact enumeration near the end: the chosen
// card is one with the best make count and trick total over every layout,
// computed here independently.
func TestSearchExactEnding(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(9, 9))
	checked := 0
	for board := 1; board <= 30; board++ {
		b := boardtest.OpenedBoard(t, "exact", board, 1+board%5, engine.Strain(board%5))
		boardtest.PlayRandom(t, b, rng, 36+rng.IntN(8))
		actor, _ := b.Actor()
		v := b.View(actor)
		legal, _ := v.LegalCards()
		if legal.Len() < 2 {
			continue
		}
		p := Hard.Params()
		p.ClockCap = time.Hour // the soft time cap binds on a loaded machine: test the deterministic limits
		c, st, err := cardplay.SearchCard(context.Background(), &v, bidding.SoftFacts{}, p, &brute.Solver{}, cardplay.DecisionSeed(1, board, actor, v.Play.Len()))
		require.NoError(t, err)
		if st.Trivial {
			continue
		}
		require.True(t, st.Exact)
		assert.Equal(t, st.Drawn, st.Worlds, "every layout solved")

		f, err := cardplay.FactsOf(&v, bidding.SoftFacts{})
		require.NoError(t, err)
		s, err := cardplay.NewSampler(&f, [32]byte{})
		require.NoError(t, err)
		ws, ok := s.Enumerate(1 << 20)
		require.True(t, ok)
		side := v.Play.Turn().Side()
		need := v.Contract.Level + 6
		if side != v.Contract.Declarer.Side() {
			need = 14 - need
		}
		makes, sums := map[engine.Card]int{}, map[engine.Card]int{}
		for _, w := range ws {
			pos := cardplay.Position{Hands: w.Hands, Trump: f.Trump, Leader: f.Leader}
			pos.NTrick = copy(pos.Trick[:], f.Trick)
			vals, err := (&brute.Solver{}).CardValues(&pos, nil)
			require.NoError(t, err)
			for _, cv := range vals {
				tot := v.Play.Tricks(side) + cv.Tricks
				if tot >= need {
					makes[cv.Card]++
				}
				sums[cv.Card] += tot
			}
		}
		for x := legal; x != 0; x &= x - 1 {
			o, _ := x.Lowest()
			better := makes[o] > makes[c] || (makes[o] == makes[c] && sums[o] > sums[c])
			assert.False(t, better, "board %d: %s is better than the chosen %s", board, o, c)
		}
		checked++
	}
	assert.Greater(t, checked, 10)
}

func TestParseLevel(t *testing.T) {
	t.Parallel()
	for _, l := range []Level{Easy, Medium, Hard, Expert} {
		got, err := ParseLevel(l.String())
		require.NoError(t, err)
		assert.Equal(t, l, got)
	}
	got, err := ParseLevel(" EXPERT ")
	require.NoError(t, err)
	assert.Equal(t, Expert, got)
	_, err = ParseLevel("grandmaster")
	assert.Error(t, err)
	_, err = NewBuiltin("nope", 1)
	assert.Error(t, err)
	bot, err := NewBuiltin("hard", 1)
	require.NoError(t, err)
	assert.Equal(t, Hard, bot.Level())
	assert.Equal(t, 32, Hard.Params().Worlds)
	assert.Equal(t, 64, Expert.Params().Worlds)
	assert.False(t, Easy.Params().Search)
}
