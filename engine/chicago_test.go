package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestChicagoVulnerability checks the four-deal cycle: deal 1 neither side,
// deals 2 and 3 the dealer's side, deal 4 both, whoever deals first.
func TestChicagoVulnerability(t *testing.T) {
	t.Parallel()
	tests := []struct {
		first Seat
		want  [4]Vulnerability
	}{
		{North, [4]Vulnerability{VulNone, VulEW, VulNS, VulAll}},
		{East, [4]Vulnerability{VulNone, VulNS, VulEW, VulAll}},
		{South, [4]Vulnerability{VulNone, VulEW, VulNS, VulAll}},
		{West, [4]Vulnerability{VulNone, VulNS, VulEW, VulAll}},
	}
	for _, tt := range tests {
		r := NewRubber(Chicago, tt.first)
		for i, want := range tt.want {
			dealer := r.NextDealer()
			assert.Equal(t, (tt.first+Seat(i))&3, dealer, "first dealer %s, deal %d", tt.first, i+1)
			assert.Equal(t, want, r.NextVulnerability(), "first dealer %s, deal %d", tt.first, i+1)
			// Games do not change a Chicago's vulnerability: every deal is one.
			e, err := r.AddWithHonours(Contract{Level: 3, Strain: NoTrump, Declarer: dealer}, 9, Honours{})
			require.NoError(t, err)
			assert.Equal(t, want.String(), e.Vulnerability)
			assert.Equal(t, i+1, e.Round)
		}
		assert.True(t, r.Over())
	}
}

// TestChicagoScoring checks Chicago's own bonuses: a game bonus at once,
// 300 not vulnerable and 500 vulnerable, part scores carried within the
// Chicago and wiped by a game, 100 for a part score on the fourth deal that
// does not complete a game, and no rubber bonus.
func TestChicagoScoring(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		deals []play
		want  []figure // the last deal's figures
	}{
		{"deal 1: a game not vulnerable is 300 at once",
			[]play{{contract: "4H", declarer: South, tricks: 10}},
			[]figure{{NS, true, ItemTricks, 120}, {NS, false, ItemGame, 300}}},
		{"deal 2 (East deals, EW vulnerable): EW's game is 500",
			[]play{{contract: "Pass"}, {contract: "1C", declarer: North, tricks: 7}, {contract: "3NT", declarer: West, tricks: 10}},
			[]figure{{EW, true, ItemTricks, 100}, {EW, false, ItemOvertricks, 30}, {EW, false, ItemGame, 500}}},
		{"deal 2 (East deals, EW vulnerable): NS's game is 300",
			[]play{{contract: "1C", declarer: North, tricks: 7}, {contract: "5D", declarer: North, tricks: 11}},
			[]figure{{NS, true, ItemTricks, 100}, {NS, false, ItemGame, 300}}},
		{"part scores carry: 60 then 40 is a game, scored with the deal's vulnerability (deal 3, NS vulnerable)",
			[]play{{contract: "2S", declarer: North, tricks: 8}, {contract: "1C", declarer: East, tricks: 6}, {contract: "2D", declarer: South, tricks: 8}},
			[]figure{{NS, true, ItemTricks, 40}, {NS, false, ItemGame, 500}}},
		{"a game wipes the other side's part score",
			[]play{{contract: "3C", declarer: East, tricks: 9}, {contract: "4S", declarer: North, tricks: 10}, {contract: "1NT", declarer: West, tricks: 7}},
			[]figure{{EW, true, ItemTricks, 40}}},
		{"deal 4: a part score that is not a game scores 100",
			[]play{{contract: "1C", declarer: North, tricks: 5}, {contract: "1C", declarer: North, tricks: 5}, {contract: "1C", declarer: North, tricks: 5}, {contract: "2H", declarer: West, tricks: 9}},
			[]figure{{EW, true, ItemTricks, 60}, {EW, false, ItemOvertricks, 30}, {EW, false, ItemPartScore, 100}}},
		{"deal 4: a part score that completes a game scores the game, vulnerable",
			[]play{{contract: "2S", declarer: North, tricks: 8}, {contract: "1C", declarer: East, tricks: 5}, {contract: "1C", declarer: East, tricks: 5}, {contract: "2C", declarer: South, tricks: 8}},
			[]figure{{NS, true, ItemTricks, 40}, {NS, false, ItemGame, 500}}},
		{"deal 4: a defeated contract scores no bonus",
			[]play{{contract: "1C", declarer: North, tricks: 7}, {contract: "1C", declarer: North, tricks: 7}, {contract: "1C", declarer: North, tricks: 7}, {contract: "2H", declarer: West, tricks: 7}},
			[]figure{{NS, false, ItemUndertricks, 100}}},
		{"deal 4: a vulnerable small slam is 750 with the game bonus, no rubber bonus",
			[]play{{contract: "1C", declarer: North, tricks: 7}, {contract: "1C", declarer: North, tricks: 7}, {contract: "1C", declarer: North, tricks: 7}, {contract: "6NT", declarer: East, tricks: 12}},
			[]figure{{EW, true, ItemTricks, 190}, {EW, false, ItemSmallSlam, 750}, {EW, false, ItemGame, 500}}},
		{"undertricks follow the rubber rules' table with the deal's vulnerability (deal 1: not vulnerable, doubled four down)",
			[]play{{contract: "4SX", declarer: North, tricks: 6}},
			[]figure{{EW, false, ItemUndertricks, 700}}},
		{"honours count in Chicago",
			[]play{{contract: "4S", declarer: North, tricks: 9, honours: Honours{100, West}}},
			[]figure{{EW, false, ItemUndertricks, 50}, {EW, false, ItemHonours, 100}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, entries := playRubber(t, Chicago, tt.deals...)
			assert.Equal(t, tt.want, figures(entries[len(entries)-1]))
		})
	}
}

