package lab

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/dds"
	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/internal/lab/boardtest"
	"github.com/openroom/openroom/refbot"
	"github.com/openroom/openroom/refbot/bidding"
	"github.com/openroom/openroom/refbot/cardplay"
)

// leadMethod chooses an opening lead from the leader's view.
type leadMethod struct {
	name   string
	choose func(v *engine.View, soft bidding.SoftFacts, seed [32]byte, sv cardplay.CardSolver) (engine.Card, error)
}

// searchLead is a lead chosen by SearchCard with a level's settings and
// the given worlds, node limit and make-or-defeat switch.
func searchLead(worlds int, nodes uint64, target bool) func(*engine.View, bidding.SoftFacts, [32]byte, cardplay.CardSolver) (engine.Card, error) {
	return searchLeadSuits(worlds, nodes, target, false)
}

// searchLeadSuits is searchLead choosing the suit only (LevelParams.LeadSuits).
func searchLeadSuits(worlds int, nodes uint64, target, suits bool) func(*engine.View, bidding.SoftFacts, [32]byte, cardplay.CardSolver) (engine.Card, error) {
	return searchLeadDraws(worlds, nodes, target, suits, refbot.Expert.Params().Attempts)
}

// searchLeadDraws is searchLeadSuits with attempts draws a wanted world
// (LevelParams.Attempts).
func searchLeadDraws(worlds int, nodes uint64, target, suits bool, attempts int) func(*engine.View, bidding.SoftFacts, [32]byte, cardplay.CardSolver) (engine.Card, error) {
	return func(v *engine.View, soft bidding.SoftFacts, seed [32]byte, sv cardplay.CardSolver) (engine.Card, error) {
		p := refbot.Expert.Params()
		p.Worlds, p.Nodes, p.ClockCap, p.TargetCards, p.LeadSuits, p.Attempts = worlds, nodes, time.Hour, 0, suits, attempts
		if target {
			p.TargetCards = 52
		}
		c, _, err := cardplay.SearchCard(context.Background(), v, soft, p, sv, seed)
		return c, err
	}
}

