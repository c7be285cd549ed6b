package dds

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTrickStartBoundsSound checks, at trick starts of random endings, that
// quickTricks never promises the side on lead more tricks than it takes,
// and that oppSure (with lengthBound) never promises the other side more
// than it takes. It covers the bounds of quick.go and later.go together,
// since both are tried on the same trick starts.
func TestTrickStartBoundsSound(t *testing.T) {
	t.Parallel()
	sv := NewSolver()
	s := &sv.s
	var claimsQT, claimsOpp, claimsLen int
	n := eachEnding("openroom-dds-bounds", [2]uint64{41, 43}, 0, sv, func(p *Position, _ int, b *brute) {
		L := int(p.Leader)
		left := p.Tricks()
		own := b.sideTricks(p, L)
		var wr [4]uint16
		for c := 1; c <= left; c++ {
			if s.quickTricks(L, c, &wr) {
				claimsQT++
				require.GreaterOrEqual(t, own, c, "quickTricks claims %d: %s", c, handsString(p))
			}
		}
		if k := s.oppSure(L, &wr); k > 0 {
			claimsOpp++
			require.GreaterOrEqual(t, left-own, k, "oppSure claims %d: %s", k, handsString(p))
		}
		if s.lengthBound(L, &wr) > 0 {
			claimsLen++
			require.Less(t, own, left, "lengthBound claims a trick: %s", handsString(p))
		}
	})
	// The bounds must have been put to the test.
	t.Logf("claims: quick tricks %d, opponents %d, length bound %d", claimsQT, claimsOpp, claimsLen)
	assert.Greater(t, claimsQT, n/10)
	assert.Greater(t, claimsOpp, n/20)
	assert.Greater(t, claimsLen, n/50)
}

// TestTopRounds checks the rounds a side wins with its cards above all the
// opponents' when they are split between the hands.
func TestTopRounds(t *testing.T) {
	t.Parallel()
	holding := func(ranks string) uint16 {
		var h uint16
		for _, r := range ranks {
			h |= 1 << uint(strings.IndexRune("23456789TJQKA", r)+2)
		}
		return h
	}
	cases := []struct {
		lead, partner, opp string
		limit              int
		rounds             int
		lowest             string // the lowest card the result depends on
	}{
		// The queen, partner unblocking the jack, then low to his king.
		{"Q3", "KJ", "T75986", 13, 2, "Q"},
		// Q with partner's 7, then low to his J.
		{"Q63", "J7", "T428", 13, 2, "J"},
		// Partner's king falls under the ace.
		{"A", "K", "QJ", 13, 1, "A"},
		// Partner overtakes the queen with his only card, the king, and
		// has nothing to lead back.
		{"Q", "K", "J2", 13, 1, "K"},
		// An opponent ruffs the second round.
		{"Q3", "KJ", "T75986", 1, 1, "Q"},
		// Nothing above the opponents' best.
		{"J3", "T2", "Q54", 13, 0, ""},
	}
	s := &NewSolver().s
	for _, c := range cases {
		hS, hP, opp := holding(c.lead), holding(c.partner), holding(c.opp)
		r, wr := s.topRounds(hS, hP, hS|hP|opp, opp, c.limit)
		assert.Equal(t, c.rounds, r, "%s / %s against %s", c.lead, c.partner, c.opp)
		if c.rounds > 0 {
			assert.Equal(t, holding(c.lowest), wr&-wr, "%s / %s against %s", c.lead, c.partner, c.opp)
		}
	}
}
