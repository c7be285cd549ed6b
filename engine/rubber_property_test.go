package engine

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// randomResult draws one deal's result: a passed-out deal now and then, any
// contract, a trick count near the contract's, and honours now and then.
func randomResult(rng *rand.Rand) (Contract, int, Honours) {
	if rng.IntN(10) == 0 {
		return Contract{}, 0, Honours{}
	}
	c := Contract{
		Level:    1 + rng.IntN(7),
		Strain:   Strain(rng.IntN(NumStrains)),
		Penalty:  Penalty(rng.IntN(3)),
		Declarer: Seat(rng.IntN(NumSeats)),
	}
	tricks := min(13, max(0, c.Level+6+rng.IntN(7)-4))
	var h Honours
	switch rng.IntN(8) {
	case 0:
		h = Honours{Points: 150, Holder: Seat(rng.IntN(NumSeats))}
	case 1:
		if c.Strain != NoTrump {
			h = Honours{Points: 100, Holder: Seat(rng.IntN(NumSeats))}
		}
	}
	return c, tricks, h
}

// TestRubberProperties plays many random rubbers and Chicagos
// and checks what must hold whatever the results.
func TestRubberProperties(t *testing.T) {
	t.Parallel()
	for _, kind := range []RubberKind{RubberBridge, Chicago} {
		for seed := range uint64(500) {
			t.Run(fmt.Sprintf("%s/%d", kind, seed), func(t *testing.T) {
				checkRandomRubber(t, kind, seed)
			})
		}
	}
}

