package refbot

import (
	"context"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/dds"
	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/internal/lab/boardtest"
	"github.com/openroom/openroom/internal/lab/brute"
	"github.com/openroom/openroom/refbot/bidding"
	"github.com/openroom/openroom/refbot/cardplay"
)

// searchedView returns the view of the seat to play on a seeded board
// after at least cards random cards, at the first card with a choice to
// make.
func searchedView(t *testing.T, board, cards int) engine.View {
	t.Helper()
	b := boardtest.OpenedBoard(t, "determinism", board, 1+board%4, engine.Strain(board%5))
	rng := rand.New(rand.NewPCG(uint64(board), 7))
	boardtest.PlayRandom(t, b, rng, cards)
	for {
		actor, _ := b.Actor()
		v := b.View(actor)
		legal, _ := v.LegalCards()
		if _, trivial := cardplay.TrivialChoice(&v, legal); !trivial {
			return v
		}
		boardtest.PlayRandom(t, b, rng, 1)
	}
}

// TestSearchIsPureOfSolverHistory checks that the solver's transposition
// table, kept through a decision's worlds, never carries anything from one
// decision to the next: a decision searched on a solver that has just
// searched other boards spends the same nodes on the same worlds, and
// chooses the same card, as on a new solver. Were it not so, the node
// limit would stop at another world depending on what the bot (or another
// seat sharing its solver) had searched before.
func TestSearchIsPureOfSolverHistory(t *testing.T) {
	t.Parallel()
	p := Hard.Params()
	p.Nodes, p.ClockCap, p.PlayCheck = 150_000, 0, 4
	search := func(s cardplay.CardSolver, v engine.View) (engine.Card, cardplay.SearchStats) {
		seed := cardplay.DecisionSeed(5, v.Number, v.Play.Turn(), v.Play.Len())
		c, st, err := cardplay.SearchCard(context.Background(), &v, bidding.SoftFacts{}, p, s, seed)
		require.NoError(t, err)
		st.Elapsed = 0
		return c, st
	}
	for _, board := range []int{1, 2} {
		v := searchedView(t, board, 17)
		fresh, freshSt := search(cardplay.NewDDSSolver(), v)
		require.False(t, freshSt.Trivial, "board %d: the position needs a choice", board)
		used := cardplay.NewDDSSolver()
		for other := 3; other <= 5; other++ {
			search(used, searchedView(t, other, 13+other))
		}
		c, st := search(used, v)
		assert.Equal(t, fresh, c, "board %d", board)
		assert.Equal(t, freshSt, st, "board %d: worlds and nodes", board)
	}
}

// sleepySolver is the brute-force solver taking wall time for each world.
type sleepySolver struct {
	brute.Solver
	sleep time.Duration
}

func (s *sleepySolver) CardValues(p *cardplay.Position, dst []dds.CardValue) ([]dds.CardValue, error) {
	time.Sleep(s.sleep)
	return s.Solver.CardValues(p, dst)
}

// TestBotReportsTheClockCap checks the safety net: when the clock binds, a
// legal card still comes back, the decision says the clock shaped it, and
// the bot counts it for the board (TakeClockCapped) until taken; a search
// abandoned at the hard limit, and the decision skipped because it still
// runs, count too.
func TestBotReportsTheClockCap(t *testing.T) {
	t.Parallel()
	v := searchedView(t, 3, 36)
	for _, tc := range []struct {
		name      string
		sleep     time.Duration
		cap       time.Duration
		decisions int
		fallbacks []string
	}{
		{"cap passed between worlds", 5 * time.Millisecond, time.Millisecond, 1, []string{""}},
		{"abandoned at the hard limit, then still running", 600 * time.Millisecond, time.Millisecond, 2,
			[]string{"heuristic", "heuristic (previous search still running)"}},
		{"no cap", 5 * time.Millisecond, 0, 1, []string{""}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var mu sync.Mutex
			var got []Decision
			p := testParams()
			p.Worlds, p.ExactTricks, p.Nodes, p.ClockCap = 4, 0, 0, tc.cap
			bot := New(Hard, 1, WithParams(p), withSolver(func() cardplay.CardSolver { return &sleepySolver{sleep: tc.sleep} }),
				WithDecisionHook(func(d Decision) { mu.Lock(); got = append(got, d); mu.Unlock() }))
			legal, _ := v.LegalCards()
			for range tc.decisions {
				c, err := bot.Card(context.Background(), &v)
				require.NoError(t, err)
				assert.True(t, legal.Has(c), "a legal card")
			}
			mu.Lock()
			defer mu.Unlock()
			require.Len(t, got, tc.decisions)
			want := 0
			for i, d := range got {
				assert.Equal(t, tc.fallbacks[i], d.Fallback, "decision %d", i)
				assert.Equal(t, tc.cap > 0, d.ClockCapped, "decision %d", i)
				if tc.cap > 0 {
					want++
				}
			}
			assert.Equal(t, 0, bot.TakeClockCapped(v.Number+1), "another board")
			assert.Equal(t, want, bot.TakeClockCapped(v.Number))
			assert.Equal(t, 0, bot.TakeClockCapped(v.Number), "taken")
			require.Eventually(t, func() bool { return !bot.busy() }, 10*time.Second, 10*time.Millisecond, "the abandoned search ends")
		})
	}
}
