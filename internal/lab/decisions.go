package lab

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/openroom/openroom/dds"
	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/refbot"
	"github.com/openroom/openroom/refbot/bidding"
	"github.com/openroom/openroom/refbot/cardplay"
)

// variant is one of the settings MeasureDecisions compares.
type variant struct {
	name   string
	params cardplay.Params
	oracle oracle // an information-value experiment, or none
}

// decisionVariants are the settings MeasureDecisions compares,
// the first (expert as it is) the paired base.
func decisionVariants() []variant {
	base := refbot.Expert.Params()
	w128 := base
	w128.Worlds, w128.Nodes = 128, 2*base.Nodes
	att800 := base
	att800.Attempts = 800
	half := base
	half.Worlds, half.Nodes = 32, base.Nodes/2
	makeFirst := base
	makeFirst.IMPs = false
	noCheck := base
	noCheck.PlayCheck = 0
	check4 := base
	check4.PlayCheck = 4
	check16 := base
	check16.PlayCheck = 16
	nodes3 := base
	nodes3.Nodes = 3 * base.Nodes
	noCheck3 := nodes3
	noCheck3.PlayCheck = 0
	noCarding := base
	noCarding.ReadCarding = cardplay.ReadNobody
	cardingAll := base
	cardingAll.ReadCarding = cardplay.ReadAll
	return []variant{
		{"expert", base, ""},
		{"expert-nocarding", noCarding, ""},
		{"expert-carding-all", cardingAll, ""},
		{"expert-nocheck", noCheck, ""},
		{"expert-nodes3x", nodes3, ""},
		{"expert-nocheck-nodes3x", noCheck3, ""},
		{"expert-check4", check4, ""},
		{"expert-check16", check16, ""},
		{"expert-w128-2x", w128, ""},
		{"expert-w32-half", half, ""},
		{"expert-att800", att800, ""},
		{"expert-make-first", makeFirst, ""},
		{"oracle-shape", base, oracleShape},
		{"oracle-lead-suit", base, oracleLeadSuit},
		{"oracle-lead-length", base, oracleLeadLength},
		{"oracle-lead-parity", base, oracleLeadParity},
		{"oracle-parity", base, oracleParity},
		{"oracle-hcp", base, oracleHCP},
	}
}

// DecisionsConfig says what MeasureDecisions measures.
type DecisionsConfig struct {
	Replay   string // the per-board TSV of a play measurement (REFBOT_MEASURE_PERBOARD)
	Declarer bool   // declarer's decisions, not the defence's
	AllCards bool   // every card from the second of trick 1 to trick 8, not only the leads of tricks 2-8
	Variants string // the variants measured beside the base, comma-separated ("" for all)
}

// MeasureDecisions replays the boards of a per-board TSV of the play
// measurement and, at every decision of the kind chosen, asks each variant
// of decisionVariants for its card from that seat's view alone, then values
// the card double dummy on the real deal: the tricks it loses against the
// best card there. The rest of the play stays the recorded one, so two
// variants differ only where their cards differ, which makes a paired
// comparison far tighter than replaying whole boards (it does not see what
// a different card changes later). The clock cap is lifted.
func MeasureDecisions(w io.Writer, c DecisionsConfig) error {
	boards, err := readReplay(c.Replay)
	if err != nil {
		return err
	}
	defence := !c.Declarer
	leadsOnly := !c.AllCards
	variants := firstAndNamed(decisionVariants(), c.Variants, func(v variant) string { return v.name })
	ds, err := replayDecisions(boards, defence, leadsOnly)
	if err != nil {
		return err
	}
	kind := map[bool]string{true: "defence", false: "declarer"}[defence] + ", " +
		map[bool]string{true: "leads of tricks 2-8", false: "cards to trick 8"}[leadsOnly]
	sys := bidding.NewSystem()
	var base []float64 // the base's loss at each decision
	for vi, variant := range variants {
		t, err := askVariant(variant, ds, boards, sys)
		if err != nil {
			return err
		}
		if vi == 0 {
			base = t.loss
		} else {
			t.pair(base, ds, len(boards))
		}
		t.report(w, variant.name, kind, variants[0].name, len(ds), len(boards))
	}
	return nil
}

// replayedDecision is a position of a replayed board where a variant is
// asked for its card, with the value of every legal card there on the
// real deal.
type replayedDecision struct {
	board int // index into the boards replayed
	index int // the card's index in the play
	view  engine.View
	vals  map[engine.Card]int
	best  int
}

