package cardplay_test

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/dds"
	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/internal/lab/boardtest"
	"github.com/openroom/openroom/refbot"
	"github.com/openroom/openroom/refbot/bidding"
	"github.com/openroom/openroom/refbot/cardplay"
)

func BenchmarkSearchCardDDS(b *testing.B) {
	for _, tc := range []struct {
		name   string
		played int
		level  refbot.Level
	}{{"36left/expert", 16, refbot.Expert}, {"32left/expert", 20, refbot.Expert}, {"28left/expert", 24, refbot.Expert}, {"28left/hard", 24, refbot.Hard}, {"20left/expert", 33, refbot.Expert}, {"12left/expert", 41, refbot.Expert}} {
		b.Run(tc.name, func(b *testing.B) {
			bd := boardtest.OpenedBoard(b, "bench-search", 3, 4, engine.StrainSpades)
			boardtest.PlayRandom(b, bd, rand.New(rand.NewPCG(1, 2)), tc.played)
			actor, _ := bd.Actor()
			v := bd.View(actor)
			s := cardplay.NewDDSSolver()
			p := tc.level.Params()
			p.ClockCap = 1 << 40 // measure the deterministic work, not the cap
			i := 0
			for b.Loop() {
				_, st, err := cardplay.SearchCard(context.Background(), &v, bidding.SoftFacts{}, p, s, cardplay.DecisionSeed(uint64(i), 3, actor, v.Play.Len()))
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

// recordingSolver remembers every position it is asked about.
type recordingSolver struct {
	cardplay.TargetSolver
	seen   []cardplay.Position
	counts int           // exact questions asked
	asked  []engine.Hand // the candidates of each targeted question
}

func (r *recordingSolver) CardValues(p *cardplay.Position, dst []dds.CardValue) ([]dds.CardValue, error) {
	r.seen = append(r.seen, *p)
	r.counts++
	return r.TargetSolver.CardValues(p, dst)
}

func (r *recordingSolver) CardValuesOf(p *cardplay.Position, cards engine.Hand, dst []dds.CardValue) ([]dds.CardValue, error) {
	r.seen = append(r.seen, *p)
	r.counts++
	r.asked = append(r.asked, cards)
	return r.TargetSolver.CardValuesOf(p, cards, dst)
}

func (r *recordingSolver) CardTargets(p *cardplay.Position, target int, cards engine.Hand, dst []dds.CardReach) ([]dds.CardReach, error) {
	r.seen = append(r.seen, *p)
	r.asked = append(r.asked, cards)
	return r.TargetSolver.CardTargets(p, target, cards, dst)
}

// TestTargetedSearchMakesAsOftenAsExact checks the make-or-defeat search
// against exact values: it asks one exact question (the first world, which
// sets the target: the contract's, or that world's best when the contract
// cannot be reached there), and over the same sampled worlds the card it
// chooses reaches the target in as many worlds as the best card does by
// exact trick counts.
func TestTargetedSearchMakesAsOftenAsExact(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(5, 9))
	exact := cardplay.NewDDSSolver()
	for board := 1; board <= 12; board++ {
		bd := boardtest.OpenedBoard(t, "targeted", board, 1+board%4, engine.Strain(board%5))
		boardtest.PlayRandom(t, bd, rng, 1+rng.IntN(30))
		actor, _ := bd.Actor()
		v := bd.View(actor)
		p := refbot.Expert.Params()
		p.Worlds, p.Nodes, p.ClockCap, p.TargetCards, p.ExactTricks = 6, 0, time.Hour, 1, 0
		rec := &recordingSolver{TargetSolver: cardplay.NewDDSSolver().(cardplay.TargetSolver)}
		seed := cardplay.DecisionSeed(uint64(board), board, actor, v.Play.Len())
		c, st, err := cardplay.SearchCard(context.Background(), &v, bidding.SoftFacts{}, p, rec, seed)
		require.NoError(t, err)
		if st.Trivial {
			continue
		}
		require.Len(t, rec.seen, st.Worlds)
		assert.Equal(t, 1, rec.counts, "board %d: exact questions", board)

		mover := v.Play.Turn()
		need := v.Contract.Level + 6
		if mover.Side() != v.Contract.Declarer.Side() {
			need = 14 - need
		}
		need -= v.Play.Tricks(mover.Side())
		first, err := exact.CardValues(&rec.seen[0], nil)
		require.NoError(t, err)
		target := 0
		for _, cv := range first {
			target = max(target, cv.Tricks)
		}
		target = min(target, need)
		makes := map[engine.Card]int{}
		for i := range rec.seen {
			vals, err := exact.CardValues(&rec.seen[i], nil)
			require.NoError(t, err)
			for _, cv := range vals {
				if cv.Tricks >= target {
					makes[cv.Card]++
				}
			}
		}
		best := 0
		for _, m := range makes {
			best = max(best, m)
		}
		assert.Equal(t, best, makes[c], "board %d: %s makes in %d of %d worlds, the best card in %d", board, c, makes[c], st.Worlds, best)
	}
}

// recordedLead searches the opening lead of a test board (seed
// suit-leads) over 5 worlds with p's other settings, the solver recording
// its questions, and returns the board, the leader's view and the lead.
func recordedLead(t *testing.T, board int, p cardplay.Params) (*engine.Board, engine.View, engine.Card, *recordingSolver) {
	t.Helper()
	bd := boardtest.OpenedBoard(t, "suit-leads", board, 1+board%4, engine.Strain(board%5))
	ct, _ := bd.Contract()
	v := bd.View(ct.Leader())
	p.Worlds, p.Nodes, p.ClockCap = 5, 0, time.Hour
	rec := &recordingSolver{TargetSolver: cardplay.NewDDSSolver().(cardplay.TargetSolver)}
	c, st, err := cardplay.SearchCard(context.Background(), &v, bidding.SoftFacts{}, p, rec, cardplay.DecisionSeed(9, board, ct.Leader(), 0))
	require.NoError(t, err)
	require.Equal(t, 5, st.Worlds)
	return bd, v, c, rec
}

// TestSearchedLeadChoosesTheSuitOnly checks a searched opening lead with
// Params.LeadSuits: the solver is asked about one card of each suit
// the leader holds and no other, that card is the one the heuristic's
// leading rules lead from the suit, and the lead chosen defeats the
// contract in as many worlds as the best of those cards does.
func TestSearchedLeadChoosesTheSuitOnly(t *testing.T) {
	t.Parallel()
	exact := cardplay.NewDDSSolver()
	for board := 1; board <= 6; board++ {
		p := refbot.Expert.Params()
		p.TargetCards, p.LeadSuits = 52, true
		bd, v, c, rec := recordedLead(t, board, p)
		ct, _ := bd.Contract()
		leader := ct.Leader()
		hand := bd.Deal()[leader]
		var cands engine.Hand
		for _, asked := range rec.asked {
			cands |= asked
		}
		for su := engine.Clubs; su <= engine.Spades; su++ {
			n := cands.SuitLen(su)
			if hand.SuitLen(su) == 0 {
				assert.Zero(t, n, "board %d: asked about a suit the leader does not hold", board)
				continue
			}
			require.Equal(t, 1, n, "board %d: candidates %v in %s", board, cands, su)
			// Led alone from this suit, the heuristic would choose it.
			assert.Equal(t, cardplay.StandardCard(&v, leader, hand, su), (cands & hand.SuitCards(su)).Nth(0), "board %d", board)
		}
		require.True(t, cands.Has(c), "board %d: led %v, not a candidate", board, c)

		// The first world, valued exactly, sets the target: defeat the
		// contract when a candidate can there, else that world's best.
		need := 14 - (ct.Level + 6)
		first, err := exact.CardValues(&rec.seen[0], nil)
		require.NoError(t, err)
		target := 0
		for _, cv := range first {
			if cands.Has(cv.Card) {
				target = max(target, cv.Tricks)
			}
		}
		target = min(target, need)
		defeats := map[engine.Card]int{}
		for i := range rec.seen {
			vals, err := exact.CardValues(&rec.seen[i], nil)
			require.NoError(t, err)
			for _, cv := range vals {
				if cands.Has(cv.Card) && cv.Tricks >= target {
					defeats[cv.Card]++
				}
			}
		}
		best := 0
		for _, m := range defeats {
			best = max(best, m)
		}
		assert.Equal(t, best, defeats[c], "board %d: %s reaches %d tricks in %d of 5 worlds, the best candidate in %d", board, c, target, defeats[c], best)
	}
}

// TestSearchedSuitLeadExactChoosesByIMPs checks a searched opening lead
// that chooses the suit (LeadSuits) valued exactly (no TargetCards): every
// world values the candidates (one card a suit) and nothing else, and the
// lead chosen has the most IMPs over the worlds against each world's best
// candidate.
func TestSearchedSuitLeadExactChoosesByIMPs(t *testing.T) {
	t.Parallel()
	exact := cardplay.NewDDSSolver()
	for board := 1; board <= 6; board++ {
		p := refbot.Expert.Params().ForLead()
		p.TargetCards = 0
		bd, v, c, rec := recordedLead(t, board, p)
		ct, _ := bd.Contract()
		leader := ct.Leader()
		cands := cardplay.SuitLeads(&v)
		require.Equal(t, 5, rec.counts, "board %d: one exact question a world", board)
		require.Len(t, rec.asked, 5, "board %d: no make-or-defeat question", board)
		for _, asked := range rec.asked {
			require.Equal(t, cands, asked, "board %d: the candidates only", board)
		}
		vul := v.Vul.Vulnerable(ct.Declarer.Side())
		imps := map[engine.Card]int{}
		for i := range rec.seen {
			vals, err := exact.CardValues(&rec.seen[i], nil)
			require.NoError(t, err)
			best := math.MinInt
			score := map[engine.Card]int{}
			for _, cv := range vals {
				if cands.Has(cv.Card) {
					score[cv.Card] = cardplay.SideScore(ct, vul, leader.Side(), cv.Tricks)
					best = max(best, score[cv.Card])
				}
			}
			for card, sc := range score {
				imps[card] += engine.IMPs(sc - best)
			}
		}
		most := math.MinInt
		for _, m := range imps {
			most = max(most, m)
		}
		require.True(t, cands.Has(c), "board %d: led %v, not a candidate", board, c)
		assert.Equal(t, most, imps[c], "board %d: %s scores %d IMPs over the worlds, the best candidate %d", board, c, imps[c], most)
	}
}
