package cardplay

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/internal/lab/boardtest"
	"github.com/openroom/openroom/refbot/bidding"
)

func TestSamplerNeverContradictsHardFacts(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	positions, withVoids := 0, 0
	for board := 1; board <= 60; board++ {
		strain := engine.Strain(board % 5)
		b := boardtest.OpenedBoard(t, "sampler-prop", board, 1+board%7, strain)
		boardtest.PlayRandom(t, b, rng, rng.IntN(52))
		actor, _ := b.Actor()
		for _, seat := range []engine.Seat{actor, actor.Next(), actor.Partner()} {
			v := b.View(seat)
			f, err := FactsOf(&v, bidding.SoftFacts{})
			require.NoError(t, err, "board %d seat %s", board, seat.Name())
			require.NoError(t, f.Consistent(boardtest.Remaining(b)), "the real layout must fit the facts")
			for _, h := range f.Hidden {
				if f.Allowed[h] != f.Pool {
					withVoids++
					break
				}
			}
			s, err := NewSampler(&f, DecisionSeed(7, board, seat, v.Play.Len()))
			require.NoError(t, err)
			ws, err := s.Sample(40, 10)
			require.NoError(t, err)
			require.Len(t, ws, 40)
			for _, w := range ws {
				require.NoError(t, f.Consistent(w.Hands), "board %d seat %s world %v", board, seat.Name(), w.Hands)
			}
			positions++
		}
	}
	assert.Equal(t, 180, positions)
	assert.Greater(t, withVoids, 20, "the positions must include shown voids")
}

// TestSamplerVoidsForceCards builds a position where one defender has shown
// out of two suits, so the other must hold every remaining card of them.
func TestSamplerVoidsForceCards(t *testing.T) {
	t.Parallel()
	for board := 1; board <= 200; board++ {
		b := boardtest.OpenedBoard(t, "voids", board, 3, engine.NoTrump)
		rng := rand.New(rand.NewPCG(uint64(board), 9))
		boardtest.PlayRandom(t, b, rng, 24+rng.IntN(20))
		actor, _ := b.Actor()
		v := b.View(actor)
		f, err := FactsOf(&v, bidding.SoftFacts{})
		require.NoError(t, err)
		s, err := NewSampler(&f, DecisionSeed(1, board, actor, v.Play.Len()))
		require.NoError(t, err)
		ws, err := s.Sample(25, 5)
		require.NoError(t, err)
		for _, w := range ws {
			require.NoError(t, f.Consistent(w.Hands))
		}
	}
}

func TestSamplerDeterministic(t *testing.T) {
	t.Parallel()
	b := boardtest.OpenedBoard(t, "det", 5, 4, engine.StrainSpades)
	boardtest.PlayRandom(t, b, rand.New(rand.NewPCG(3, 3)), 9)
	actor, _ := b.Actor()
	v := b.View(actor)
	f, err := FactsOf(&v, bidding.SoftFacts{})
	require.NoError(t, err)
	draw := func(seed uint64) []World {
		s, err := NewSampler(&f, DecisionSeed(seed, 5, actor, v.Play.Len()))
		require.NoError(t, err)
		ws, err := s.Sample(16, 10)
		require.NoError(t, err)
		return ws
	}
	assert.Equal(t, draw(11), draw(11))
	assert.NotEqual(t, draw(11), draw(12))
	assert.NotEqual(t, DecisionSeed(1, 1, engine.North, 0), DecisionSeed(1, 1, engine.North, 1))
	assert.NotEqual(t, DecisionSeed(1, 1, engine.North, 0), DecisionSeed(1, 1, engine.East, 0))
	assert.NotEqual(t, DecisionSeed(1, 1, engine.North, 0), DecisionSeed(1, 2, engine.North, 0))
}

func TestEnumerateMatchesCountAndHoldsTruth(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(5, 6))
	for board := 1; board <= 40; board++ {
		b := boardtest.OpenedBoard(t, "enum", board, 2, engine.Strain(board%5))
		boardtest.PlayRandom(t, b, rng, 36+rng.IntN(12))
		actor, _ := b.Actor()
		v := b.View(actor)
		f, err := FactsOf(&v, bidding.SoftFacts{})
		require.NoError(t, err)
		s, err := NewSampler(&f, DecisionSeed(1, board, actor, v.Play.Len()))
		require.NoError(t, err)
		ws, ok := s.Enumerate(10_000)
		require.True(t, ok)
		seen := map[engine.Deal]bool{}
		for _, w := range ws {
			require.NoError(t, f.Consistent(w.Hands))
			require.False(t, seen[w.Hands], "duplicate layout")
			seen[w.Hands] = true
		}
		assert.True(t, seen[boardtest.Remaining(b)], "board %d: the real layout is among the enumerated", board)
		// With two hidden hands and no voids the count is a binomial.
		if len(f.Hidden) == 2 && f.Allowed[f.Hidden[0]] == f.Pool && f.Allowed[f.Hidden[1]] == f.Pool {
			assert.Equal(t, binom(f.Pool.Len(), f.Count[f.Hidden[0]]), len(ws))
		}
		if len(ws) > 1 {
			few, ok := s.Enumerate(len(ws) - 1)
			assert.False(t, ok)
			assert.Nil(t, few)
		}
	}
}

