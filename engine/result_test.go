package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestScoreDetailResult(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		contract string
		tricks   int
		want     string
	}{
		{"4S", 10, "="},
		{"4S", 11, "+1"},
		{"3NT", 7, "-2"},
		{"1C", 13, "+6"},
		{"7NTXX", 0, "-13"},
		{"2HX", 8, "="},
		{"Pass", 0, ""},
	} {
		t.Run(tc.contract, func(t *testing.T) {
			c, err := ParseContract(tc.contract)
			require.NoError(t, err)
			for _, vul := range []bool{false, true} {
				assert.Equal(t, tc.want, ScoreDetails(c, vul, tc.tricks).Result(), "vulnerable %v", vul)
			}
		})
	}
}
