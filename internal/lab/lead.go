package lab

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/openroom/openroom/dds"
	"github.com/openroom/openroom/engine"
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

// searchLeadSuits is searchLead choosing the suit only (cardplay.Params.LeadSuits).
func searchLeadSuits(worlds int, nodes uint64, target, suits bool) func(*engine.View, bidding.SoftFacts, [32]byte, cardplay.CardSolver) (engine.Card, error) {
	return searchLeadDraws(worlds, nodes, target, suits, refbot.Expert.Params().Attempts)
}

// searchLeadDraws is searchLeadSuits with attempts draws a wanted world
// (cardplay.Params.Attempts).
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

// LeadConfig says what MeasureLead measures.
type LeadConfig struct {
	First, Last int    // the seeded boards, First to Last
	Methods     string // the methods measured beside the heuristic, comma-separated ("" for all)
	// PerBoard, when not "", is a directory: one TSV a method is written
	// there (METHOD.tsv), a line a lead, to find the boards where the
	// methods differ: the board, the contract and its declarer, the
	// leader's hand, the auction, the lead, the tricks it lost and the
	// best leads on the real deal.
	PerBoard string
}

// leadMethods are the ways of choosing the opening lead MeasureLead
// compares, the heuristic first.
func leadMethods() []leadMethod {
	return []leadMethod{
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
}

// MeasureLead measures the opening lead alone: over the boards of the play
// measurement (seed measure-levels, SAYC-lite auctions), the tricks the
// defence loses against double dummy by its opening lead (the best lead's
// value on the real deal minus the chosen lead's), for the heuristic,
// heuristic rollouts and double-dummy searches over sampled worlds (exact
// values, or make-or-defeat only), with no clock cap (the node limits
// bind). Every method is paired against the heuristic and, from the third
// on, against the second too (list a change's base first).
func MeasureLead(w io.Writer, c LeadConfig) error {
	// The heuristic first (the paired base), then the methods named.
	methods := firstAndNamed(leadMethods(), c.Methods, func(m leadMethod) string { return m.name })
	sys := bidding.NewSystem()
	lbs, err := leadBoards(sys, c.First, c.Last)
	if err != nil {
		return err
	}
	if c.PerBoard != "" {
		if err := os.MkdirAll(c.PerBoard, 0o755); err != nil {
			return fmt.Errorf("measure-lead: %w", err)
		}
	}
	var first, second []float64 // the first two methods' losses, for paired differences
	for mi, m := range methods {
		loss, leads, spent, err := chooseLeads(m, lbs, sys)
		if err != nil {
			return err
		}
		if c.PerBoard != "" {
			if err := writeLeads(filepath.Join(c.PerBoard, m.name+".tsv"), lbs, leads, loss); err != nil {
				return fmt.Errorf("measure-lead: %w", err)
			}
		}
		switch mi {
		case 0:
			first = loss
		case 1:
			second = loss
		}
		mean, half := meanInterval(loss)
		var dm, dh float64
		if mi > 0 {
			dm, dh = pairedAgainst(loss, first)
		}
		fmt.Fprintf(w, "%s: %d leads, tricks lost vs DD by the opening lead %.3f ± %.3f a board (95%% CI; against %s, paired: %+.3f ± %.3f); %v a lead choosing (busy machine)\n",
			m.name, len(loss), mean, half, methods[0].name, dm, dh, (spent / time.Duration(max(len(loss), 1))).Round(time.Millisecond))
		if mi > 1 {
			// Against the second method too: the one a change is measured against.
			m2, h2 := pairedAgainst(loss, second)
			fmt.Fprintf(w, "%s: against %s, paired: %+.3f ± %.3f\n", m.name, methods[1].name, m2, h2)
		}
	}
	return nil
}

// leadBoard is a board MeasureLead measures: its leader's view and every
// lead's value on the real deal.
type leadBoard struct {
	n    int
	view engine.View
	vals map[engine.Card]int
	best int
}

// leadBoards bids the seeded boards first to last and returns those not
// passed out, each valued on the real deal once for all the methods.
func leadBoards(sys *bidding.System, first, last int) ([]leadBoard, error) {
	var lbs []leadBoard
	real := dds.NewSolver()
	for n := first; n <= last; n++ {
		bd, err := bidBoard(systemBidder(sys), n, engine.NewDealSource("measure-levels").Deal(n))
		if err != nil {
			return nil, err
		}
		ct, _ := bd.Contract()
		if ct.PassedOut() {
			continue
		}
		vals, best, err := realValues(real, bd, bd.Deal())
		if err != nil {
			return nil, err
		}
		lbs = append(lbs, leadBoard{n: n, view: bd.View(ct.Leader()), vals: vals, best: best})
	}
	return lbs, nil
}

// chooseLeads has the method choose the lead on every board and returns
// the tricks each lead lost, the leads and the time spent choosing them
// all.
func chooseLeads(m leadMethod, lbs []leadBoard, sys *bidding.System) ([]float64, []engine.Card, time.Duration, error) {
	sv := cardplay.NewDDSSolver()
	var loss []float64
	var leads []engine.Card
	var spent time.Duration
	for i := range lbs {
		lb := &lbs[i]
		v := lb.view
		leader := v.Seat
		seed := cardplay.DecisionSeed(uint64(leader), lb.n, leader, 0)
		t0 := time.Now()
		lead, err := m.choose(&v, sys.Soft(&v), seed, sv)
		spent += time.Since(t0)
		if err != nil {
			return nil, nil, 0, fmt.Errorf("%s: board %d: %w", m.name, lb.n, err)
		}
		got, ok := lb.vals[lead]
		if !ok {
			return nil, nil, 0, fmt.Errorf("%s: board %d: lead %s is not legal", m.name, lb.n, lead)
		}
		loss = append(loss, float64(lb.best-got))
		leads = append(leads, lead)
	}
	return loss, leads, spent, nil
}

// writeLeads writes a method's leads to path, a line a board
// (LeadConfig.PerBoard): the board, the contract and declarer, the
// leader's hand, the auction (as the auctions files write it), the lead,
// the tricks it lost and the leads that lose none, tab-separated.
func writeLeads(path string, lbs []leadBoard, leads []engine.Card, loss []float64) error {
	var b strings.Builder
	b.WriteString("board\tcontract\thand\tauction\tlead\tlost\tbest\n")
	for i := range lbs {
		lb := &lbs[i]
		var best []string
		for c, t := range lb.vals {
			if t == lb.best {
				best = append(best, c.String())
			}
		}
		slices.Sort(best)
		fmt.Fprintf(&b, "%d\t%s %s\t%s\t%s\t%s\t%g\t%s\n", lb.n, lb.view.Contract, lb.view.Contract.Declarer.Name(),
			lb.view.Hand, keyCalls(&lb.view.Auction), leads[i], loss[i], strings.Join(best, " "))
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

// pairedAgainst returns the mean and 95% half-interval of the paired
// differences of the losses against an earlier method's on the same
// boards.
func pairedAgainst(loss, base []float64) (mean, half float64) {
	d := make([]float64, len(loss))
	for i := range loss {
		d[i] = loss[i] - base[i]
	}
	return meanInterval(d)
}

// realValues values every legal card of the board's current position
// double dummy on the real deal (post-game analysis, never a bot's): the
// tricks the mover's side takes from here with each card, and the best.
func realValues(sv *dds.Solver, bd *engine.Board, deal engine.Deal) (map[engine.Card]int, int, error) {
	p := bd.Play()
	var hands engine.Deal
	for s := range hands {
		hands[s] = deal[s] &^ p.Played()
	}
	pos, err := dds.NewPosition(hands, p.Trump(), p.Leader(), p.CurrentTrick()...)
	if err != nil {
		return nil, 0, err
	}
	vals, err := sv.SolveAll(&pos, nil)
	if err != nil {
		return nil, 0, fmt.Errorf("board %d: %w", bd.Number(), err)
	}
	m := map[engine.Card]int{}
	best := 0
	for _, cv := range vals {
		m[cv.Card] = cv.Tricks
		best = max(best, cv.Tricks)
	}
	return m, best, nil
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