// TestChicagoDealing checks that a passed-out deal is redealt by the same
// dealer with the same vulnerability and does not count towards the four,
// and that the Chicago ends after four deals and never later.
func TestChicagoDealing(t *testing.T) {
	t.Parallel()
	r := NewRubber(Chicago, South)
	made := func(dealer Seat) Contract { return Contract{Level: 1, Strain: StrainSpades, Declarer: dealer} }
	steps := []struct {
		passed bool
		dealer Seat
		vul    Vulnerability
		round  int
	}{
		{true, South, VulNone, 1},
		{true, South, VulNone, 1},
		{false, South, VulNone, 1},
		{false, West, VulEW, 2},
		{true, North, VulNS, 3},
		{false, North, VulNS, 3},
		{false, East, VulAll, 4},
	}
	for i, st := range steps {
		require.False(t, r.Over(), "step %d", i)
		assert.Equal(t, st.dealer, r.NextDealer(), "step %d", i)
		assert.Equal(t, st.vul, r.NextVulnerability(), "step %d", i)
		c, tricks := Contract{}, 0
		if !st.passed {
			c, tricks = made(st.dealer), 7
		}
		e, err := r.AddWithHonours(c, tricks, Honours{})
		require.NoError(t, err, "step %d", i)
		assert.Equal(t, st.round, e.Round, "step %d", i)
		assert.Equal(t, i+1, e.Deal, "step %d", i)
	}
	assert.True(t, r.Over())
	assert.Equal(t, len(steps), r.Deals(), "passed-out deals are entries too")
	_, err := r.AddWithHonours(Contract{}, 0, Honours{})
	require.ErrorIs(t, err, ErrRubberOver, "not even a passed-out deal after the fourth")
}

// TestChicagoWinner checks that the totals decide a Chicago, with no rubber
// bonus, and that equal totals are a draw.
func TestChicagoWinner(t *testing.T) {
	t.Parallel()
	r, _ := playRubber(t, Chicago,
		play{contract: "4S", declarer: North, tricks: 10}, // NS 120 + 300
		play{contract: "4S", declarer: East, tricks: 10},  // EW 120 + 500
		play{contract: "1C", declarer: North, tricks: 6},  // NS vulnerable one down: 100 to EW
		play{contract: "1NT", declarer: North, tricks: 7}, // NS 40 + 100
	)
	s := r.Sheet()
	require.True(t, s.Over)
	assert.Equal(t, 120+300+40+100, s.NS.Total)
	assert.Equal(t, 120+500+100, s.EW.Total)
	assert.Equal(t, "EW", s.Winner)
	assert.Equal(t, "chicago-v1", s.Ruleset)
	for _, side := range []*SideSheet{&s.NS, &s.EW} {
		for _, it := range side.Above {
			assert.NotEqual(t, ItemRubber, it.Kind, "Chicago has no rubber bonus")
		}
	}
	assert.Equal(t, 1, s.NS.Games)
	assert.Equal(t, 1, s.EW.Games)
	require.Len(t, s.Games, 3, "two games and the unfinished part score")
	assert.Equal(t, 40, s.Games[2].NSPoints)
	assert.Empty(t, s.Games[2].Winner)

	// A draw: NS 400 + 600, EW 600 + 400.
	r, _ = playRubber(t, Chicago,
		play{contract: "3NT", declarer: North, tricks: 9}, // deal 1, nobody vulnerable: NS 100 + 300
		play{contract: "3NT", declarer: East, tricks: 9},  // deal 2, EW vulnerable: EW 100 + 500
		play{contract: "1NT", declarer: South, tricks: 3}, // deal 3, NS vulnerable, four down: 400 to EW
		play{contract: "3NT", declarer: South, tricks: 9}, // deal 4, both vulnerable: NS 100 + 500
	)
	s = r.Sheet()
	require.True(t, s.Over)
	assert.Equal(t, 1000, s.NS.Total)
	assert.Equal(t, 1000, s.EW.Total)
	assert.Empty(t, s.Winner, "equal totals: a draw, whoever won more games")
	_, ok := s.WinnerSide()
	assert.False(t, ok)
	assert.Len(t, s.Games, 3, "three games, no open one after the Chicago")
}
