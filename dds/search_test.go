package dds

import (
	"math/bits"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestTopCards checks topCards on every holding and count against the
// plain definition: take the highest card k times.
func TestTopCards(t *testing.T) {
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
