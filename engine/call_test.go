package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCallsAreOrdered(t *testing.T) {
	t.Parallel()
	var bids []Call
	for level := 1; level <= 7; level++ {
		for s := StrainClubs; s <= NoTrump; s++ {
			c := Bid(level, s)
			require.True(t, c.IsBid())
			assert.Equal(t, level, c.Level())
			assert.Equal(t, s, c.Strain())
			bids = append(bids, c)
		}
	}
	require.Len(t, bids, 35)
	for i := 1; i < len(bids); i++ {
		assert.Less(t, bids[i-1], bids[i], "%s < %s", bids[i-1], bids[i])
	}
	assert.Equal(t, Call(NumCalls-1), Bid(7, NoTrump))
	for _, c := range []Call{Pass, Double, Redouble} {
		assert.False(t, c.IsBid())
		assert.Zero(t, c.Level())
	}
}

func TestParseCall(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want Call
	}{
		{"P", Pass}, {"pass", Pass}, {"Pass", Pass},
		{"X", Double}, {"x", Double}, {"Dbl", Double}, {"D", Double},
		{"XX", Redouble}, {"R", Redouble}, {"rdbl", Redouble},
		{"1C", Bid(1, StrainClubs)}, {"1n", Bid(1, NoTrump)}, {"1NT", Bid(1, NoTrump)},
		{"3nt", Bid(3, NoTrump)}, {"7S", Bid(7, StrainSpades)}, {"4h", Bid(4, StrainHearts)},
	}
	for _, tt := range tests {
		got, err := ParseCall(tt.in)
		require.NoError(t, err, tt.in)
		assert.Equal(t, tt.want, got, tt.in)
	}
	for _, bad := range []string{"", "8C", "0S", "1", "1Z", "XXX", "1NTX"} {
		_, err := ParseCall(bad)
		assert.Error(t, err, bad)
	}
}

func TestCallStringRoundTrip(t *testing.T) {
	t.Parallel()
	for c := Call(0); c < NumCalls; c++ {
		got, err := ParseCall(c.String())
		require.NoError(t, err, c.String())
		assert.Equal(t, c, got)
	}
	assert.Equal(t, "3NT", Bid(3, NoTrump).String())
	assert.Equal(t, "Pass", Pass.String())
	assert.Equal(t, "XX", Redouble.String())
}

func TestParseContract(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want Contract
	}{
		{"Pass", Contract{}},
		{"4S", Contract{Level: 4, Strain: StrainSpades}},
		{"4sx", Contract{Level: 4, Strain: StrainSpades, Penalty: Doubled}},
		{"3NTX", Contract{Level: 3, Strain: NoTrump, Penalty: Doubled}},
		{"3NXX", Contract{Level: 3, Strain: NoTrump, Penalty: Redoubled}},
		{"6hxx", Contract{Level: 6, Strain: StrainHearts, Penalty: Redoubled}},
		{"1c", Contract{Level: 1, Strain: StrainClubs}},
	}
	for _, tt := range tests {
		got, err := ParseContract(tt.in)
		require.NoError(t, err, tt.in)
		assert.Equal(t, tt.want, got, tt.in)
		if !got.PassedOut() {
			again, err := ParseContract(got.String())
			require.NoError(t, err)
			assert.Equal(t, got, again)
		}
	}
	for _, bad := range []string{"", "8S", "4", "4SXXX", "4Q", "S4", "4SY"} {
		_, err := ParseContract(bad)
		assert.Error(t, err, bad)
	}
}

func FuzzParseCall(f *testing.F) {
	for _, s := range []string{"P", "X", "XX", "1C", "3NT", "7n", "pass", "Dbl"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseCall(s)
		if err != nil {
			return
		}
		if c >= NumCalls {
			t.Fatalf("ParseCall(%q) = %d, not a call", s, c)
		}
		again, err := ParseCall(c.String())
		if err != nil || again != c {
			t.Fatalf("round trip of %q: %v, %v", s, again, err)
		}
	})
}

func FuzzParseContract(f *testing.F) {
	for _, s := range []string{"Pass", "4S", "3NTX", "6HXX", "7nxx", "1c"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseContract(s)
		if err != nil {
			return
		}
		if c.Level < 0 || c.Level > 7 || c.Strain > NoTrump || c.Penalty > Redoubled {
			t.Fatalf("ParseContract(%q) = %+v, out of range", s, c)
		}
		again, err := ParseContract(c.String())
		if err != nil || again != c {
			t.Fatalf("round trip of %q: %+v, %v", s, again, err)
		}
	})
}

func FuzzParseCard(f *testing.F) {
	for _, s := range []string{"SA", "AS", "d10", "tc", "H2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseCard(s)
		if err != nil {
			return
		}
		if !c.Valid() {
			t.Fatalf("ParseCard(%q) = %d, invalid card", s, c)
		}
		if again, err := ParseCard(c.String()); err != nil || again != c {
			t.Fatalf("round trip of %q", s)
		}
	})
}
