package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCardRoundTrip(t *testing.T) {
	t.Parallel()
	n := 0
	for s := Clubs; s <= Spades; s++ {
		for r := Two; r <= Ace; r++ {
			c := NewCard(s, r)
			require.True(t, c.Valid())
			assert.Equal(t, s, c.Suit())
			assert.Equal(t, r, c.Rank())
			got, err := ParseCard(c.String())
			require.NoError(t, err)
			assert.Equal(t, c, got)
			got, err = ParseCard(c.RankSuit())
			require.NoError(t, err)
			assert.Equal(t, c, got)
			n++
		}
	}
	assert.Equal(t, 52, n)
}

func TestParseCard(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want Card
		bad  bool
	}{
		{in: "SA", want: NewCard(Spades, Ace)},
		{in: "as", want: NewCard(Spades, Ace)},
		{in: "td", want: NewCard(Diamonds, Ten)},
		{in: "D10", want: NewCard(Diamonds, Ten)},
		{in: "10h", want: NewCard(Hearts, Ten)},
		{in: "c2", want: NewCard(Clubs, Two)},
		{in: "", bad: true},
		{in: "S", bad: true},
		{in: "S1", bad: true},
		{in: "XA", bad: true},
		{in: "SAK", bad: true},
	}
	for _, tt := range tests {
		got, err := ParseCard(tt.in)
		if tt.bad {
			assert.Error(t, err, tt.in)
			continue
		}
		require.NoError(t, err, tt.in)
		assert.Equal(t, tt.want, got, tt.in)
	}
}

func TestSeatRelations(t *testing.T) {
	t.Parallel()
	tests := []struct {
		s                   Seat
		next, prev, partner Seat
		side                Side
		letter, name        string
	}{
		{North, East, West, South, NS, "N", "North"},
		{East, South, North, West, EW, "E", "East"},
		{South, West, East, North, NS, "S", "South"},
		{West, North, South, East, EW, "W", "West"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.next, tt.s.Next())
		assert.Equal(t, tt.next, tt.s.LHO())
		assert.Equal(t, tt.prev, tt.s.Prev())
		assert.Equal(t, tt.prev, tt.s.RHO())
		assert.Equal(t, tt.partner, tt.s.Partner())
		assert.Equal(t, tt.side, tt.s.Side())
		assert.Equal(t, tt.letter, tt.s.String())
		assert.Equal(t, tt.name, tt.s.Name())
		for _, in := range []string{tt.letter, tt.name} {
			got, err := ParseSeat(in)
			require.NoError(t, err)
			assert.Equal(t, tt.s, got)
		}
	}
	_, err := ParseSeat("Northwest")
	assert.Error(t, err)
	assert.Equal(t, EW, NS.Other())
}

func TestParseStrain(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]Strain{"C": StrainClubs, "d": StrainDiamonds, "H": StrainHearts, "s": StrainSpades, "N": NoTrump, "nt": NoTrump, "NT": NoTrump} {
		got, err := ParseStrain(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, got, in)
	}
	for _, in := range []string{"", "X", "NTT", "1"} {
		_, err := ParseStrain(in)
		assert.Error(t, err, in)
	}
}

func TestRankHCP(t *testing.T) {
	t.Parallel()
	want := map[Rank]int{Ace: 4, King: 3, Queen: 2, Jack: 1, Ten: 0, Two: 0}
	for r, p := range want {
		assert.Equal(t, p, r.HCP(), r.String())
	}
}
