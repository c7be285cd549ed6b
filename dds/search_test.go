package dds

import (
	"math/bits"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestTopCards checks topCards on every holding and count against the
// plain definition: take the highest card k times.
func TestTopCards(t *testing.T) {
	t.Parallel()
	for h := uint16(0); h < 1<<13; h++ {
		a := h << 2 // ranks 2..14
		for k := 0; k <= bits.OnesCount16(a); k++ {
			var want uint16
			rest := a
			for i := 0; i < k; i++ {
				hi := uint16(1) << highest(rest)
				want |= hi
				rest &^= hi
			}
			require.Equal(t, want, topCards(a, k), "holding %#x k %d", a, k)
		}
	}
}

// TestGroupTopsEveryHolding checks groupTops on every holding h of every
// set a of cards in play against its definition: a card of h heads a group
// when the next higher card of a is not in h.
func TestGroupTopsEveryHolding(t *testing.T) {
	t.Parallel()
	for x := uint16(0); x < 1<<13; x++ {
		a := x << 2
		for h := a; ; h = (h - 1) & a {
			var want uint16
			for y := h; y != 0; y &= y - 1 {
				c := y & -y
				above := a &^ (c<<1 - 1)
				if next := above & -above; next == 0 || h&next == 0 {
					want |= c
				}
			}
			if got := groupTops(h, a); got != want {
				t.Fatalf("groupTops(%#x, %#x) = %#x, want %#x", h, a, got, want)
			}
			if h == 0 {
				break
			}
		}
	}
}
