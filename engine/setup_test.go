package engine

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestBoardSetupValidate(t *testing.T) {
	t.Parallel()
	good, err := ParseDeal(specDeal)
	require.NoError(t, err)
	require.NoError(t, NewBoardSetup(1, good).Validate())

	short := good
	short[North] &^= 1 << NewCard(Spades, Queen)
	twice := good
	twice[East] = twice[East].With(NewCard(Spades, Queen))

	tests := []struct {
		name     string
		setup    BoardSetup
		badSetup bool // wraps ErrBadSetup (a bad deal wraps the deal's error)
		msg      string
	}{
		{"number zero", BoardSetup{Number: 0, Deal: good}, true, "board number 0"},
		{"negative number", BoardSetup{Number: -3, Deal: good}, true, "board number -3"},
		{"dealer", BoardSetup{Number: 2, Dealer: NumSeats, Deal: good}, true, "dealer"},
		{"vulnerability", BoardSetup{Number: 2, Vul: VulAll + 1, Deal: good}, true, "vulnerability 4"},
		{"empty deal", BoardSetup{Number: 3}, false, "board 3: deal:"},
		{"missing card", BoardSetup{Number: 4, Deal: short}, false, "North holds 12 cards"},
		{"card twice", BoardSetup{Number: 5, Deal: twice}, false, "more than one hand"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.setup.Validate()
			require.Error(t, err)
			assert.Equal(t, tt.badSetup, errors.Is(err, ErrBadSetup))
			assert.Contains(t, err.Error(), tt.msg)
		})
	}
}

func TestNewBoardSetupWBF(t *testing.T) {
	t.Parallel()
	d, err := ParseDeal(specDeal)
	require.NoError(t, err)
	tests := []struct {
		number int
		dealer Seat
		vul    Vulnerability
	}{
		{1, North, VulNone}, {2, East, VulNS}, {3, South, VulEW}, {4, West, VulAll},
		{5, North, VulNS}, {16, West, VulEW}, {17, North, VulNone}, {32, West, VulEW},
	}
	for _, tt := range tests {
		s := NewBoardSetup(tt.number, d)
		assert.Equal(t, tt.dealer, s.Dealer, "board %d", tt.number)
		assert.Equal(t, tt.vul, s.Vul, "board %d", tt.number)
		assert.Equal(t, d, s.Deal)
		assert.Empty(t, s.Seed)
	}
}

func TestSeededBoards(t *testing.T) {
	t.Parallel()
	fwd := SeededBoards("seed-a", []int{1, 2, 3, 4, 5})
	rev := SeededBoards("seed-a", []int{5, 4, 3, 2, 1})
	one := SeededBoards("seed-a", []int{3})
	require.Len(t, fwd, 5)
	require.Len(t, rev, 5)
	for i, s := range fwd {
		assert.Equal(t, i+1, s.Number)
		assert.Equal(t, "seed-a", s.Seed)
		assert.Equal(t, BoardDealer(s.Number), s.Dealer)
		assert.Equal(t, BoardVulnerability(s.Number), s.Vul)
		require.NoError(t, s.Validate())
		assert.Equal(t, s, rev[4-i], "board %d whatever the list order", s.Number)
		assert.Equal(t, NewDealSource("seed-a").Deal(s.Number), s.Deal)
	}
	assert.Equal(t, fwd[2], one[0])
	assert.NotEqual(t, fwd[0].Deal, fwd[1].Deal)

	other := SeededBoards("seed-b", []int{1})
	assert.NotEqual(t, fwd[0].Deal, other[0].Deal, "another seed, another deal")
	assert.Equal(t, "seed-b", other[0].Seed)

	assert.Empty(t, SeededBoards("seed-a", nil))
}

func TestBoardNumbers(t *testing.T) {
	t.Parallel()
	assert.Equal(t, []int{1, 2, 3}, BoardNumbers(1, 3))
	assert.Equal(t, []int{17}, BoardNumbers(17, 1))
	assert.Empty(t, BoardNumbers(1, 0))
	assert.Empty(t, BoardNumbers(1, -2))
}
