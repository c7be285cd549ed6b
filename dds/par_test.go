package dds

import (
	"testing"

	"github.com/openroom/openroom/engine"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestParReference checks par for all 300 reference tables, every
// vulnerability and both dealers, against DDS's DealerPar.
func TestParReference(t *testing.T) {
	t.Parallel()
	cases := readTableCases(t)
	require.Len(t, cases, 300)
	for _, c := range cases {
		for v := 0; v < 4; v++ {
			for d, dealer := range []engine.Seat{engine.North, engine.East} {
				got := ParOf(&c.want, dealer, ddsVul[v])
				assert.Equal(t, c.par[v][d], got.ScoreNS, "line %d vul %s dealer %s", c.line, ddsVul[v], dealer)
				// dealer S and W give the same as N and E
				got2 := ParOf(&c.want, dealer.Partner(), ddsVul[v])
				assert.Equal(t, got, got2, "line %d", c.line)
			}
		}
	}
}

func TestParExamples(t *testing.T) {
	t.Parallel()
	var tb TrickTable
	// Nobody makes anything: passed out.
	p := ParOf(&tb, engine.North, engine.VulNone)
	assert.Equal(t, 0, p.ScoreNS)
	assert.Empty(t, p.Contracts)

	// North-South make 10 tricks in spades (N and S), East-West nothing:
	// par is 4S making, 420 not vulnerable.
	tb[engine.StrainSpades] = [4]int{10, 3, 10, 3}
	p = ParOf(&tb, engine.North, engine.VulNone)
	assert.Equal(t, 420, p.ScoreNS)
	assert.Equal(t, []string{"4S N", "4S S"}, p.ContractStrings())

	// East-West take 9 tricks in hearts: 5HX, two down not vulnerable,
	// costs 300, less than 420, so they sacrifice.
	tb[engine.StrainHearts] = [4]int{4, 9, 4, 9}
	p = ParOf(&tb, engine.North, engine.VulNone)
	assert.Equal(t, 300, p.ScoreNS)
	assert.Equal(t, []string{"5HX E", "5HX W"}, p.ContractStrings())

	// Vulnerable East-West would lose 500: North-South play 4S.
	p = ParOf(&tb, engine.North, engine.VulEW)
	assert.Equal(t, 420, p.ScoreNS)
}
