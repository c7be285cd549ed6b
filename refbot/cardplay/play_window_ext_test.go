package cardplay_test

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/dds"
	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/internal/lab"
	"github.com/openroom/openroom/internal/lab/boardtest"
	"github.com/openroom/openroom/internal/lab/brute"
	"github.com/openroom/openroom/refbot"
	"github.com/openroom/openroom/refbot/bidding"
	"github.com/openroom/openroom/refbot/cardplay"
)

// flatCostSolver is the brute-force solver charged a fixed number of nodes
// per position, so that tests can predict where the node limit stops.
type flatCostSolver struct {
	inner brute.Solver
	cost  uint64
	nodes uint64
}

func (f *flatCostSolver) CardValues(p *cardplay.Position, dst []dds.CardValue) ([]dds.CardValue, error) {
	f.nodes += f.cost
	return f.inner.CardValues(p, dst)
}

func (f *flatCostSolver) Nodes() uint64 { return f.nodes }

// limitView is the view the tests of the search's limits decide from:
// a seeded board played at random to a card with a real choice.
func limitView(t *testing.T) engine.View {
	t.Helper()
	b := boardtest.OpenedBoard(t, "node-limit", 4, 3, engine.NoTrump)
	boardtest.PlayRandom(t, b, rand.New(rand.NewPCG(4, 4)), 36)
	actor, _ := b.Actor()
	return b.View(actor)
}

// TestSearchNodeLimitStopsBeforeTheNextWorld checks the deterministic work
// limit: a world is started only while the nodes spent plus the mean cost
// of a world so far fit in Nodes, and the same seed gives the same card,
// worlds and nodes.
func TestSearchNodeLimitStopsBeforeTheNextWorld(t *testing.T) {
	t.Parallel()
	v := limitView(t)
	for _, tc := range []struct {
		nodes uint64
		want  int
	}{{4_500, 4}, {5_000, 5}, {999, 1}, {0, 20}, {1 << 30, 20}} {
		p := testParams()
		p.Worlds, p.ExactTricks, p.Nodes, p.ClockCap = 20, 0, tc.nodes, time.Hour
		seed := cardplay.DecisionSeed(9, 4, v.Play.Turn(), v.Play.Len())
		c, st, err := cardplay.SearchCard(context.Background(), &v, bidding.SoftFacts{}, p, &flatCostSolver{cost: 1000}, seed)
		require.NoError(t, err)
		require.False(t, st.Trivial, "the test position needs a choice")
		assert.Equal(t, tc.want, st.Worlds, "limit %d", tc.nodes)
		assert.Equal(t, uint64(tc.want)*1000, st.Nodes)
		assert.False(t, st.Capped)
		again, st2, err := cardplay.SearchCard(context.Background(), &v, bidding.SoftFacts{}, p, &flatCostSolver{cost: 1000}, seed)
		require.NoError(t, err)
		assert.Equal(t, c, again, "deterministic card")
		assert.Equal(t, st.Worlds, st2.Worlds)
	}
}

// fakeClock is a search's clock that only the solver moves: each world
// takes tick, so that tests can predict where the clock cap stops.
type fakeClock struct {
	t    time.Time
	tick time.Duration
}

func (c *fakeClock) now() time.Time { return c.t }

// tickingSolver is the brute-force solver on a fake clock.
type tickingSolver struct {
	brute.Solver
	clock *fakeClock
}

func (s *tickingSolver) CardValues(p *cardplay.Position, dst []dds.CardValue) ([]dds.CardValue, error) {
	s.clock.t = s.clock.t.Add(s.clock.tick)
	return s.Solver.CardValues(p, dst)
}

// TestSearchClockCapIsASafetyNet checks the clock cap: however slow the
// clock says the worlds were, it changes nothing until the cap has passed
// (the counts alone decide), and then no further world is started and the
// search says it was capped.
func TestSearchClockCapIsASafetyNet(t *testing.T) {
	t.Parallel()
	v := limitView(t)
	for _, tc := range []struct {
		name   string
		cap    time.Duration
		tick   time.Duration
		want   int
		capped bool
	}{
		{"no cap, an hour a world", 0, time.Hour, 20, false},
		{"cap far off", time.Second, 30 * time.Millisecond, 20, false},
		{"cap passed after the fourth world", 100 * time.Millisecond, 30 * time.Millisecond, 4, true},
		{"cap passed after the first world", 10 * time.Millisecond, 30 * time.Millisecond, 1, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := testParams()
			p.Worlds, p.ExactTricks, p.Nodes, p.ClockCap = 20, 0, 0, tc.cap
			clock := &fakeClock{t: time.Unix(0, 0), tick: tc.tick}
			seed := cardplay.DecisionSeed(9, 4, v.Play.Turn(), v.Play.Len())
			_, st, err := cardplay.SearchCardAt(context.Background(), &v, bidding.SoftFacts{}, p, &tickingSolver{clock: clock}, seed, clock.now)
			require.NoError(t, err)
			require.False(t, st.Trivial, "the test position needs a choice")
			assert.Equal(t, tc.want, st.Worlds)
			assert.Equal(t, tc.capped, st.Capped)
			assert.Equal(t, time.Duration(tc.want)*clock.tick, st.Elapsed)
		})
	}
}