func checkRandomRubber(t *testing.T, kind RubberKind, seed uint64) {
	rng := rand.New(rand.NewPCG(seed, 12))
	first := Seat(rng.IntN(NumSeats))
	r := NewRubber(kind, first)
	var played, passedOut int
	var below [2]int
	for deal := 1; !r.Over(); deal++ {
		require.Less(t, deal, 1000, "the rubber never ends")
		c, tricks, h := randomResult(rng)
		vul, dealer := r.NextVulnerability(), r.NextDealer()
		gamesBefore := [2]int{r.Games(NS), r.Games(EW)}

		// Vulnerability: rubber bridge from the games won, Chicago from
		// the deal's place in the cycle.
		if kind == RubberBridge {
			assert.Equal(t, gamesBefore[NS] > 0, vul.Vulnerable(NS))
			assert.Equal(t, gamesBefore[EW] > 0, vul.Vulnerable(EW))
			assert.Equal(t, (first+Seat(deal-1))&3, dealer, "the deal passes to the left after every deal")
		} else {
			assert.Equal(t, (first+Seat(played))&3, dealer, "only played deals move the deal on")
			assert.Equal(t, []Vulnerability{VulNone, dealerSide(dealer), dealerSide(dealer), VulAll}[played], vul)
		}

		e, err := r.AddWithHonours(c, tricks, h)
		require.NoError(t, err)
		assert.Equal(t, deal, e.Deal)
		assert.Equal(t, vul.String(), e.Vulnerability)
		assert.Equal(t, dealer.String(), e.Dealer)
		if c.PassedOut() {
			passedOut++
			assert.Empty(t, figures(e))
			continue
		}
		played++
		side := c.Declarer.Side()
		made := tricks >= c.Level+6
		for _, f := range figures(e) {
			switch {
			case f.below:
				assert.True(t, made && f.side == side && f.kind == ItemTricks, "only a made contract's trick points go below, to declarer: %+v", f)
				below[side] += f.points
			case f.kind == ItemUndertricks:
				assert.True(t, !made && f.side == side.Other(), "undertricks go to the defenders: %+v", f)
			case f.kind == ItemHonours:
				assert.Equal(t, h.Holder.Side(), f.side)
				assert.Equal(t, h.Points, f.points)
			default:
				assert.True(t, made && f.side == side, "bonuses go to declarer when made: %+v", f)
			}
			assert.Positive(t, f.points)
		}
		// A game is won exactly when declarer's side reaches 100 below in
		// the current game, and the line starts both sides again from 0.
		if below[side] >= 100 {
			assert.Equal(t, side.String(), e.GameWon)
			assert.Equal(t, gamesBefore[side]+1, r.Games(side))
			below = [2]int{}
		} else {
			assert.Empty(t, e.GameWon)
			assert.Equal(t, gamesBefore, [2]int{r.Games(NS), r.Games(EW)})
		}
		// The rubber ends at two games (rubber bridge) or four played
		// deals (Chicago), and never later.
		if kind == RubberBridge {
			assert.Equal(t, r.Games(NS) == 2 || r.Games(EW) == 2, r.Over())
			assert.LessOrEqual(t, r.Games(NS)+r.Games(EW), 3)
		} else {
			assert.Equal(t, played == 4, r.Over())
		}
		assert.Equal(t, r.Over(), e.Over)
	}
	_, err := r.AddWithHonours(Contract{}, 0, Honours{})
	require.ErrorIs(t, err, ErrRubberOver)

	s := r.Sheet()
	assert.Equal(t, r.Deals(), s.Deals)
	assert.Equal(t, played+passedOut, s.Deals)
	// Totals equal the sum of every entry's figures.
	for side := NS; side <= EW; side++ {
		var above, belowSum int
		items := []ScoreItem{}
		for _, e := range s.Entries {
			col := e.Side(side)
			above += sumItems(col.Above)
			belowSum += sumItems(col.Below)
			items = append(items, col.Above...)
		}
		col := s.Side(side)
		assert.Equal(t, above, col.AboveTotal)
		assert.Equal(t, belowSum, col.BelowTotal)
		assert.Equal(t, above+belowSum, col.Total)
		assert.Equal(t, items, col.Above, "the above-the-line figures in the order written")
		assert.Equal(t, r.Games(side), col.Games)
	}
	// Every finished game: the winner has 100 or more below, the deal that
	// crossed the line was needed, the loser has less than 100.
	gamesSum := 0
	for i, g := range s.Games {
		assert.Equal(t, i+1, g.Number)
		gamesSum += g.NSPoints + g.EWPoints
		if g.Winner == "" {
			assert.Equal(t, len(s.Games)-1, i, "only the last game can be unfinished")
			continue
		}
		win, lose := g.NS, g.EW
		if g.Winner == "EW" {
			win, lose = lose, win
		}
		assert.GreaterOrEqual(t, sumItems(win), 100)
		assert.Less(t, sumItems(win[:len(win)-1]), 100)
		assert.Less(t, sumItems(lose), 100)
	}
	assert.Equal(t, s.NS.BelowTotal+s.EW.BelowTotal, gamesSum)
	// Bonuses: one rubber bonus in rubber bridge, a game bonus per game in
	// Chicago.
	count := map[ItemKind]int{}
	for _, side := range []*SideSheet{&s.NS, &s.EW} {
		for _, it := range side.Above {
			count[it.Kind]++
			switch it.Kind {
			case ItemRubber:
				assert.Equal(t, s.Deals, it.Deal, "the rubber bonus comes with the last deal")
				loser := min(s.NS.Games, s.EW.Games)
				assert.Equal(t, map[int]int{0: 700, 1: 500}[loser], it.Points)
			case ItemPartScore:
				assert.Equal(t, 4, s.Entries[it.Deal-1].Round)
			}
		}
	}
	if kind == RubberBridge {
		assert.Equal(t, 1, count[ItemRubber])
		assert.Zero(t, count[ItemGame]+count[ItemPartScore])
	} else {
		assert.Zero(t, count[ItemRubber])
		assert.Equal(t, s.NS.Games+s.EW.Games, count[ItemGame])
		assert.LessOrEqual(t, count[ItemPartScore], 1)
	}
	// The winner has the higher total.
	if side, ok := s.WinnerSide(); ok {
		assert.GreaterOrEqual(t, s.Side(side).Total, s.Side(side.Other()).Total)
	} else {
		assert.Equal(t, Chicago, kind, "a rubber always has a winner")
		assert.Equal(t, s.NS.Total, s.EW.Total)
	}
}

// dealerSide is the vulnerability of the dealer's side alone.
func dealerSide(dealer Seat) Vulnerability {
	if dealer.Side() == NS {
		return VulNS
	}
	return VulEW
}

// BenchmarkRubber scores whole random rubbers and reads their sheets.
func BenchmarkRubber(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	type result struct {
		c      Contract
		tricks int
		h      Honours
	}
	results := make([]result, 4096)
	for i := range results {
		c, tricks, h := randomResult(rng)
		results[i] = result{c, tricks, h}
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		r := NewRubber(RubberBridge, North)
		for !r.Over() {
			res := results[i%len(results)]
			i++
			if _, err := r.AddWithHonours(res.c, res.tricks, res.h); err != nil {
				b.Fatal(err)
			}
		}
		_ = r.Sheet()
	}
}
