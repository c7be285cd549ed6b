package brute

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/internal/lab/boardtest"
	"github.com/openroom/openroom/refbot/cardplay"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDDSSolverMatchesReferenceEndings(t *testing.T) {
	t.Parallel()
	s := cardplay.NewDDSSolver()
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
	t.Parallel()
	rng := rand.New(rand.NewPCG(2, 7))
	s := cardplay.NewDDSSolver()
	for board := 1; board <= 30; board++ {
		b := boardtest.OpenedBoard(t, "dds-vs-brute", board, 2, engine.Strain(board%5))
		boardtest.PlayRandom(t, b, rng, 32+rng.IntN(14))
		p := cardplay.Position{Hands: boardtest.Remaining(b), Trump: b.Play().Trump(), Leader: b.Play().Leader()}
		p.NTrick = copy(p.Trick[:], b.Play().CurrentTrick())
		want, err := (&Solver{}).CardValues(&p, nil)
		require.NoError(t, err)
		got, err := s.CardValues(&p, nil)
		require.NoError(t, err)
		assert.ElementsMatch(t, want, got, "board %d", board)
	}
}