// BenchmarkWorldCost measures what one sampled world costs the solver at
// each point of the play, the figure the level table's search windows and
// node limits are sized from: boards with the simple contract are played
// by the heuristic up to the point, and every world sampled for the
// player's decision there is valued double dummy (every legal card). It
// reports the time per world (mean, median, 95th percentile, slowest) and
// the solver's nodes per millisecond, with a table of its own for each
// world and (the -kept runs) with one table kept through the decision's
// worlds. Run it once:
// go test -run X -bench WorldCost -benchtime 1x -v ./refbot/
func BenchmarkWorldCost(b *testing.B) {
	const boards, worlds = 24, 16
	sys := bidding.NewSystem()
	for _, keep := range []bool{false, true} {
		for _, left := range []int{52, 48, 44, 40, 36, 32, 28} {
			name := "left" + itoa(left)
			if keep {
				if left < 36 {
					continue // too cheap a world to matter
				}
				name += "-kept" // the table kept through a decision's worlds, as SearchCard does
			}
			b.Run(name, func(b *testing.B) {
				for b.Loop() {
					var times []time.Duration
					var nodes uint64
					var total time.Duration
					s := cardplay.NewDDSSolver()
					for n := 1; n <= boards; n++ {
						bd := boardtest.ContractBoard(b, "world-cost", n)
						playHeuristic(b, bd, 52-left)
						actor, _ := bd.Actor()
						v := bd.View(actor)
						f, err := cardplay.FactsOf(&v, sys.Soft(&v))
						require.NoError(b, err)
						smp, err := cardplay.NewSampler(&f, cardplay.DecisionSeed(1, n, v.Play.Turn(), v.Play.Len()))
						require.NoError(b, err)
						ws, err := smp.Sample(worlds, 40)
						require.NoError(b, err)
						pos := cardplay.Position{Trump: f.Trump, Leader: f.Leader}
						pos.NTrick = copy(pos.Trick[:], f.Trick)
						var buf []dds.CardValue
						s.(*cardplay.DDSSolver).StartDecision(keep)
						for _, w := range ws {
							pos.Hands = w.Hands
							n0, t0 := s.Nodes(), time.Now()
							buf, err = s.CardValues(&pos, buf[:0])
							require.NoError(b, err)
							d := time.Since(t0)
							times, total, nodes = append(times, d), total+d, nodes+s.Nodes()-n0
						}
					}
					slices.Sort(times)
					ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
					mean := total / time.Duration(len(times))
					b.ReportMetric(ms(mean), "mean-ms/world")
					b.ReportMetric(ms(lab.Percentile(times, 0.95)), "p95-ms/world")
					b.ReportMetric(float64(nodes)/ms(total), "nodes/ms")
					b.Logf("%d cards left: %d worlds, per world mean %v p50 %v p95 %v max %v; %.0f nodes/world, %.0f nodes/ms",
						left, len(times), mean, lab.Percentile(times, 0.5), lab.Percentile(times, 0.95), times[len(times)-1],
						float64(nodes)/float64(len(times)), float64(nodes)/ms(total))
				}
			})
		}
	}
}

func itoa(n int) string { return string(rune('0'+n/10)) + string(rune('0'+n%10)) }

// BenchmarkLeadCost measures expert's searched opening lead
// (Params.forLead) over seeded boards bid by the system, with no node
// limit: the solver nodes and time per lead (mean, 95th percentile,
// slowest), so that the lead's node limit can be sized. Run it once:
// go test -run X -bench LeadCost -benchtime 1x -v ./refbot/
func BenchmarkLeadCost(b *testing.B) {
	const boards = 40
	sys := bidding.NewSystem()
	p := refbot.Expert.Params().ForLead()
	p.Nodes, p.ClockCap = 0, time.Hour
	for b.Loop() {
		var times []time.Duration
		var nodes []time.Duration // solver nodes per lead (as a Duration, to share percentile)
		var total time.Duration
		s := cardplay.NewDDSSolver()
		for n := 1; len(times) < boards; n++ {
			bd := boardtest.BidAuction(b, sys, n, engine.NewDealSource("lead-cost").Deal(n))
			c, _ := bd.Contract()
			if c.PassedOut() {
				continue
			}
			v := bd.View(c.Leader())
			t0 := time.Now()
			_, st, err := cardplay.SearchCard(context.Background(), &v, sys.Soft(&v), p, s, cardplay.DecisionSeed(1, n, c.Leader(), 0))
			require.NoError(b, err)
			times, nodes = append(times, time.Since(t0)), append(nodes, time.Duration(st.Nodes))
			total += time.Duration(st.Nodes)
		}
		b.Logf("%d leads, %d worlds each: nodes mean %d p95 %d max %d; time p50 %v p95 %v max %v",
			len(times), p.Worlds, int64(total)/int64(len(nodes)), lab.Percentile(nodes, 0.95), slices.Max(nodes),
			lab.Percentile(times, 0.5).Round(time.Millisecond), lab.Percentile(times, 0.95).Round(time.Millisecond), slices.Max(times).Round(time.Millisecond))
	}
}
