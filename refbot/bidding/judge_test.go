package bidding

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
)

const judgeSystem = `system "judge"
situation "1S P 2S P"
4S "game"      hcp 12..21 points 19..  len S 5.. judge
3S "game try"  hcp 12..21 points 16..18 len S 5.. judge
P  "minimum"   hcp 12..15 len S 5.. judge
situation ""
1S "spades" hcp 12..21 len S 5..
P  "pass"
situation "1S"
P "pass"
situation "1S P"
2S "raise" hcp 6..9 len S 3..
P "pass"
`

func TestJudgeCandidates(t *testing.T) {
	t.Parallel()
	sys, err := Load("judge.bid", []byte(judgeSystem))
	require.NoError(t, err)
	tests := []struct {
		name  string
		hand  string
		calls []string
		want  []string
	}{
		{"a game try hand: its own call first, then the zone's", "AKJ73.KQ4.A52.63", []string{"1S", "P", "2S", "P"}, []string{"3S", "4S", "P"}},
		{"a minimum: pass first", "AKJ73.Q54.K52.63", []string{"1S", "P", "2S", "P"}, []string{"P", "4S", "3S"}},
		{"no judgement where the row is not a judgement row", "Q73.K54.J52.9863", []string{"1S", "P"}, nil},
		{"the opening is not judged", "AKJ73.Q54.K52.63", nil, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v := viewFor(t, tc.hand, strings.Join(tc.calls, " "))
			got := sys.JudgeCandidates(&v)
			var names []string
			for _, c := range got {
				names = append(names, KeyCall(c))
			}
			assert.Equal(t, tc.want, names)
		})
	}
}

func TestJudgementCallReadsAsTheZone(t *testing.T) {
	t.Parallel()
	sys, err := Load("judge.bid", []byte(judgeSystem))
	require.NoError(t, err)
	a := engine.NewAuction(engine.North)
	for _, s := range []string{"1S", "P", "2S", "P", "4S"} {
		c, _ := engine.ParseCall(s)
		require.NoError(t, a.Add(c))
	}
	m, err := sys.Explain(&a, 4)
	require.NoError(t, err)
	// 4S alone promises 19+ points; as a judgement call it may come from
	// any hand of the zone, the minimum's included.
	assert.Equal(t, 12, m.MinHCP)
	assert.Equal(t, 21, m.MaxHCP)
	assert.Equal(t, "game", m.Text)
	assert.Equal(t, HCPOnly, m.Valuation, "the zone's rows count differently, so no points range is promised")

	// The call model accepts a hand of the zone that the system alone
	// would have passed with, and still refuses one outside the zone.
	model := sys.callModel(&a, noReader)
	minimum, _ := engine.ParseHand("AKJ73.Q54.K52.63")
	require.NotNil(t, model)
	assert.True(t, model(engine.North, minimum), "a minimum may judge game best")
	weak, _ := engine.ParseHand("KJ873.Q54.952.63")
	assert.False(t, model(engine.North, weak), "a hand that would not have opened is not in the zone")
}
