package refbot

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
)

// evidenceBoard deals the hands, North declares 3NT (board 1: North
// deals) and plays the cards given.
func evidenceBoard(t *testing.T, deal string, cards ...string) *engine.Board {
	t.Helper()
	d, err := engine.ParseDeal(deal)
	require.NoError(t, err)
	b := engine.NewBoard(1, d)
	require.NoError(t, b.Call(engine.North, engine.Bid(3, engine.NoTrump)))
	for _, s := range []engine.Seat{engine.East, engine.South, engine.West} {
		require.NoError(t, b.Call(s, engine.Pass))
	}
	for _, cs := range cards {
		c, err := engine.ParseCard(cs)
		require.NoError(t, err)
		turn, _ := b.Turn()
		require.NoError(t, b.PlayCard(turn, c), cs)
	}
	return b
}

const evidenceDeal = "N:AK2.AK2.AK32.A32 983.J9876.54.654 54.Q543.QJT9.KQJ QJT76.T.876.T987"

// The play: East leads S3, dummy S4, West ST (beats the 4: denies the S9),
// North SA; North HA, East H9 (a loser: denies every lower heart, but East
// kept H8 H7 H6), dummy H3, West HT (a loser: West has no lower heart).
var evidencePlay = []string{"S3", "S4", "ST", "SA", "HA", "H9", "H3", "HT"}

func swap(t *testing.T, w engine.Deal, a, b engine.Seat, ca, cb string) engine.Deal {
	t.Helper()
	x, err := engine.ParseHand(ca)
	require.NoError(t, err)
	y, err := engine.ParseHand(cb)
	require.NoError(t, err)
	require.Equal(t, x, w[a]&x, "%s must hold %s", a.Name(), ca)
	require.Equal(t, y, w[b]&y, "%s must hold %s", b.Name(), cb)
	w[a], w[b] = w[a]&^x|y, w[b]&^y|x
	return w
}

func TestPlayEvidenceCountsBrokenCarding(t *testing.T) {
	b := evidenceBoard(t, evidenceDeal, evidencePlay...)
	v := b.View(engine.North)
	f, err := FactsOf(&v, SoftFacts{})
	require.NoError(t, err)
	e := newPlayEvidence(&v, &f)
	require.Len(t, e.checks, 3, "West's two cards and East's follow; leads and the visible hands are not read")
	real := remaining(b)
	for _, tc := range []struct {
		name  string
		world engine.Deal
		want  int
	}{
		{"the real layout: East's H9 from H9876", real, 1},
		{"West holds the S9 it denied", swap(t, real, engine.East, engine.West, "9...", "7..."), 2},
		{"East's lower hearts with West: West's HT breaks it instead", swap(t, real, engine.East, engine.West, ".876..", "...T98"), 1},
		{"East's lower hearts and the S9 with West", swap(t, real, engine.East, engine.West, "9.876..", "7...T98"), 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.NoError(t, f.Consistent(tc.world))
			assert.Equal(t, tc.want, e.violations(&tc.world))
		})
	}
	// Weights fall by eps for each broken rule.
	w0 := World{Hands: real}
	w1 := World{Hands: swap(t, real, engine.East, engine.West, "9...", "7...")}
	assert.InDelta(t, 0.15, e.weight(&w0, 0.15, 0), 1e-12)
	assert.InDelta(t, 0.15*0.15, e.weight(&w1, 0.15, 0), 1e-12)
	w1.Step = 2
	assert.InDelta(t, 0.15*0.15/4, e.weight(&w1, 0.15, 0), 1e-12, "each relaxation step of the auction halves the weight")
}

// The evidence is read from the view alone: another deal with the same
// visible hands and the same play, its hidden unplayed cards laid out
// differently, gives declarer the same checks.
func TestPlayEvidenceUsesOnlyTheView(t *testing.T) {
	other := "N:AK2.AK2.AK32.A32 983.J9876.54.T98 54.Q543.QJT9.KQJ QJT76.T.876.7654"
	b1 := evidenceBoard(t, evidenceDeal, evidencePlay...)
	b2 := evidenceBoard(t, other, evidencePlay...)
	require.NotEqual(t, remaining(b1), remaining(b2))
	v1, v2 := b1.View(engine.North), b2.View(engine.North)
	f1, err := FactsOf(&v1, SoftFacts{})
	require.NoError(t, err)
	f2, err := FactsOf(&v2, SoftFacts{})
	require.NoError(t, err)
	assert.Equal(t, newPlayEvidence(&v1, &f1), newPlayEvidence(&v2, &f2))
}