func binom(n, k int) int {
	r := 1
	for i := 1; i <= k; i++ {
		r = r * (n - k + i) / i
	}
	return r
}

func TestSoftConstraintsFilterAndRelax(t *testing.T) {
	t.Parallel()
	b := boardtest.OpenedBoard(t, "soft", 3, 1, engine.NoTrump)
	boardtest.PlayRandom(t, b, rand.New(rand.NewPCG(8, 8)), 1) // opening lead made, dummy visible
	decl, _ := b.Contract()
	v := b.View(decl.Declarer)
	lho := decl.Declarer.LHO()
	rho := decl.Declarer.RHO()
	total := 40 - v.Hand.HCP() - v.Dummy.HCP()
	tests := []struct {
		name     string
		rng      bidding.HandRange
		wantStep int
	}{
		{"feasible range", bidding.HandRange{MinHCP: 0, MaxHCP: total / 2, MaxLen: [4]int{13, 13, 13, 13}}, 0},
		{"impossible range", bidding.HandRange{MinHCP: 38, MaxHCP: 40, MaxLen: [4]int{13, 13, 13, 13}}, HardOnly},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var sf bidding.SoftFacts
			sf.Seats[lho], sf.Has[lho] = tc.rng, true
			f, err := FactsOf(&v, sf)
			require.NoError(t, err)
			f.Lead = nil // isolate the auction constraint
			s, err := NewSampler(&f, DecisionSeed(1, 3, decl.Declarer, 1))
			require.NoError(t, err)
			ws, err := s.Sample(30, 40)
			require.NoError(t, err)
			require.Len(t, ws, 30)
			for _, w := range ws {
				require.NoError(t, f.Consistent(w.Hands))
				if tc.wantStep == 0 {
					assert.Equal(t, 0, w.Step)
					assert.True(t, tc.rng.Admits(f.Original(&w.Hands, lho)), "LHO %v", f.Original(&w.Hands, lho))
				}
			}
			if tc.wantStep == HardOnly {
				assert.Equal(t, HardOnly, ws[len(ws)-1].Step)
			}
			_ = rho
		})
	}
}

func TestFactsRejectsOutsideThePlay(t *testing.T) {
	t.Parallel()
	b := engine.NewBoard(1, engine.NewDealSource("x").Deal(1))
	v := b.View(engine.North)
	_, err := FactsOf(&v, bidding.SoftFacts{})
	require.ErrorIs(t, err, ErrInconsistentView)
}

func TestLeadRule(t *testing.T) {
	t.Parallel()
	card := func(s string) engine.Card {
		c, err := engine.ParseCard(s)
		require.NoError(t, err)
		return c
	}
	hand := func(s string) engine.Hand {
		h, err := engine.ParseHand(s)
		require.NoError(t, err)
		return h
	}
	tests := []struct {
		lead  string
		trump engine.Strain
		hand  string
		want  bool
	}{
		{"SK", engine.NoTrump, "KQ52.AJ3.K54.Q32", true},
		{"SK", engine.NoTrump, "K852.AJ3.K54.Q32", false},
		{"S4", engine.StrainHearts, "AK42.J32.K54.Q32", false},
		{"S4", engine.StrainHearts, "K842.J32.K54.Q32", true},
		{"S4", engine.NoTrump, "K842.J32.K54.Q32", true},
		// The top of a doubleton or a singleton, as standardCard leads.
		{"S4", engine.NoTrump, "4.J932.K654.Q932", true},
		{"SK", engine.NoTrump, "K8.J9532.K654.Q9", true},
		{"SQ", engine.StrainHearts, "Q5.AQ532.KJ32.KJ", true},
		{"S8", engine.NoTrump, "83.J9532.K654.Q9", true},
		{"S3", engine.NoTrump, "83.J9532.K654.Q9", false}, // not the top of the doubleton
		{"SK", engine.NoTrump, "K82.J953.K654.Q9", false}, // three cards: the king is from AK or KQ
	}
	for _, tc := range tests {
		t.Run(fmt.Sprint(tc.lead, tc.hand), func(t *testing.T) {
			r := leadRule(card(tc.lead), tc.trump)
			require.NotNil(t, r)
			assert.Equal(t, tc.want, r(hand(tc.hand)))
		})
	}
}

