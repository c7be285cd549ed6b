// Package analysis judges a board after it is played: its double-dummy
// table, par, and the tricks each card lost against double dummy. It is the
// one place this is computed, for `tablemanager analyze`, the browser's
// page after each board and the live view's hand viewer.
package analysis

import (
	"fmt"

	"github.com/openroom/openroom/dds"
	"github.com/openroom/openroom/engine"
)

// Board is the analysis of one board. The typed fields are for Go callers;
// the JSON form (seats as "N", strains as "C D H S NT", cards as "SA") is
// what the browser pages read.
type Board struct {
	Table dds.TrickTable `json:"-"`
	Par   dds.Par        `json:"-"`

	Deal     string       `json:"deal"` // PBN deal string, from the dealer
	DD       SeatTable    `json:"dd"`   // tricks each declarer takes in each strain
	ParScore int          `json:"par_score_ns"`
	ParList  []string     `json:"par_contracts"` // e.g. "4S N", "5Hx E"; empty when par is a pass-out
	Makeable []string     `json:"makeable"`      // the highest contract each declarer makes in each strain, e.g. "4S N"
	Contract string       `json:"contract,omitempty"`
	Declarer string       `json:"declarer,omitempty"`
	DDTricks *int         `json:"dd_tricks,omitempty"` // declarer's double-dummy tricks in the contract's strain
	Cards    []CardResult `json:"cards,omitempty"`     // every card played, in order
	Lost     TricksLost   `json:"tricks_lost"`
}

// StrainTricks is one declarer's row of the table, in key order C D H S NT.
type StrainTricks struct {
	C  int `json:"C"`
	D  int `json:"D"`
	H  int `json:"H"`
	S  int `json:"S"`
	NT int `json:"NT"`
}

// SeatTable is the double-dummy table by declarer.
type SeatTable struct {
	N StrainTricks `json:"N"`
	E StrainTricks `json:"E"`
	S StrainTricks `json:"S"`
	W StrainTricks `json:"W"`
}

// CardResult is one card of the play and what it cost.
type CardResult struct {
	Seat string `json:"seat"` // who played it ("N" … "W")
	Card string `json:"card"` // e.g. "SA"
	// NSAfter is the number of tricks North-South take with double-dummy
	// play from after this card on (tricks already won included).
	NSAfter int `json:"ns_after"`
	// Lost is the number of tricks this card gave away against double
	// dummy (0 for a card as good as the best one).
	Lost int `json:"lost"`
}

// TricksLost counts each side's tricks lost against double dummy.
type TricksLost struct {
	NS int `json:"NS"`
	EW int `json:"EW"`
}

// Analyse analyses a board with sv: its table and par always, and when it
// has a contract with cards played, the cost of every card. The board may
// be unfinished (its cards so far are analysed). An error is about the
// play only: the table and par are filled whatever happens.
func Analyse(sv *dds.Solver, b *engine.Board) (*Board, error) {
	t, err := sv.Table(b.Deal())
	if err != nil {
		return nil, fmt.Errorf("analysis: board %d: %w", b.Number(), err)
	}
	return withTable(sv, b, &t)
}

// WithTable is Analyse for a board whose table is known already (computed
// in a batch by dds.CalcTables, say).
func WithTable(sv *dds.Solver, b *engine.Board, t *dds.TrickTable) (*Board, error) {
	return withTable(sv, b, t)
}

func withTable(sv *dds.Solver, b *engine.Board, t *dds.TrickTable) (*Board, error) {
	a := Table(b.Setup(), t)
	c, ok := b.Contract()
	if !ok || c.PassedOut() {
		return a, nil
	}
	a.Contract = c.String()
	a.Declarer = c.Declarer.String()
	dd := t[c.Strain][c.Declarer]
	a.DDTricks = &dd
	play := b.Play()
	cards := play.Cards()
	if len(cards) == 0 {
		return a, nil
	}
	ns, err := sv.AnalysePlay(b.Deal(), c.Strain, c.Leader(), cards)
	// ns has a figure before the first card and after each analysed one;
	// on error it stops at the refused card.
	for i := 0; i < len(cards) && i+1 < len(ns); i++ {
		seat := play.SeatOf(i)
		cr := CardResult{Seat: seat.String(), Card: cards[i].String(), NSAfter: ns[i+1]}
		switch d := ns[i] - ns[i+1]; {
		case seat.Side() == engine.NS && d > 0:
			cr.Lost = d
			a.Lost.NS += d
		case seat.Side() == engine.EW && d < 0:
			cr.Lost = -d
			a.Lost.EW -= d
		}
		a.Cards = append(a.Cards, cr)
	}
	if err != nil {
		return a, fmt.Errorf("analysis: board %d: %w", b.Number(), err)
	}
	return a, nil
}

// Table gives the part of the analysis that needs only the deal and its
// table: the table itself, par and the makeable contracts.
func Table(s engine.BoardSetup, t *dds.TrickTable) *Board {
	par := dds.ParOf(t, s.Dealer, s.Vul)
	list := par.ContractStrings()
	if list == nil {
		list = []string{}
	}
	a := &Board{Table: *t, Par: par, Deal: s.Deal.Format(s.Dealer), DD: SeatTableOf(t),
		ParScore: par.ScoreNS, ParList: list, Makeable: []string{}}
	for seat := engine.North; seat <= engine.West; seat++ {
		for st := engine.NoTrump; ; st-- {
			if n := t[st][seat]; n >= 7 {
				a.Makeable = append(a.Makeable, fmt.Sprintf("%d%s %s", n-6, st, seat))
			}
			if st == engine.StrainClubs {
				break
			}
		}
	}
	return a
}

// SeatTableOf lays a solver table out by declarer.
func SeatTableOf(t *dds.TrickTable) SeatTable {
	row := func(seat engine.Seat) StrainTricks {
		return StrainTricks{t[engine.StrainClubs][seat], t[engine.StrainDiamonds][seat],
			t[engine.StrainHearts][seat], t[engine.StrainSpades][seat], t[engine.NoTrump][seat]}
	}
	return SeatTable{row(engine.North), row(engine.East), row(engine.South), row(engine.West)}
}