// BenchmarkMeasureLead measures the opening lead alone: over the boards of
// BenchmarkMeasureLevels (seed measure-levels, SAYC-lite auctions), the
// tricks the defence loses against double dummy by its opening lead (the
// best lead's value on the real deal minus the chosen lead's), for the
// heuristic, heuristic rollouts and double-dummy searches over sampled
// worlds (exact values, or make-or-defeat only), with no time budget (the
// node limits bind). Run it once:
// go test -run X -bench MeasureLead -benchtime 1x -v ./internal/lab/
// (REFBOT_MEASURE_BOARDS=n plays n boards instead of 200, REFBOT_MEASURE_FIRST=k
// starts at board k, REFBOT_LEAD_METHODS=a,b measures the heuristic and the
// methods named only). Every method is paired against the heuristic and,
// from the third on, against the second too (list a change's base first).
func BenchmarkMeasureLead(b *testing.B) {
	boards := measureBoards(200)
	methods := []leadMethod{
		{"heuristic", func(v *engine.View, _ bidding.SoftFacts, _ [32]byte, _ cardplay.CardSolver) (engine.Card, error) {
			return cardplay.Heuristic(v)
		}},
		{"rollouts-64", func(v *engine.View, soft bidding.SoftFacts, seed [32]byte, _ cardplay.CardSolver) (engine.Card, error) {
			c, _, err := cardplay.LeadByRollouts(v, soft, 64, seed)
			return c, err
		}},
		{"search-exact-1.2M", searchLead(64, 1_200_000, false)},
		{"search-target-1.2M", searchLead(64, 1_200_000, true)},
		{"search-target-3M", searchLead(64, 3_000_000, true)},
		{"search-exact-32w", searchLead(32, 1<<40, false)},
		{"search-target-48w", searchLead(48, 1<<40, true)},
		{"search-target-96w", searchLead(96, 1<<40, true)},
		{"suits-target-48w", searchLeadSuits(48, 1<<40, true, true)},
		{"suits-target-96w", searchLeadSuits(96, 1<<40, true, true)},
		{"suits-target-48w-4M", searchLeadSuits(48, 4_000_000, true, true)},
		{"suits-target-24w", searchLeadSuits(24, 1<<40, true, true)},
		{"suits-exact-24w", searchLeadSuits(24, 1<<40, false, true)},
		{"suits-exact-48w", searchLeadSuits(48, 1<<40, false, true)},
		{"suits-exact-48w-4M", searchLeadSuits(48, 4_000_000, false, true)},
		{"suits-exact-64w-4M", searchLeadSuits(64, 4_000_000, false, true)},
		{"suits-target-48w-4M-att200", searchLeadDraws(48, 4_000_000, true, true, 200)},
		{"suits-target-48w-4M-att800", searchLeadDraws(48, 4_000_000, true, true, 800)},
	}
	// The heuristic first (the paired base), then the methods named.
	methods = firstAndNamed(methods, os.Getenv("REFBOT_LEAD_METHODS"), func(m leadMethod) string { return m.name })
	sys := bidding.NewSystem()
	// The boards, their leaders' views and every lead's value on the real
	// deal, computed once for all the methods.
	type leadBoard struct {
		n    int
		view engine.View
		vals map[engine.Card]int
		best int
	}
	var lbs []leadBoard
	real := dds.NewSolver()
	for n := measureFirst(); n <= boards; n++ {
		bd := boardtest.BidAuction(b, sys, n, engine.NewDealSource("measure-levels").Deal(n))
		c, _ := bd.Contract()
		if c.PassedOut() {
			continue
		}
		vals, best := realValues(b, real, bd, bd.Deal())
		lbs = append(lbs, leadBoard{n: n, view: bd.View(c.Leader()), vals: vals, best: best})
	}
	var first, second []float64 // the first two methods' losses, for paired differences
	for mi, m := range methods {
		b.Run(m.name, func(b *testing.B) {
			for b.Loop() {
				sv := cardplay.NewDDSSolver()
				var loss []float64
				var spent time.Duration
				for i := range lbs {
					lb := &lbs[i]
					v := lb.view
					leader := v.Seat
					seed := cardplay.DecisionSeed(uint64(leader), lb.n, leader, 0)
					t0 := time.Now()
					lead, err := m.choose(&v, sys.Soft(&v), seed, sv)
					spent += time.Since(t0)
					require.NoError(b, err)
					got, ok := lb.vals[lead]
					require.True(b, ok, "board %d: lead %s is not legal", lb.n, lead)
					loss = append(loss, float64(lb.best-got))
				}
				switch mi {
				case 0:
					first = loss
				case 1:
					second = loss
				}
				// The paired differences against an earlier method's losses.
				against := func(base []float64) (mean, half float64) {
					d := make([]float64, len(loss))
					for i := range loss {
						d[i] = loss[i] - base[i]
					}
					return meanCI(d)
				}
				mean, half := meanCI(loss)
				var dm, dh float64
				if mi > 0 {
					dm, dh = against(first)
				}
				b.ReportMetric(mean, "lead-loss/board")
				b.Logf("%s: %d leads, tricks lost vs DD by the opening lead %.3f ± %.3f a board (95%% CI; against %s, paired: %+.3f ± %.3f); %v a lead choosing (busy machine)",
					m.name, len(loss), mean, half, methods[0].name, dm, dh, (spent / time.Duration(max(len(loss), 1))).Round(time.Millisecond))
				if mi > 1 {
					// Against the second method too: the one a change is measured against.
					m2, h2 := against(second)
					b.Logf("%s: against %s, paired: %+.3f ± %.3f", m.name, methods[1].name, m2, h2)
				}
			}
		})
	}
}