func BenchmarkSampler(b *testing.B) {
	bd := boardtest.OpenedBoard(b, "bench", 7, 4, engine.StrainHearts)
	boardtest.PlayRandom(b, bd, rand.New(rand.NewPCG(1, 1)), 6)
	actor, _ := bd.Actor()
	v := bd.View(actor)
	var sf bidding.SoftFacts
	for _, s := range []engine.Seat{actor.LHO(), actor.RHO()} {
		sf.Seats[s], sf.Has[s] = bidding.HandRange{MinHCP: 6, MaxHCP: 14, MaxLen: [4]int{6, 6, 6, 6}}, true
	}
	f, err := FactsOf(&v, sf)
	require.NoError(b, err)
	b.Run("64 worlds soft", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			s, _ := NewSampler(&f, DecisionSeed(uint64(i), 7, actor, v.Play.Len()))
			if _, err := s.Sample(64, 50); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("one deal", func(b *testing.B) {
		b.ReportAllocs()
		s, _ := NewSampler(&f, DecisionSeed(1, 7, actor, v.Play.Len()))
		for b.Loop() {
			if _, err := s.deal(); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func TestAugmentMakesRoom(t *testing.T) {
	t.Parallel()
	c := func(s string) engine.Card {
		x, err := engine.ParseCard(s)
		require.NoError(t, err)
		return x
	}
	// East may hold anything but is full with SA; North may hold spades
	// only and has room; HK may go to East only.
	f := Facts{Hidden: []engine.Seat{engine.North, engine.East}}
	f.Allowed[engine.North] = engine.HandOf(c("SA"), c("S2"))
	f.Allowed[engine.East] = engine.HandOf(c("SA"), c("S2"), c("HK"))
	var w engine.Deal
	w[engine.East] = engine.HandOf(c("SA"))
	room := [4]int{1, 0, 0, 0}
	require.NoError(t, f.augment(&w, &room, c("HK")))
	assert.Equal(t, engine.HandOf(c("SA")), w[engine.North])
	assert.Equal(t, engine.HandOf(c("HK")), w[engine.East])
	assert.Equal(t, [4]int{0, 0, 0, 0}, room)
	// No chain: North may not hold the heart and nobody has room.
	require.ErrorIs(t, f.augment(&w, &room, c("H2")), ErrInconsistentView)
}

// TestLeadModelWorldsLeadTheSameCard checks the opening-lead model from
// outside: on boards led by the heuristic, every world the sampler accepts
// under the model gives the leader a hand from which the heuristic, asked
// afresh on a board dealt that way, leads the card that was led; the real
// hand is among those the model admits; and the model rejects some of the
// hands the hard facts allow (it tells the sampler something).
func TestLeadModelWorldsLeadTheSameCard(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		seed   string
		strain engine.Strain
	}{
		{"model-nt", engine.NoTrump}, {"model-suit", engine.StrainHearts}, {"model-spades", engine.StrainSpades},
	} {
		t.Run(tc.seed, func(t *testing.T) {
			for n := 1; n <= 4; n++ {
				b := boardtest.OpenedBoard(t, tc.seed, n, 2, tc.strain)
				c, _ := b.Contract()
				leader := c.Leader()
				lv := b.View(leader)
				lead, err := Heuristic(&lv)
				require.NoError(t, err)
				require.NoError(t, b.PlayCard(leader, lead))
				v := b.View(c.Declarer)
				f, err := FactsOf(&v, bidding.SoftFacts{})
				require.NoError(t, err)
				require.NotNil(t, f.LeadModel)
				require.True(t, f.LeadModel(b.Deal()[leader]), "the real hand %v leads %v", b.Deal()[leader], lead)
				s, err := NewSampler(&f, DecisionSeed(5, n, c.Declarer, 1))
				require.NoError(t, err)
				ws, err := s.Sample(20, 200)
				require.NoError(t, err)
				rejected := 0
				for range 200 {
					w, err := s.deal()
					require.NoError(t, err)
					if !f.LeadModel(f.Original(&w, leader)) {
						rejected++
					}
				}
				assert.Positive(t, rejected, "board %d: the model admits every layout", n)
				modelled := 0
				for _, w := range ws {
					if w.Step != 0 {
						continue
					}
					modelled++
					deal := b.Deal()
					for _, s := range f.Hidden {
						deal[s] = f.Original(&w.Hands, s)
					}
					fresh := engine.NewBoard(n, deal)
					for _, call := range b.Auction().Calls() {
						turn, _ := fresh.Turn()
						require.NoError(t, fresh.Call(turn, call))
					}
					fv := fresh.View(leader)
					again, err := Heuristic(&fv)
					require.NoError(t, err)
					assert.Equal(t, lead, again, "board %d: a world whose leader would lead %v", n, again)
				}
				assert.Positive(t, modelled, "board %d: no world fits the model", n)
			}
		})
	}
}

// TestSampleGivesUpOnModelsThatFitNothing checks that a call model no
// world fits (an opponent bidding by another system) costs a bounded
// number of checks, modelProbe a wanted world, before the sampler moves on
// to the ranges, and walkProbe walks before it stops walking; and that a
// model that fits is used for every world.
func TestSampleGivesUpOnModelsThatFitNothing(t *testing.T) {
	t.Parallel()
	b := boardtest.OpenedBoard(t, "probe", 2, 3, engine.NoTrump)
	boardtest.PlayRandom(t, b, rand.New(rand.NewPCG(3, 3)), 1)
	decl, _ := b.Contract()
	v := b.View(decl.Declarer)
	for _, tc := range []struct {
		name     string
		fits     bool
		maxCalls int
		step     int
	}{
		// The first hidden seat asked rejects a drawn world; a walk asks
		// both hidden seats once, then both at every swap.
		{"fits nothing", false, modelProbe*10 + walkProbe*(2+2*walkClimb), 1},
		{"fits everything", true, 10 * 2, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			calls := 0
			sf := bidding.SoftFacts{Calls: func(engine.Seat, engine.Hand) bool { calls++; return tc.fits }}
			f, err := FactsOf(&v, sf)
			require.NoError(t, err)
			f.LeadModel = nil
			s, err := NewSampler(&f, DecisionSeed(2, 2, decl.Declarer, 1))
			require.NoError(t, err)
			ws, err := s.Sample(10, 50)
			require.NoError(t, err)
			require.Len(t, ws, 10)
			assert.LessOrEqual(t, calls, tc.maxCalls)
			assert.Less(t, calls, 50*10+10*(2+2*walkClimb), "the model was asked for the whole attempts budget and every walk")
			for _, w := range ws {
				assert.Equal(t, tc.step, w.Step)
			}
		})
	}
}

// TestLeadRuleAdmitsTheHeuristicsLeads checks the lead rule against the
// leads it stands for: on seeded boards, whatever the heuristic leads, the
// rule of that lead admits the leader's hand (the relaxation's lead step
// must not reject the real hand of a leader that leads by our own rules).
func TestLeadRuleAdmitsTheHeuristicsLeads(t *testing.T) {
	t.Parallel()
	for _, strain := range []engine.Strain{engine.NoTrump, engine.StrainSpades, engine.StrainDiamonds} {
		for n := 1; n <= 300; n++ {
			b := boardtest.OpenedBoard(t, "lead-rule", n, 3, strain)
			c, _ := b.Contract()
			v := b.View(c.Leader())
			lead, err := Heuristic(&v)
			require.NoError(t, err)
			if r := leadRule(lead, strain); r != nil {
				assert.True(t, r(b.Deal()[c.Leader()]), "board %d, %s: %v from %v", n, strain, lead, b.Deal()[c.Leader()])
			}
		}
	}
}

// playHeuristic plays the board by the heuristic until n cards are played.
func playHeuristic(t testing.TB, bd *engine.Board, n int) {
	t.Helper()
	for bd.Play().Len() < n {
		actor, _ := bd.Actor()
		turn, _ := bd.Turn()
		v := bd.View(actor)
		c, err := Heuristic(&v)
		require.NoError(t, err)
		require.NoError(t, bd.PlayCard(turn, c))
	}
}

// BenchmarkSampleWithModels measures the sampler as the bot uses it: on
// seeded boards bid by the system, a defender's view at trick 3 (the
// heuristic played the first eight cards), 64 worlds drawn with the
// system's soft facts and auction model, at the attempts a wanted world
// of expert (50) and more. It reports the time per Sample and the share
// of the worlds that fit every model (World.Step 0).
func BenchmarkSampleWithModels(b *testing.B) {
	sys := bidding.NewSystem()
	var fs []Facts
	for n := 1; len(fs) < 40; n++ {
		bd := boardtest.BidAuction(b, sys, n, engine.NewDealSource("sample-models").Deal(n))
		if c, _ := bd.Contract(); c.PassedOut() {
			continue
		}
		playHeuristic(b, bd, 8)
		turn, _ := bd.Turn()
		c, _ := bd.Contract()
		if turn.Side() == c.Declarer.Side() {
			continue
		}
		v := bd.View(turn)
		soft := sys.Soft(&v)
		soft.LeadSuits = true
		f, err := FactsOf(&v, soft)
		require.NoError(b, err)
		fs = append(fs, f)
	}
	for _, attempts := range []int{50, 200, 800} {
		b.Run(fmt.Sprintf("attempts-%d", attempts), func(b *testing.B) { sampleShare(b, fs, 64, attempts, nil) })
	}
}
