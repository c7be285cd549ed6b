package engine

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func card(t testing.TB, s string) Card {
	t.Helper()
	c, err := ParseCard(s)
	require.NoError(t, err)
	return c
}

func TestTrickWinner(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		trick  [4]string
		leader Seat
		trump  Strain
		want   Seat
	}{
		{"highest of the led suit in NT", [4]string{"S5", "SK", "SA", "S2"}, North, NoTrump, South},
		{"off-suit ace does not win", [4]string{"S5", "HA", "S7", "DA"}, West, NoTrump, East},
		{"a ruff wins", [4]string{"S5", "SA", "H2", "S3"}, East, StrainHearts, West},
		{"higher ruff wins", [4]string{"S5", "H3", "HQ", "S3"}, North, StrainHearts, South},
		{"trump lead", [4]string{"H5", "HK", "SA", "H2"}, South, StrainHearts, West},
		{"discard of a trump-less side", [4]string{"D2", "C9", "CA", "D3"}, East, StrainSpades, North},
		{"leader keeps it", [4]string{"CA", "C2", "C3", "C4"}, West, StrainDiamonds, West},
	}
	for _, tt := range tests {
		var trick [4]Card
		for i, s := range tt.trick {
			trick[i] = card(t, s)
		}
		assert.Equal(t, tt.want, TrickWinner(trick, tt.leader, tt.trump), tt.name)
	}
}

func TestWinningPartOfATrick(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		cards []string
		trump Strain
		want  int
	}{
		{"the lead alone", []string{"S5"}, NoTrump, 0},
		{"a higher card of the suit", []string{"S5", "SK"}, NoTrump, 1},
		{"a discard does not win", []string{"S5", "SK", "HA"}, NoTrump, 1},
		{"a ruff wins", []string{"S5", "SK", "H2"}, StrainHearts, 2},
		{"a card of the suit under a ruff", []string{"S5", "H2", "SA"}, StrainHearts, 1},
	}
	for _, tt := range tests {
		var cards []Card
		for _, s := range tt.cards {
			cards = append(cards, card(t, s))
		}
		assert.Equal(t, tt.want, Winning(cards, tt.trump), tt.name)
	}
}

// boardAfter deals the spec deal on board 1 and runs the auction.
func boardAfter(t testing.TB, calls ...Call) *Board {
	t.Helper()
	d, err := ParseDeal(specDeal)
	require.NoError(t, err)
	b := NewBoard(1, d)
	for _, c := range calls {
		s, _ := b.Turn()
		require.NoError(t, b.Call(s, c))
	}
	return b
}

func TestFollowSuitAndTurns(t *testing.T) {
	t.Parallel()
	// N:Q762.J84.K653.K8 E:A5.96.QT98742.A4 S:98.AKT73.A.T7632 W:KJT43.Q52.J.QJ95
	b := boardAfter(t, Bid(1, StrainHearts), Pass, Bid(4, StrainHearts), Pass, Pass, Pass)
	c, ok := b.Contract()
	require.True(t, ok)
	assert.Equal(t, Contract{4, StrainHearts, Undoubled, North}, c)
	assert.Equal(t, PhasePlay, b.Phase())

	turn, _ := b.Turn()
	assert.Equal(t, East, turn, "declarer's LHO leads")
	assert.False(t, b.DummyExposed())
	assert.ErrorIs(t, b.PlayCard(South, card(t, "HA")), ErrNotYourTurn)
	assert.ErrorIs(t, b.PlayCard(East, card(t, "SK")), ErrNotHeld)
	require.NoError(t, b.PlayCard(East, card(t, "SA")))
	assert.True(t, b.DummyExposed())

	// South (dummy) is on turn; declarer North decides.
	turn, _ = b.Turn()
	actor, _ := b.Actor()
	assert.Equal(t, South, turn)
	assert.Equal(t, North, actor)
	assert.Equal(t, HandOf(card(t, "S9"), card(t, "S8")), b.LegalCards())
	assert.ErrorIs(t, b.PlayCard(South, card(t, "HA")), ErrMustFollow)
	require.NoError(t, b.PlayCard(South, card(t, "S8")))
	require.NoError(t, b.PlayCard(West, card(t, "S3")))
	require.NoError(t, b.PlayCard(North, card(t, "S2")))
	assert.Equal(t, East, b.Play().Winner(0))
	assert.Equal(t, 1, b.Play().Tricks(EW))
	turn, _ = b.Turn()
	assert.Equal(t, East, turn, "the winner leads")

	// East is void of nothing yet; lead a diamond, South has only the ace.
	require.NoError(t, b.PlayCard(East, card(t, "D2")))
	assert.Equal(t, HandOf(card(t, "DA")), b.LegalCards())
	require.NoError(t, b.PlayCard(South, card(t, "DA")))
	// West holds only DJ in diamonds.
	assert.ErrorIs(t, b.PlayCard(West, card(t, "SK")), ErrMustFollow)
	require.NoError(t, b.PlayCard(West, card(t, "DJ")))
	require.NoError(t, b.PlayCard(North, card(t, "D3")))
	assert.Equal(t, South, b.Play().Winner(1))
	turn, _ = b.Turn()
	actor, _ = b.Actor()
	assert.Equal(t, South, turn, "dummy won, dummy leads")
	assert.Equal(t, North, actor, "declarer picks dummy's lead")
	// Now South (dummy) is void in diamonds; on a diamond lead it may discard.
	require.NoError(t, b.PlayCard(South, card(t, "C2")))
	assert.Equal(t, HandOf(card(t, "C9"), card(t, "C5"), card(t, "CQ"), card(t, "CJ")), b.LegalCards())

	assert.ErrorIs(t, b.Call(North, Pass), ErrWrongPhase)
}