// replayDecisions replays the boards and returns their positions of the
// kind chosen (the defence's or declarer's, leads of tricks 2-8 or every
// card from the second of trick 1 to trick 8, none with a trivial choice),
// each valued on the real deal once for all the variants.
func replayDecisions(boards []replayBoard, defence, leadsOnly bool) ([]replayedDecision, error) {
	var ds []replayedDecision
	real := dds.NewSolver()
	for bi, rb := range boards {
		deal := engine.NewDealSource("measure-levels").Deal(rb.n)
		bd, err := auctionBoard(rb.n, deal, rb.calls)
		if err != nil {
			return nil, err
		}
		contract, _ := bd.Contract()
		for i, card := range rb.cards {
			if i >= 32 {
				break
			}
			mover := bd.Play().Turn()
			ourSide := mover.Side() != contract.Declarer.Side()
			if !defence {
				ourSide = !ourSide
			}
			wanted := ourSide && i > 0 && (!leadsOnly || i%4 == 0)
			if wanted {
				v := bd.View(bd.Play().Actor())
				legal, _ := v.LegalCards()
				if _, trivial := cardplay.TrivialChoice(&v, legal); !trivial {
					vals, best, err := realValues(real, bd, deal)
					if err != nil {
						return nil, err
					}
					ds = append(ds, replayedDecision{board: bi, index: i, view: v, vals: vals, best: best})
				}
			}
			if err := bd.PlayCard(mover, card); err != nil {
				return nil, fmt.Errorf("board %d card %d: %w", rb.n, i, err)
			}
		}
	}
	return ds, nil
}

// variantTally is one variant's cards at the decisions: the tricks each
// lost, in all and by board, and the search's cost by trick group.
type variantTally struct {
	loss     []float64 // at each decision
	perBoard []float64 // by index of the boards replayed
	recorded int       // decisions where the variant chose the recorded card
	// The paired differences from the base's losses, by board, and at
	// how many decisions they differ (none for the base itself).
	pairs   []float64
	changed int
	// Worlds solved and nodes spent by trick group: 1-2, 3-4, 5-8.
	worlds, nodes, count [3]float64
}

// askVariant asks the variant for its card at every decision, with the
// clock cap lifted, and values it.
func askVariant(variant variant, ds []replayedDecision, boards []replayBoard, sys *bidding.System) (*variantTally, error) {
	params := variant.params
	params.ClockCap, params.LeadClockCap = time.Hour, time.Hour
	t := &variantTally{perBoard: make([]float64, len(boards))}
	for di := range ds {
		d := &ds[di]
		seat := d.view.Seat
		group := 0 // tricks 1-2
		switch trick := d.index/4 + 1; {
		case trick >= 5:
			group = 2
		case trick >= 3:
			group = 1
		}
		opts := []refbot.Option{refbot.WithParams(params), refbot.WithDecisionHook(func(dc refbot.Decision) {
			t.worlds[group] += float64(dc.Stats.Worlds)
			t.nodes[group] += float64(dc.Stats.Nodes)
			t.count[group]++
		})}
		if variant.oracle != "" {
			real := engine.NewDealSource("measure-levels").Deal(boards[d.board].n)
			opts = append(opts, refbot.WithInference(variant.oracle.inference(sys, real)))
		}
		bot := refbot.New(refbot.Expert, uint64(seat), opts...)
		card, err := bot.Card(context.Background(), &d.view)
		if err != nil {
			return nil, err
		}
		got, ok := d.vals[card]
		if !ok {
			return nil, fmt.Errorf("board %d card %d: %s is not legal", boards[d.board].n, d.index, card)
		}
		if card == boards[d.board].cards[d.index] {
			t.recorded++
		}
		lost := float64(d.best - got)
		t.loss = append(t.loss, lost)
		t.perBoard[d.board] += lost
	}
	return t, nil
}

// pair sets the variant's differences from the base's losses at the
// decisions ds, by board of the number replayed.
func (t *variantTally) pair(base []float64, ds []replayedDecision, boards int) {
	t.pairs = make([]float64, boards)
	for di, lost := range t.loss {
		t.pairs[ds[di].board] += lost - base[di]
		if lost != base[di] {
			t.changed++
		}
	}
}

// report writes the variant's cost and losses over its decisions, of the
// kind described, on the boards replayed, and its paired difference from
// the base.
func (t *variantTally) report(w io.Writer, name, kind, baseName string, decisions, boards int) {
	m, h := meanInterval(t.perBoard)
	dm, dh := meanInterval(t.pairs)
	var cost []string
	for g, group := range []string{"tricks 1-2", "tricks 3-4", "tricks 5-8"} {
		if t.count[g] > 0 {
			cost = append(cost, fmt.Sprintf("%s: %.0f decisions, %.1f worlds, %.0fk nodes", group, t.count[g], t.worlds[g]/t.count[g], t.nodes[g]/t.count[g]/1000))
		}
	}
	fmt.Fprintf(w, "%s: on average %s\n", name, strings.Join(cost, "; "))
	fmt.Fprintf(w, "%s: %d decisions on %d boards (%s); tricks lost vs DD at them %.3f ± %.3f a board; against %s, paired: %+.3f ± %.3f a board (%d decisions valued differently; the recorded card chosen at %d)\n",
		name, decisions, boards, kind, m, h, baseName, dm, dh, t.changed, t.recorded)
}
