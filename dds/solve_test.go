package dds

import (
	"context"
	"flag"
	"math/rand/v2"
	"testing"

	"github.com/openroom/openroom/engine"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The reference files are checked in full with -dds.full (slow: minutes
// for the mid-play file, longer for the 300 tables); by default go test
// checks the mid-play positions with at most maxMidTricks tricks left and
// a few quick tables.
var fullRef = flag.Bool("dds.full", false, "check every reference position and table (slow)")

const maxMidTricks = 9

// quickTables are reference lines (0-based) whose tables solve in about a
// second.
var quickTables = []int{8, 10, 20}

func TestMidplayReference(t *testing.T) {
	cases := readMidCases(t)
	require.Len(t, cases, 200)
	sv := NewSolver()
	var got []CardValue
	for _, c := range cases {
		if c.pos.Tricks() > maxMidTricks && !*fullRef {
			continue
		}
		var err error
		got, err = sv.SolveAll(&c.pos, got[:0])
		require.NoError(t, err, "line %d", c.line)
		assert.ElementsMatch(t, c.want, got, "line %d", c.line)
	}
}

func TestTableReference(t *testing.T) {
	cases := readTableCases(t)
	require.Len(t, cases, 300)
	if !*fullRef {
		var quick []tableCase
		for _, i := range quickTables {
			quick = append(quick, cases[i])
		}
		cases = quick
	}
	deals := make([]engine.Deal, len(cases))
	for i, c := range cases {
		deals[i] = c.deal
	}
	done := 0
	got, err := CalcTables(context.Background(), deals, 0, func(i int, tb *Table) {
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

func TestAnalysePlay(t *testing.T) {
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

// TestEquivalentWinnerRegression is a position found by the differential
// test against libdds: partition search must keep the ranks of the cards
// equivalent to a trick's winner, or a position with those cards split
// (letting the hand duck) reuses a wrong bound.
func TestEquivalentWinnerRegression(t *testing.T) {
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
