package engine

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// auctionOf builds an auction from space-separated calls, failing the test
// on an illegal one.
func auctionOf(t testing.TB, dealer Seat, calls string) Auction {
	t.Helper()
	a := NewAuction(dealer)
	for _, f := range strings.Fields(calls) {
		c, err := ParseCall(f)
		require.NoError(t, err)
		require.NoError(t, a.Add(c), "call %s after %v", f, a.Calls())
	}
	return a
}

func TestAuctionDeclarer(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		dealer Seat
		calls  string
		want   Contract
	}{
		// The spec's example: N 1H, E P, S 2H, W P, N 4H, all pass: N declares.
		{"first to name the strain", North, "1H P 2H P 4H P P P", Contract{4, StrainHearts, Undoubled, North}},
		{"partner named it first", North, "1S P 2H P 3H P 4S P P P", Contract{4, StrainSpades, Undoubled, North}},
		{"responder declares", North, "1C P 1H P 2H P 4H P P P", Contract{4, StrainHearts, Undoubled, South}},
		{"opponent's strain does not count", East, "1S 2S P 4S P P P", Contract{4, StrainSpades, Undoubled, South}},
		{"doubled", West, "1NT X P P P", Contract{1, NoTrump, Doubled, West}},
		{"redoubled", South, "1H X XX P P P", Contract{1, StrainHearts, Redoubled, South}},
		{"new bid cancels the double", North, "1H X 2H P P P", Contract{2, StrainHearts, Undoubled, North}},
		{"double after two passes", North, "1S P P X P P P", Contract{1, StrainSpades, Doubled, North}},
		{"passes before the opening", South, "P P P 1D P P P", Contract{1, StrainDiamonds, Undoubled, East}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := auctionOf(t, tt.dealer, tt.calls)
			require.True(t, a.Done())
			got, ok := a.Contract()
			require.True(t, ok)
			assert.Equal(t, tt.want, got)
			assert.Equal(t, tt.want.Declarer.Partner(), got.Dummy())
			assert.Equal(t, tt.want.Declarer.Next(), got.Leader())
		})
	}
}

func TestAuctionEnd(t *testing.T) {
	t.Parallel()
	a := auctionOf(t, East, "P P P")
	assert.False(t, a.Done(), "three passes without a bid do not end it")
	require.NoError(t, a.Add(Pass))
	assert.True(t, a.Done())
	assert.True(t, a.PassedOut())
	c, ok := a.Contract()
	require.True(t, ok)
	assert.True(t, c.PassedOut())
	assert.ErrorIs(t, a.Add(Pass), ErrAuctionOver)

	b := auctionOf(t, North, "1C P P")
	assert.False(t, b.Done(), "two passes are not enough")
	_, ok = b.Contract()
	assert.False(t, ok)
	require.NoError(t, b.Add(Pass))
	assert.True(t, b.Done())
	assert.False(t, b.PassedOut())

	d := auctionOf(t, North, "1C X P P")
	assert.False(t, d.Done())
	require.NoError(t, d.Add(Pass))
	assert.True(t, d.Done(), "three passes after a double end it")
}

func TestAuctionIllegalCalls(t *testing.T) {
	t.Parallel()
	tests := []struct {
		calls string
		call  Call
		want  error
	}{
		{"", Double, ErrIllegalDouble},
		{"", Redouble, ErrIllegalRedbl},
		{"1H", Bid(1, StrainDiamonds), ErrInsufficient},
		{"1H", Bid(1, StrainHearts), ErrInsufficient},
		{"1H P", Double, ErrIllegalDouble},     // partner's bid
		{"1H X", Double, ErrIllegalDouble},     // no double of a double
		{"1H X P", Redouble, ErrIllegalRedbl},  // partner's double
		{"1H X XX", Redouble, ErrIllegalRedbl}, // already redoubled
		{"1H X XX", Double, ErrIllegalDouble},  // last action is a redouble
		{"1NT P P", Redouble, ErrIllegalRedbl}, // nothing doubled
		{"2S P", Bid(1, NoTrump), ErrInsufficient},
		{"7NT", Bid(7, NoTrump), ErrInsufficient},
	}
	for _, tt := range tests {
		a := auctionOf(t, North, tt.calls)
		assert.ErrorIs(t, a.Add(tt.call), tt.want, "%q then %s", tt.calls, tt.call)
		assert.Equal(t, len(strings.Fields(tt.calls)), a.Len(), "a refused call changes nothing")
	}
	// Legal doubles and redoubles, including after passes.
	for _, calls := range []string{"1H", "1H P P"} {
		a := auctionOf(t, North, calls)
		assert.True(t, a.Legal(Double), calls)
	}
	for _, calls := range []string{"1H X", "1H X P P"} {
		a := auctionOf(t, North, calls)
		assert.True(t, a.Legal(Redouble), calls)
	}
	a := NewAuction(North)
	assert.ErrorIs(t, a.Add(Call(200)), ErrNotACall)
}

