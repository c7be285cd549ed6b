package refbot

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/dds"
	"github.com/openroom/openroom/engine"
)

// scriptedSolver values the legal cards of each world from a script: in
// world i (the i-th call) card a takes aTricks[i], card b bTricks[i] and
// every other legal card none.
type scriptedSolver struct {
	a, b             engine.Card
	aTricks, bTricks []int
	calls            int
}

func (s *scriptedSolver) CardValues(p *Position, dst []dds.CardValue) ([]dds.CardValue, error) {
	hand := p.Hands[p.Turn()]
	legal := hand
	if p.NTrick > 0 {
		if f := hand.SuitCards(p.Trick[0].Suit()); f != 0 {
			legal = f
		}
	}
	i := s.calls % len(s.aTricks)
	s.calls++
	for x := legal; x != 0; x &= x - 1 {
		c, _ := x.Lowest()
		v := 0
		switch c {
		case s.a:
			v = s.aTricks[i]
		case s.b:
			v = s.bTricks[i]
		}
		dst = append(dst, dds.CardValue{Card: c, Tricks: v})
	}
	return dst, nil
}

func (s *scriptedSolver) Nodes() uint64 { return uint64(s.calls) }

// In 3NT not vulnerable, card a makes in 2 of 10 worlds and goes three
// down in the other 8; card b makes in 1 and goes one down in 9. Most
// worlds making picks a; expected IMPs against each world's best card
// pick b (a: 8 worlds x -3 IMPs = -24; b: one world -450 = -10 IMPs).
func TestScoreIMPsWeighsUndertricks(t *testing.T) {
	bd := testBoard(t, "score-imps", 1, 3, engine.NoTrump)
	require.False(t, bd.Vulnerability().Vulnerable(engine.NS) || bd.Vulnerability().Vulnerable(engine.EW))
	lead, _ := bd.Turn()
	legalLead := bd.LegalCards()
	c0, _ := legalLead.Lowest()
	require.NoError(t, bd.PlayCard(lead, c0))
	actor, _ := bd.Actor()
	v := bd.View(actor)
	legal, _ := v.LegalCards()
	require.GreaterOrEqual(t, legal.Len(), 2)
	a, _ := legal.Lowest()
	b, _ := legal.Highest()
	aT := []int{9, 9, 6, 6, 6, 6, 6, 6, 6, 6}
	bT := []int{9, 8, 8, 8, 8, 8, 8, 8, 8, 8}
	for _, tc := range []struct {
		name string
		imps bool
		want engine.Card
	}{
		{"most worlds making", false, a},
		{"expected IMPs", true, b},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := LevelParams{Search: true, Worlds: 10, Attempts: 10, Budget: time.Hour, ScoreIMPs: tc.imps}
			s := &scriptedSolver{a: a, b: b, aTricks: aT, bTricks: bT}
			c, st, err := SearchCard(context.Background(), &v, SoftFacts{}, p, s, DecisionSeed(1, 1, actor, 1))
			require.NoError(t, err)
			require.Equal(t, 10, st.Worlds)
			assert.Equal(t, tc.want, c)
		})
	}
}