func TestPlayEvidenceReadsOnlyHiddenSeats(t *testing.T) {
	b := evidenceBoard(t, evidenceDeal, evidencePlay...)
	v := b.View(engine.East) // East sees its hand and dummy (South): hidden North and West
	f, err := FactsOf(&v, SoftFacts{})
	require.NoError(t, err)
	e := newPlayEvidence(&v, &f)
	for _, c := range e.checks {
		assert.Contains(t, []engine.Seat{engine.North, engine.West}, c.seat)
	}
	// North's SA (beats the ST: denies the SK, which North holds) and
	// West's two cards; North's HA lead is not read.
	require.Len(t, e.checks, 3)
	real := remaining(b)
	assert.Equal(t, 1, e.violations(&real), "North won with the ace holding the king")
}

func TestPlayEvidenceChooseFavoursLikelyWorlds(t *testing.T) {
	b := evidenceBoard(t, evidenceDeal, evidencePlay...)
	v := b.View(engine.North)
	f, err := FactsOf(&v, SoftFacts{})
	require.NoError(t, err)
	e := newPlayEvidence(&v, &f)
	likely := swap(t, remaining(b), engine.East, engine.West, ".876..", "...T98") // 1 broken rule
	unlikely := swap(t, remaining(b), engine.East, engine.West, "9...", "7...")   // 2
	var cands []World
	for i := 0; i < 50; i++ {
		cands = append(cands, World{Hands: likely}, World{Hands: unlikely})
	}
	count := func(ws []World) int {
		n := 0
		for _, w := range ws {
			if w.Hands == likely {
				n++
			}
		}
		return n
	}
	for _, tc := range []struct {
		eps      float64
		min, max int
	}{
		{0.15, 16, 20}, // weights 1 : 0.15: about 17.5 of 20 expected
		{1, 5, 15},     // no evidence: about half
	} {
		got := e.choose(cands, 20, tc.eps, rand.New(rand.NewPCG(1, 2)))
		require.Len(t, got, 20)
		n := count(got)
		assert.GreaterOrEqual(t, n, tc.min, "eps %v", tc.eps)
		assert.LessOrEqual(t, n, tc.max, "eps %v", tc.eps)
		again := e.choose(cands, 20, tc.eps, rand.New(rand.NewPCG(1, 2)))
		assert.Equal(t, got, again, "deterministic for the rng")
	}
	assert.Len(t, e.choose(cands[:10], 50, 0.15, rand.New(rand.NewPCG(1, 2))), 10, "never more worlds than candidates")
}

// BenchmarkPlayEvidence measures what the play evidence adds to a sampled
// decision at trick 6 (20 cards played): drawing Oversample times the
// worlds, reading the play and choosing, against drawing the worlds alone.
// go test -run X -bench PlayEvidence ./refbot/
func BenchmarkPlayEvidence(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 4))
	var views []engine.View
	for n := 1; n <= 20; n++ {
		bd := testBoard(b, "evidence-bench", n, 3, engine.Strain(n%5))
		playRandom(b, bd, rng, 20)
		actor, _ := bd.Actor()
		views = append(views, bd.View(actor))
	}
	p := Expert.Params()
	for _, over := range []int{0, 3, 4} {
		b.Run("oversample-"+string(rune('0'+over)), func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				v := &views[i%len(views)]
				f, err := FactsOf(v, SoftFacts{})
				require.NoError(b, err)
				s, err := NewSampler(&f, DecisionSeed(1, v.Number, v.Seat, v.Play.Len()))
				require.NoError(b, err)
				if over == 0 {
					_, err = s.Sample(p.Worlds, p.Attempts)
					require.NoError(b, err)
					continue
				}
				e := newPlayEvidence(v, &f)
				ws, err := s.Sample(over*p.Worlds, p.Attempts)
				require.NoError(b, err)
				e.choose(ws, p.Worlds, 0.15, s.rng)
			}
		})
	}
}
