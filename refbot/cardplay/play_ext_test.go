package cardplay_test

import (
	"context"
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

// TestSearchWinsWithTheAceOverTheKing is the board where the queen was
// played as the ace's equal after the king had been played to the trick,
// losing four tricks against double dummy.
func TestSearchWinsWithTheAceOverTheKing(t *testing.T) {
	t.Parallel()
	b := heartBoard(t, "HJ", "H2", "HK")
	v := b.View(engine.North)
	p := refbot.Expert.Params()
	p.Worlds, p.ClockCap = 8, time.Hour
	c, _, err := cardplay.SearchCard(context.Background(), &v, bidding.NewSystem().Soft(&v), p, cardplay.NewDDSSolver(), cardplay.DecisionSeed(1, 55, engine.North, 3))
	require.NoError(t, err)
	assert.Equal(t, "HA", c.String())
}

// scriptedSolver answers each world's CardValues from a script: world i
// gives card c the tricks script[i][c] (0 for cards not in it).
type scriptedSolver struct {
	script []map[engine.Card]int
	calls  int
}

func (s *scriptedSolver) CardValues(p *cardplay.Position, dst []dds.CardValue) ([]dds.CardValue, error) {
	w := s.script[s.calls%len(s.script)]
	s.calls++
	legal := p.Hands[p.Turn()]
	if p.NTrick > 0 {
		if f := legal.SuitCards(p.Trick[0].Suit()); f != 0 {
			legal = f
		}
	}
	for x := legal; x != 0; x &= x - 1 {
		c, _ := x.Lowest()
		dst = append(dst, dds.CardValue{Card: c, Tricks: w[c]})
	}
	return dst, nil
}

func (s *scriptedSolver) Nodes() uint64 { return uint64(s.calls) }

// TestSearchPlaysForTheContractFirst checks the decision rule on scripted
// values: the card that makes in more worlds wins over one that takes
// more tricks in total, and SearchStats.ForContract says when that gave
// tricks up.
func TestSearchPlaysForTheContractFirst(t *testing.T) {
	t.Parallel()
	b := boardtest.OpenedBoard(t, "for-contract", 6, 3, engine.NoTrump)
	boardtest.PlayRandom(t, b, rand.New(rand.NewPCG(6, 6)), 4)
	actor, _ := b.Actor()
	v := b.View(actor)
	legal, _ := v.LegalCards()
	require.GreaterOrEqual(t, legal.Len(), 2)
	c := v.Contract
	side := v.Play.Turn().Side()
	need := c.Level + 6
	if side != c.Declarer.Side() {
		need = 14 - need
	}
	r := need - v.Play.Tricks(side) // tricks still wanted, the current trick included
	x, y := legal.Nth(0), legal.Nth(legal.Len()-1)
	tests := []struct {
		name        string
		script      []map[engine.Card]int
		want        engine.Card
		forContract bool
	}{
		{"makes more often beats more tricks", []map[engine.Card]int{{x: r, y: r + 2}, {x: r, y: r - 1}, {x: r, y: r + 2}}, x, true},
		{"more tricks when both make as often", []map[engine.Card]int{{x: r, y: r + 1}, {x: r - 1, y: r - 1}, {x: r, y: r}}, y, false},
		{"makes more often and more tricks", []map[engine.Card]int{{x: r + 1, y: r}, {x: r, y: r - 1}, {x: r, y: r}}, x, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := testParams()
			p.Worlds, p.ExactTricks, p.TargetCards, p.Nodes, p.ClockCap, p.IMPs = 3, 0, 0, 0, time.Hour, false
			got, st, err := cardplay.SearchCard(context.Background(), &v, bidding.SoftFacts{}, p, &scriptedSolver{script: tc.script}, cardplay.DecisionSeed(6, 6, actor, 4))
			require.NoError(t, err)
			require.Equal(t, 3, st.Worlds)
			assert.Equal(t, tc.want, got)
			assert.Equal(t, tc.forContract, st.ForContract)
		})
	}
}

// TestSearchWeighsTheContractInIMPs checks Params.IMPs on scripted
// values, for whichever side is to move and both vulnerabilities: in a
// part score, one more trick in six worlds (an overtrick, or one more
// undertrick) is worth more IMPs than making (or defeating) the contract
// in one more world, which the make-first rule prefers; in a game, the
// contract in one more world outweighs one more trick in three.
func TestSearchWeighsTheContractInIMPs(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		level  int
		worlds int  // x reaches the contract in the first world only where y does not; y takes one trick more in the others
		wantY  bool // by IMPs y, else x (the make-first rule always plays x)
	}{
		{"part score: tricks in six worlds", 1, 7, true},
		{"game: the contract in one world", 3, 4, false},
	} {
		checked := 0
		for board := 1; board <= 4; board++ { // the four vulnerabilities
			b := boardtest.OpenedBoard(t, "imps", board, tc.level, engine.NoTrump)
			boardtest.PlayRandom(t, b, rand.New(rand.NewPCG(uint64(board), 7)), 4)
			actor, _ := b.Actor()
			v := b.View(actor)
			legal, _ := v.LegalCards()
			if legal.Len() < 2 {
				continue
			}
			side := v.Play.Turn().Side()
			need := tc.level + 6
			if side != v.Contract.Declarer.Side() {
				need = 14 - need
			}
			r := need - v.Play.Tricks(side)
			x, y := legal.Nth(0), legal.Nth(legal.Len()-1)
			checked++
			script := []map[engine.Card]int{{x: r, y: r - 1}}
			for range tc.worlds - 1 {
				script = append(script, map[engine.Card]int{x: r, y: r + 1})
			}
			for _, imps := range []bool{true, false} {
				p := testParams()
				p.Worlds, p.ExactTricks, p.TargetCards, p.Nodes, p.ClockCap, p.IMPs = tc.worlds, 0, 0, 0, time.Hour, imps
				got, st, err := cardplay.SearchCard(context.Background(), &v, bidding.SoftFacts{}, p, &scriptedSolver{script: script}, cardplay.DecisionSeed(7, board, actor, 4))
				require.NoError(t, err)
				require.Equal(t, tc.worlds, st.Worlds)
				want := x
				if imps && tc.wantY {
					want = y
				}
				assert.Equal(t, want, got, "%s, board %d (%s vulnerable: %v), IMPs %v", tc.name, board, side, v.Vul.Vulnerable(v.Contract.Declarer.Side()), imps)
			}
		}
		assert.GreaterOrEqual(t, checked, 3, "%s: too few boards with a choice", tc.name)
	}
}
