package dds

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSecondHandSound checks, with the second hand to play in random
// endings, that every cutoff secondHand reports agrees with the exhaustive
// result, for every target.
func TestSecondHandSound(t *testing.T) {
	t.Parallel()
	sv := NewSolver()
	s := &sv.s
	cuts, multi := 0, 0
	n := eachEnding("openroom-dds-second-hand", [2]uint64{47, 53}, 1, sv, func(p *Position, pos int, b *brute) {
		seat := int(p.Turn())
		left := p.Tricks()
		for _, side := range []int{0, 1} {
			got := b.sideTricks(p, side)
			for target := 1; target <= left; target++ {
				s.maxSide, s.target, s.tricksMax = side, target, 0
				cut, res := s.secondHand(pos)
				if !cut {
					continue
				}
				cuts++
				want := left - target + 1 // the second hand's side's tricks that settle it
				if seat&1 == side {
					want = target
				}
				if want > 1 {
					multi++
				}
				require.Equal(t, got >= target, res, "side %d target %d: %s", side, target, handsString(p))
			}
		}
	})
	t.Logf("cutoffs %d, of which count later tricks %d", cuts, multi)
	assert.Greater(t, cuts, n/4)
	assert.Greater(t, multi, n/50, "notrump cutoffs that count later tricks")
}