// bruteLegal is the rules' definition of a legal call, computed from the
// whole history each time (no incremental state).
func bruteLegal(dealer Seat, history []Call, c Call) bool {
	// Ended: four passes with no bid, or three passes after any other call.
	n := len(history)
	anyAction := false
	for _, h := range history {
		anyAction = anyAction || h != Pass
	}
	threePasses := n >= 3 && history[n-1] == Pass && history[n-2] == Pass && history[n-3] == Pass
	if (!anyAction && n >= 4) || (anyAction && threePasses) {
		return false
	}
	turn := (dealer + Seat(n)) & 3
	lastNonPass, lastNonPassSeat := -1, Seat(0)
	highest := Call(0)
	for i, h := range history {
		if h != Pass {
			lastNonPass, lastNonPassSeat = i, (dealer+Seat(i))&3
		}
		if h.IsBid() {
			highest = h
		}
	}
	switch {
	case c == Pass:
		return true
	case c == Double:
		return lastNonPass >= 0 && history[lastNonPass].IsBid() && lastNonPassSeat.Side() != turn.Side()
	case c == Redouble:
		return lastNonPass >= 0 && history[lastNonPass] == Double && lastNonPassSeat.Side() != turn.Side()
	default:
		return c.IsBid() && c > highest
	}
}

func TestAuctionLegalCallsMatchBruteForce(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	var legal []Call
	for game := 0; game < 3000; game++ {
		dealer := Seat(rng.IntN(4))
		a := NewAuction(dealer)
		for steps := 0; ; steps++ {
			legal = a.LegalCalls(legal[:0])
			set := map[Call]bool{}
			for _, c := range legal {
				set[c] = true
			}
			for c := Call(0); c < NumCalls; c++ {
				want := bruteLegal(dealer, a.Calls(), c)
				require.Equal(t, want, set[c], "call %s after %v (dealer %s)", c, a.Calls(), dealer)
				require.Equal(t, want, a.Legal(c))
			}
			if a.Done() {
				require.Empty(t, legal)
				break
			}
			require.LessOrEqual(t, a.Len(), MaxAuctionLen)
			// Mostly passes so auctions end, with doubles and bids mixed in.
			var c Call
			switch r := rng.IntN(10); {
			case r < 5:
				c = Pass
			default:
				c = legal[rng.IntN(len(legal))]
			}
			require.NoError(t, a.Add(c))
		}
	}
}

func TestLongestAuction(t *testing.T) {
	t.Parallel()
	a := NewAuction(North)
	for i := 0; i < 3; i++ {
		require.NoError(t, a.Add(Pass))
	}
	for c := Bid(1, StrainClubs); c < NumCalls; c++ {
		for _, x := range []Call{c, Pass, Pass, Double, Pass, Pass, Redouble} {
			require.NoError(t, a.Add(x))
		}
		if c < NumCalls-1 {
			require.NoError(t, a.Add(Pass))
			require.NoError(t, a.Add(Pass))
		}
	}
	for !a.Done() {
		require.NoError(t, a.Add(Pass))
	}
	assert.Equal(t, MaxAuctionLen, a.Len())
}
