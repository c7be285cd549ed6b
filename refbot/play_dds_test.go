package refbot

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
)

func TestDDSSolverMatchesReferenceEndings(t *testing.T) {
	s := NewDDSSolver()
	for _, line := range strings.Split(endings, "\n") {
		p, want := parseEnding(t, line)
		got, err := s.CardValues(&p, nil)
		require.NoError(t, err, line)
		gotMap := map[engine.Card]int{}
		for _, cv := range got {
			gotMap[cv.Card] = cv.Tricks
		}
		assert.Equal(t, want, gotMap, line)
	}
	assert.Positive(t, s.Nodes())
}

func TestDDSSolverAgreesWithBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 7))
	s := NewDDSSolver()
	for board := 1; board <= 30; board++ {
		b := testBoard(t, "dds-vs-brute", board, 2, engine.Strain(board%5))
		playRandom(t, b, rng, 32+rng.IntN(14))
		p := Position{Hands: remaining(b), Trump: b.Play().Trump(), Leader: b.Play().Leader()}
		p.NTrick = copy(p.Trick[:], b.Play().CurrentTrick())
		want, err := (&BruteSolver{}).CardValues(&p, nil)
		require.NoError(t, err)
		got, err := s.CardValues(&p, nil)
		require.NoError(t, err)
		assert.ElementsMatch(t, want, got, "board %d", board)
	}
}

func BenchmarkSearchCardDDS(b *testing.B) {
	for _, tc := range []struct {
		name   string
		played int
		level  Level
	}{{"36left/expert", 16, Expert}, {"32left/expert", 20, Expert}, {"28left/expert", 24, Expert}, {"28left/hard", 24, Hard}, {"20left/expert", 33, Expert}, {"12left/expert", 41, Expert}} {
		b.Run(tc.name, func(b *testing.B) {
			bd := testBoard(b, "bench-search", 3, 4, engine.StrainSpades)
			playRandom(b, bd, rand.New(rand.NewPCG(1, 2)), tc.played)
			actor, _ := bd.Actor()
			v := bd.View(actor)
			s := NewDDSSolver()
			p := tc.level.Params()
			p.Budget = 1 << 40 // measure the deterministic work, not the cap
			i := 0
			for b.Loop() {
				_, st, err := SearchCard(context.Background(), &v, SoftFacts{}, p, s, DecisionSeed(uint64(i), 3, actor, v.Play.Len()))
				if err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(float64(st.Worlds), "worlds")
				b.ReportMetric(float64(st.Nodes), "nodes")
				i++
			}
		})
	}
}