func TestPassedOutBoard(t *testing.T) {
	t.Parallel()
	b := boardAfter(t, Pass, Pass, Pass, Pass)
	assert.Equal(t, PhaseDone, b.Phase())
	score, ok := b.ScoreNS()
	require.True(t, ok)
	assert.Zero(t, score)
	_, ok = b.Turn()
	assert.False(t, ok)
	assert.ErrorIs(t, b.PlayCard(East, card(t, "SA")), ErrWrongPhase)
	v := b.View(East)
	assert.False(t, v.DummyVisible)
	assert.Equal(t, PhaseDone, v.Phase())
}

// playRandom plays a board to its end with random legal calls (mostly
// passes) and cards, checking invariants on the way.
func playRandom(t testing.TB, rng *rand.Rand, b *Board) {
	var calls []Call
	for b.Phase() == PhaseAuction {
		calls = b.Auction().LegalCalls(calls[:0])
		c := Pass
		if rng.IntN(4) == 0 {
			c = calls[rng.IntN(len(calls))]
		}
		s, _ := b.Turn()
		require.NoError(t, b.Call(s, c))
	}
	for b.Phase() == PhasePlay {
		legal := b.LegalCards()
		require.NotZero(t, legal)
		s, _ := b.Turn()
		// Every legal card is held; every held card that is not legal is refused.
		require.Equal(t, legal, legal&b.Remaining(s))
		for _, c := range (b.Remaining(s) &^ legal).Cards(nil) {
			require.ErrorIs(t, b.PlayCard(s, c), ErrMustFollow)
		}
		c := legal.Nth(rng.IntN(legal.Len()))
		require.NoError(t, b.PlayCard(s, c))
	}
}

func TestRandomPlayOuts(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(3, 4))
	src := NewDealSource("random play-outs")
	played := 0
	for n := 1; n <= 2000; n++ {
		b := NewBoard(n, src.Deal(n))
		playRandom(t, rng, b)
		require.Equal(t, PhaseDone, b.Phase())
		c, _ := b.Contract()
		score, ok := b.ScoreNS()
		require.True(t, ok)
		if c.PassedOut() {
			assert.Zero(t, score)
			continue
		}
		played++
		p := b.Play()
		require.Equal(t, 52, p.Len())
		require.Equal(t, 13, p.Tricks(NS)+p.Tricks(EW))
		require.Equal(t, FullDeck, p.Played())
		// Each trick: four seats in order from its leader, won by the trick's winner.
		var won [2]int
		for i := 0; i < 13; i++ {
			cards, leader := p.Trick(i)
			require.Len(t, cards, 4)
			var trick [4]Card
			for j, c := range cards {
				owner, _ := b.Deal().Owner(c)
				require.Equal(t, (leader+Seat(j))&3, owner, "trick %d card %d", i, j)
				require.Equal(t, owner, p.SeatOf(4*i+j), "SeatOf(%d)", 4*i+j)
				trick[j] = c
			}
			w := TrickWinner(trick, leader, c.Strain)
			require.Equal(t, w, p.Winner(i))
			won[w.Side()]++
		}
		require.Equal(t, won[c.Declarer.Side()], b.DeclarerTricks())
		require.Equal(t, ScoreNS(c, b.Vulnerability(), b.DeclarerTricks()), score)
		for s := North; s < NumSeats; s++ {
			require.Zero(t, b.Remaining(s))
		}
	}
	assert.Greater(t, played, 1000)
}

func TestContractOver(t *testing.T) {
	t.Parallel()
	tests := []struct {
		contract string
		tricks   int
		want     int
	}{
		{"4S", 10, 0},
		{"4S", 12, 2},
		{"4SX", 7, -3},
		{"7NTXX", 13, 0},
		{"1C", 0, -7},
		{"Pass", 0, 0},
	}
	for _, tt := range tests {
		c, err := ParseContract(tt.contract)
		require.NoError(t, err, tt.contract)
		assert.Equal(t, tt.want, c.Over(tt.tricks), "%s with %d tricks", tt.contract, tt.tricks)
	}
}
