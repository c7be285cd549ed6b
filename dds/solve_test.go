package dds

import (
	"context"
	"flag"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/openroom/openroom/engine"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// By default go test checks every reference mid-play position and every
// tableStride-th reference table; under the race detector, every
// raceStride-th of each. -dds.full checks all 200 positions and all 300
// tables (under a minute on two cores without -race; .ci/run does it).
// -short checks as few as the race detector does.
var fullRef = flag.Bool("dds.full", false, "check every reference position and table")

const (
	tableStride = 15
	raceStride  = 10
)

// sample returns every stride-th index below n, or all of them with
// -dds.full.
func sample(n, stride int) []int {
	if *fullRef {
		stride = 1
	}
	var out []int
	for i := 0; i < n; i += stride {
		out = append(out, i)
	}
	return out
}

func TestMidplayReference(t *testing.T) {
	t.Parallel()
	cases := readMidCases(t)
	require.Len(t, cases, 200)
	stride := 1
	if underRace || testing.Short() {
		stride = raceStride
	}
	sv := NewSolver()
	var got []CardValue
	for _, i := range sample(len(cases), stride) {
		c := cases[i]
		var err error
		got, err = sv.SolveAll(&c.pos, got[:0])
		require.NoError(t, err, "line %d", c.line)
		assert.ElementsMatch(t, c.want, got, "line %d", c.line)
	}
}

func TestTableReference(t *testing.T) {
	t.Parallel()
	cases := readTableCases(t)
	require.Len(t, cases, 300)
	stride := tableStride
	if underRace || testing.Short() {
		stride = tableStride * raceStride
	}
	var some []tableCase
	for _, i := range sample(len(cases), stride) {
		some = append(some, cases[i])
	}
	cases = some
	deals := make([]engine.Deal, len(cases))
	for i, c := range cases {
		deals[i] = c.deal
	}
	done := 0
	got, err := CalcTables(context.Background(), deals, 0, func(i int, tb *TrickTable) {
		done++
		assert.Equal(t, cases[i].want, *tb, "line %d", cases[i].line)
		if *fullRef {
			t.Logf("%d/%d tables", done, len(cases))
		}
	})
	require.NoError(t, err)
	for i, c := range cases {
		assert.Equal(t, c.want, got[i], "line %d", c.line)
	}
}

// TestCalcTablesRepeatedDeals checks that a deal given more than once (the
// rooms of a match), which is solved once, still gets its table and one
// progress call at every index.
func TestCalcTablesRepeatedDeals(t *testing.T) {
	t.Parallel()
	cases := readTableCases(t)
	a, b := cases[0], cases[1]
	deals := []engine.Deal{a.deal, b.deal, a.deal, a.deal}
	want := []TrickTable{a.want, b.want, a.want, a.want}
	seen := make([]int, len(deals))
	var mu sync.Mutex
	got, err := CalcTables(context.Background(), deals, 2, func(i int, tb *TrickTable) {
		mu.Lock()
		defer mu.Unlock()
		seen[i]++
		assert.Equal(t, want[i], *tb, "deal %d", i)
	})
	require.NoError(t, err)
	assert.Equal(t, want, got)
	assert.Equal(t, []int{1, 1, 1, 1}, seen, "one progress call per deal")
}

func TestAnalysePlay(t *testing.T) {
	t.Parallel()
	cases := readTableCases(t)
	d := cases[0].deal
	rng := rand.New(rand.NewPCG(3, 4))
	// A random play of the whole deal, West leading at no trump.
	trump := engine.NoTrump
	_, play := randomPlay(d, trump, engine.West, rng, 52)
	cards := play.Cards()
	sv := NewSolver()
	ns, err := sv.AnalysePlay(d, trump, engine.West, cards)
	require.NoError(t, err)
	require.Len(t, ns, 53)
	assert.Equal(t, cases[0].want[engine.NoTrump][engine.North], ns[0], "NS tricks with W leading in NT")
	// Double-dummy play never changes the figure: a card can only cost
	// its own side.
	for i, c := range cards {
		_, lead := play.Trick(i / 4)
		seat := (lead + engine.Seat(i%4)) & 3
		if seat.Side() == engine.NS {
			assert.LessOrEqual(t, ns[i+1], ns[i], "card %d %s by %s", i+1, c, seat)
		} else {
			assert.GreaterOrEqual(t, ns[i+1], ns[i], "card %d %s by %s", i+1, c, seat)
		}
	}

	_, err = sv.AnalysePlay(d, trump, engine.West, []engine.Card{cards[1]})
	assert.Error(t, err, "a card West does not hold")
}

// TestAnalysePlayRevoke checks that AnalysePlay refuses a card that does not
// follow suit, naming the card and its player, and returns the figures up
// to it.
func TestAnalysePlayRevoke(t *testing.T) {
	t.Parallel()
	d := readTableCases(t)[0].deal
	// West leads a card of a suit North holds along with another suit.
	var lead, follow, revoke engine.Card
	found := false
	for _, c := range d[engine.West].Cards(nil) {
		su := c.Suit()
		f, o := d[engine.North].SuitCards(su), d[engine.North]&^d[engine.North].SuitCards(su)
		if f != 0 && o != 0 {
			lead, follow, revoke = c, f.Cards(nil)[0], o.Cards(nil)[0]
			found = true
			break
		}
	}
	require.True(t, found, "no lead North can revoke on")
	sv := NewSolver()
	ns, err := sv.AnalysePlay(d, engine.NoTrump, engine.West, []engine.Card{lead, follow})
	require.NoError(t, err, "North follows suit")
	require.Len(t, ns, 3)

	ns, err = sv.AnalysePlay(d, engine.NoTrump, engine.West, []engine.Card{lead, revoke})
	require.ErrorIs(t, err, engine.ErrMustFollow)
	assert.Contains(t, err.Error(), "card 2 ("+revoke.String()+")")
	assert.Contains(t, err.Error(), engine.North.Name())
	assert.Len(t, ns, 2, "the figures before the lead and before the revoke")
}

// TestEquivalentWinnerRegression is a position found by the differential
// test against libdds: partition search must keep the ranks of the cards
// equivalent to a trick's winner, or a position with those cards split
// (letting the hand duck) reuses a wrong bound.
func TestEquivalentWinnerRegression(t *testing.T) {
	t.Parallel()
	d, err := parseHands([]string{"N:3..T7.A2", "..J8.JT5", ".AT9..74", "J.K.6.Q8"})
	require.NoError(t, err)
	p, err := NewPosition(d, engine.StrainDiamonds, engine.West)
	require.NoError(t, err)
	got, err := NewSolver().SolveAll(&p, nil)
	require.NoError(t, err)
	want := []CardValue{
		{engine.NewCard(engine.Clubs, engine.Eight), 4},
		{engine.NewCard(engine.Clubs, engine.Queen), 4},
		{engine.NewCard(engine.Diamonds, engine.Six), 4},
		{engine.NewCard(engine.Hearts, engine.King), 3},
		{engine.NewCard(engine.Spades, engine.Jack), 4},
	}
	assert.Equal(t, want, got)
}

// TestSolveTargetReference checks SolveTarget against DDS 2.9's values of
// the reference mid-play positions: a card reaches a target exactly when
// its value is at least the target, for the targets around every value
// (and below zero and past the tricks left).
func TestSolveTargetReference(t *testing.T) {
	t.Parallel()
	cases := readMidCases(t)
	stride := 3 // several targets a position: a third of them is plenty
	if underRace || testing.Short() {
		stride = 3 * raceStride
	}
	sv := NewSolver()
	var got []CardReach
	for _, i := range sample(len(cases), stride) {
		c := cases[i]
		targets := map[int]bool{0: true, c.pos.Tricks() + 1: true}
		for _, w := range c.want {
			targets[w.Tricks], targets[w.Tricks+1] = true, true
		}
		for target := range targets {
			var err error
			got, err = sv.SolveTarget(&c.pos, target, got[:0])
			require.NoError(t, err, "line %d", c.line)
			want := make([]CardReach, len(c.want))
			for j, w := range c.want {
				want[j] = CardReach{Card: w.Card, Reaches: w.Tricks >= target}
			}
			assert.ElementsMatch(t, want, got, "line %d, target %d", c.line, target)
		}
	}
}

// TestReachesReference checks Reaches against DDS 2.9's values of the
// reference mid-play positions: the side to move reaches a target exactly
// when its best card's value does, around that value and at both ends.
func TestReachesReference(t *testing.T) {
	t.Parallel()
	sv := NewSolver()
	for _, c := range fifthMidCases(t) {
		best := 0
		for _, w := range c.want {
			best = max(best, w.Tricks)
		}
		for _, target := range []int{0, best - 1, best, best + 1, c.pos.Tricks() + 1} {
			got, err := sv.Reaches(&c.pos, target)
			require.NoError(t, err, "line %d", c.line)
			assert.Equal(t, best >= target, got, "line %d, target %d (best %d)", c.line, target, best)
		}
	}
}

// fifthMidCases returns every fifth reference mid-play position (fewer
// under the race detector; all with -dds.full), which the tests of the
// solves' variants check.
func fifthMidCases(t *testing.T) []midCase {
	cases := readMidCases(t)
	stride := 5
	if underRace || testing.Short() {
		stride = 5 * raceStride
	}
	var out []midCase
	for _, i := range sample(len(cases), stride) {
		out = append(out, cases[i])
	}
	return out
}

// TestSolveOfReference checks SolveTargetOf and SolveAllOf against DDS
// 2.9's values of the reference mid-play positions with every other legal
// card as the candidates (odd and even positions in the answer's order, so
// that some groups of equivalent cards are split): exactly the candidates
// come back, each with its value, or reaching the target when its value is
// at least the target.
func TestSolveOfReference(t *testing.T) {
	t.Parallel()
	sv := NewSolver()
	var reach []CardReach
	var vals []CardValue
	for _, c := range fifthMidCases(t) {
		for parity := range 2 {
			var cards engine.Hand
			var wantReach []CardReach
			var wantVals []CardValue
			for j, w := range c.want {
				if j%2 == parity {
					cards = cards.With(w.Card)
					wantReach = append(wantReach, CardReach{Card: w.Card, Reaches: w.Tricks >= c.want[0].Tricks})
					wantVals = append(wantVals, w)
				}
			}
			var err error
			reach, err = sv.SolveTargetOf(&c.pos, c.want[0].Tricks, cards, reach[:0])
			require.NoError(t, err, "line %d", c.line)
			assert.ElementsMatch(t, wantReach, reach, "line %d, candidates %v", c.line, cards)
			vals, err = sv.SolveAllOf(&c.pos, cards, vals[:0])
			require.NoError(t, err, "line %d", c.line)
			assert.ElementsMatch(t, wantVals, vals, "line %d, candidates %v", c.line, cards)
		}
	}
}

func TestSolveTargetRejectsBadPosition(t *testing.T) {
	t.Parallel()
	sv := NewSolver()
	_, err := sv.SolveTarget(&Position{}, 7, nil)
	require.Error(t, err)
}

// TestSolveBetterReference checks SolveBetter against DDS 2.9's values of
// the reference mid-play positions: for each legal card and the target one
// more than its value (and its value itself), a better card is found
// exactly when some card of another value reaches the target, and the card
// returned is one of them.
func TestSolveBetterReference(t *testing.T) {
	t.Parallel()
	sv := NewSolver()
	for _, c := range fifthMidCases(t) {
		value := map[engine.Card]int{}
		for _, w := range c.want {
			value[w.Card] = w.Tricks
		}
		for _, played := range c.want {
			for _, target := range []int{played.Tricks + 1, played.Tricks} {
				var want bool
				for _, w := range c.want {
					want = want || (w.Tricks >= target && w.Tricks != played.Tricks)
				}
				got, ok, err := sv.SolveBetter(&c.pos, played.Card, target)
				require.NoError(t, err, "line %d", c.line)
				if target == played.Tricks+1 {
					assert.Equal(t, want, ok, "line %d, %s, target %d", c.line, played.Card, target)
				}
				if ok {
					v, legal := value[got]
					assert.True(t, legal, "line %d: %s is not a legal card", c.line, got)
					assert.GreaterOrEqual(t, v, target, "line %d, %s, target %d: %s", c.line, played.Card, target, got)
					assert.NotEqual(t, played.Card, got, "line %d", c.line)
				}
			}
		}
	}
}
